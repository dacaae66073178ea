/**
 * The catalogue's MCP endpoint as Request → Response: the HTTP rules (http.ts) around a fresh
 * SDK server per request (server.ts) whose tools (tools.ts) read what the adapter loads.
 */
import type { AnswerConstants } from '../catalog-answer.ts';
import type { ErrorLinks } from '../errors.ts';
import { answerMcpHttp } from './http.ts';
import { catalogueServer, handleMcpRequest } from './server.ts';
import type { Tool, ToolResources } from './tools.ts';

export { MCP_PATH, TOOL_NAMES } from './names.ts';
export { catalogueTools } from './tools.ts';
export type { Tool, ToolResources } from './tools.ts';

export interface McpContext {
  constants: AnswerConstants;
  /** The tools, made once per instance (their schemas are derived from schema/ then). Asked for
   * before the SDK runs, so a failure to make them is the function's JSON 500, not a JSON-RPC error
   * carrying its cause. */
  tools: () => readonly Tool[];
  resources: ToolResources;
}

export function answerMcp(request: Request, { constants, tools, resources }: McpContext): Promise<Response> {
  const stamp = { buildVersion: constants.buildVersion, baseUrl: constants.baseUrl };
  const links: ErrorLinks = { baseUrl: constants.baseUrl, documentationUrl: constants.documentationUrl };
  return answerMcpHttp(request, { stamp, links }, (post) =>
    handleMcpRequest(post, catalogueServer({ version: constants.buildVersion, baseUrl: constants.baseUrl }, tools(), resources, links)),
  );
}
