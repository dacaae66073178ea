/**
 * The MCP server of the catalogue, made with the official SDK (v2). Its tools go on the low-level
 * `Server` under the `McpServer`: each takes its JSON Schema as it is (`registerTool` wants zod or
 * Standard Schema and answers bad arguments with its own text), so the schemas clients see are the
 * ones derived from schema/, and the tool's own checker answers bad arguments with the API's hints.
 * The `McpServer` serves the resources: the Markdown twins by template (resources.ts) and the
 * shop's own skill through the Skills extension (skills.ts).
 *
 * Stateless: one server per HTTP request (mcpRequestHandler), nothing kept between requests,
 * so any instance answers any request. It speaks the SDK's newest revision (2026-07-28, found with
 * `server/discover`) and serves older clients their 2025-era `initialize` handshake, negotiated
 * down to the revision they ask for.
 */
import { createMcpHandler, isLegacyRequest, McpServer, WebStandardStreamableHTTPServerTransport, ProtocolError, ProtocolErrorCode, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import type { CallToolResult, Tool as ToolDescription } from '@modelcontextprotocol/server';
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { echo, serverErrorBody } from '../errors.ts';
import type { ErrorLinks } from '../errors.ts';
import { jsonBytes } from '../json.ts';
import { nearest } from '../nearest.ts';
import type { Tool, ToolAnswer, ToolResources } from './tools.ts';
import { PRICES_IN_CENTS_NOTE } from '../pricing.ts';
import { BadCursorError, listPage, MARKDOWN_MIME_TYPE, readTwin, twinTemplates } from './resources.ts';
import type { ListedResource } from './resources.ts';

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
  'Every skill, bundle and cluster page is also a resource (its Markdown twin, by its https address: resources/templates/list), and the ' +
  'catalogue\'s own Agent Skill, which says how to use it, is served through the skills extension (skills/list). ' +
  `${PRICES_IN_CENTS_NOTE} Errors carry hints: the nearest slug's URL when a slug is unknown.`;

/** The SDK's server validates elicitation answers, which this server never asks for: one validator per instance is enough. */
let validator: AjvJsonSchemaValidator | undefined;

export interface CatalogueServerParts {
  identity: ServerIdentity;
  tools: readonly Tool[];
  resources: ToolResources;
  links: ErrorLinks;
  skills: SkillsExtension;
}

export function catalogueServer({ identity, tools, resources, links, skills }: CatalogueServerParts): McpServer {
  validator ??= new AjvJsonSchemaValidator();
  const host = new URL(identity.baseUrl).host;
  const mcp = new McpServer(
    { name: host, title: `${host} catalogue`, version: identity.version },
    { capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator },
  );
  const { server } = mcp;
  const byName = new Map<string, Tool>(tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler('tools/list', () => ({ tools: tools.map(describeTool) }));
  server.setRequestHandler('tools/call', async ({ params }) => {
    const tool = byName.get(params.name);
    if (!tool) {
      // An unknown tool is a protocol error (MCP 2025-11-25, server/tools, "Error Handling");
      // bad arguments to a known one are tool errors the model can correct.
      const names = [...byName.keys()];
      const near = nearest(params.name, names);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${echo(params.name)}; the tools are ${names.join(', ')}${near ? ` (did you mean "${near}"?)` : ''}.`);
    }
    return toolResult(await runSafely(tool, params.arguments, resources, links));
  });

  skills.attach(mcp);
  for (const { name, uriTemplate, ...metadata } of twinTemplates(identity.baseUrl)) {
    mcp.registerResource(name, new ResourceTemplate(uriTemplate, { list: undefined }), metadata, async (uri) => {
      const twin = await readTwin(resources, uri.href);
      if (!twin.ok) throw new ResourceNotFoundError(uri.href, twin.message);
      return { contents: [{ uri: uri.href, mimeType: twin.mimeType, text: twin.text }] };
    });
  }
  // The McpServer lists every resource at once; this lists the shop's skill files and then the
  // twins, a page at a time.
  server.removeRequestHandler('resources/list');
  server.setRequestHandler('resources/list', async ({ params }) => {
    try {
      return await listPage(resources, await skillFiles(resources), params?.cursor);
    } catch (error) {
      if (error instanceof BadCursorError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
      throw error;
    }
  });
  return mcp;
}

/** The published skills' files, as resources. */
async function skillFiles(resources: ToolResources): Promise<ListedResource[]> {
  return (await resources.agentSkills()).map(({ entry }) => ({ uri: entry.url, name: entry.name, title: entry.name, mimeType: MARKDOWN_MIME_TYPE }));
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

/** What answers `/mcp` for one instance: the SDK's handler for the 2026-07-28 era, and the
 * 2025-era transport for clients that start with `initialize`. */
export type McpRequestHandler = (request: Request) => Promise<Response>;

/**
 * The SDK's own composition for serving both eras (`isLegacyRequest` in front of a modern-only
 * handler): each request gets a fresh server. The 2025-era leg answers JSON, not an SSE stream,
 * and keeps no session (the SDK's built-in stateless leg would answer SSE).
 */
export function mcpRequestHandler(parts: CatalogueServerParts): McpRequestHandler {
  const modern = createMcpHandler(() => catalogueServer(parts), {
    legacy: 'reject',
    responseMode: 'json',
    maxRequestBodySize: MAX_REQUEST_BYTES,
    onerror: (error) => console.error('mcp: request refused or failed', error),
  });
  // The body is read from a clone: the request stays whole for the leg that answers it.
  const legacy = (request: Request) => isLegacyRequest(request, undefined, { maxRequestBodySize: MAX_REQUEST_BYTES });
  return async (request) => ((await legacy(request)) ? answerLegacy(request, catalogueServer(parts)) : modern.fetch(request));
}

/** One 2025-era request answered by a fresh server and transport: JSON answers, no session, no SSE stream. */
async function answerLegacy(request: Request, mcp: McpServer): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_REQUEST_BYTES,
  });
  await mcp.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await mcp.close();
  }
}
