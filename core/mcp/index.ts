/**
 * The catalogue's MCP endpoint as Request → Response: the HTTP rules (http.ts) around a fresh
 * SDK server per request (server.ts) whose tools (tools.ts) read what the adapter loads.
 */
import type { AnswerConstants } from '../catalog-answer.ts';
import type { ErrorLinks } from '../errors.ts';
import { answerMcpHttp } from './http.ts';
import { mcpRequestHandler } from './server.ts';
import type { McpRequestHandler } from './server.ts';
import { skillsExtension } from './skills.ts';
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

/** One handler per set of resources (an instance's): its Skills extension keeps the skills' entries once made. */
const handlers = new WeakMap<ToolResources, McpRequestHandler>();

export function answerMcp(request: Request, { constants, tools, resources }: McpContext): Promise<Response> {
  const stamp = { buildVersion: constants.buildVersion, baseUrl: constants.baseUrl };
  const links: ErrorLinks = { baseUrl: constants.baseUrl, documentationUrl: constants.documentationUrl };
  return answerMcpHttp(request, { stamp, links }, (post) => {
    let handler = handlers.get(resources);
    if (!handler) {
      const skills = skillsExtension(resources.agentSkills, constants.baseUrl);
      const identity = { version: constants.buildVersion, baseUrl: constants.baseUrl };
      handlers.set(resources, (handler = mcpRequestHandler({ identity, tools: tools(), resources, links, skills })));
    }
    return handler(post);
  });
}
