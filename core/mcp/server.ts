/**
 * The MCP server of the catalogue, made with the official SDK's low-level `Server`: it takes each
 * tool's JSON Schema as it is (the high-level `McpServer` wants zod schemas and answers bad
 * arguments with its own text), so the schemas clients see are the ones derived from schema/, and
 * the tool's own checker answers bad arguments with the API's hints.
 *
 * Stateless: one server and one transport per HTTP request (the SDK refuses to reuse a stateless
 * transport), nothing kept between requests, so any instance answers any request.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool as ToolDescription } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { echo, serverErrorBody } from '../errors.ts';
import type { ErrorLinks } from '../errors.ts';
import { jsonBytes } from '../json.ts';
import { nearest } from '../nearest.ts';
import type { Tool, ToolAnswer, ToolResources } from './tools.ts';
import { PRICES_IN_CENTS_NOTE } from '../pricing.ts';

export interface ServerIdentity {
  /** Package version plus short commit: the build that answers. */
  version: string;
  /** Canonical origin: names the server. */
  baseUrl: string;
}

/** The largest request body read: a tool call is a few hundred bytes; a batch of them stays far below. */
export const MAX_REQUEST_BYTES = 64 * 1024;

const INSTRUCTIONS =
  'A read-only catalogue of skills for coding agents, sold singly or in bundles. search_skills finds skills by words, job cluster or kind; ' +
  'get_skill and get_bundle give one in full (its JSON twin and its Markdown page); list_clusters names the job clusters. ' +
  `${PRICES_IN_CENTS_NOTE} Errors carry hints: the nearest slug's URL when a slug is unknown.`;

/** The SDK's server validates elicitation answers, which this server never asks for: one validator per instance is enough. */
let validator: AjvJsonSchemaValidator | undefined;

export function catalogueServer(identity: ServerIdentity, tools: readonly Tool[], resources: ToolResources, links: ErrorLinks): Server {
  validator ??= new AjvJsonSchemaValidator();
  const server = new Server(
    { name: new URL(identity.baseUrl).host, title: `${new URL(identity.baseUrl).host} catalogue`, version: identity.version },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator },
  );
  const byName = new Map<string, Tool>(tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(describeTool) }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = byName.get(params.name);
    if (!tool) {
      // An unknown tool is a protocol error (MCP 2025-11-25, server/tools, "Error Handling");
      // bad arguments to a known one are tool errors the model can correct.
      const names = [...byName.keys()];
      const near = nearest(params.name, names);
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${echo(params.name)}; the tools are ${names.join(', ')}${near ? ` (did you mean "${near}"?)` : ''}.`);
    }
    return toolResult(await runSafely(tool, params.arguments, resources, links));
  });
  return server;
}

function describeTool(tool: Tool): ToolDescription {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.input as ToolDescription['inputSchema'],
    outputSchema: tool.output as ToolDescription['outputSchema'],
    // Every tool reads the published catalogue and nothing else.
    annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
}

/** A failure to read what the build published is the API's 500 as a tool error; its cause goes to the log only. */
async function runSafely(tool: Tool, args: Record<string, unknown> | undefined, resources: ToolResources, links: ErrorLinks): Promise<ToolAnswer> {
  try {
    return await tool.run(args, resources);
  } catch (error) {
    console.error(`mcp ${tool.name}: unexpected failure`, error);
    return { ok: false, error: serverErrorBody(links) };
  }
}

function toolResult(answer: ToolAnswer): CallToolResult {
  if (!answer.ok) return { isError: true, content: [{ type: 'text', text: jsonBytes(answer.error) }] };
  return { structuredContent: answer.structured, content: answer.texts.map((text) => ({ type: 'text' as const, text })) };
}

/** One request answered by a fresh server and transport: JSON answers, no session, no SSE stream. */
export async function handleMcpRequest(request: Request, server: Server): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_REQUEST_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
