/**
 * `/mcp` over HTTP, Request → Response: POST carries JSON-RPC to the MCP server; OPTIONS is the
 * CORS preflight a browser client sends first; every other method is a 405 with `allow`. A
 * stateless server offers no SSE stream, so GET is 405 as the Streamable HTTP transport asks
 * ("the server MUST either return Content-Type: text/event-stream … or else return HTTP 405"),
 * and there is no session to DELETE (the transport's "MAY respond … with HTTP 405")
 * (modelcontextprotocol.io/specification/2025-11-25/basic/transports, "Listening for Messages
 * from the Server" and "Session Management").
 *
 * Every answer carries the header module's set, `no-store` (an MCP answer is never cached) and CORS
 * that names what MCP clients send and read. What the transport refuses (a body that is not
 * JSON-RPC, a wrong Accept or Content-Type, a body too large) becomes the API's error body with the
 * transport's status and words: the MCP client gives the status to its caller, and anything else
 * reading `/mcp` gets JSON it knows.
 */
import { apiHeaders, CACHE_NO_STORE, EXPOSED_HEADERS, JSON_CONTENT_TYPE, majorOfPath, preflightHeaders } from '../headers.ts';
import type { BuildStamp, HeaderSet } from '../headers.ts';
import { securityHeaders } from '../page-headers.ts';
import { echo, errorBody } from '../errors.ts';
import type { ErrorLinks } from '../errors.ts';
import { strongEtag } from '../etag.ts';
import { jsonBytes } from '../json.ts';
import { MCP_PATH } from './names.ts';

/** What `/mcp` answers: JSON-RPC by POST, and the preflight. */
export const MCP_ALLOWED_METHODS = 'POST, OPTIONS';

/** Request headers a browser client sends with its POST (Streamable HTTP: Accept, the protocol
 * version after initialisation, a session id where a server issues one). */
export const MCP_REQUEST_HEADERS = ['content-type', 'accept', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id', 'user-agent'] as const;

/** Response headers a browser client must be able to read. */
export const MCP_EXPOSED_HEADERS = ['mcp-session-id', 'mcp-protocol-version'] as const;

export interface McpHttpContext {
  stamp: BuildStamp;
  links: ErrorLinks;
}

export async function answerMcpHttp(request: Request, context: McpHttpContext, handle: (request: Request) => Promise<Response>): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...mcpHeaders(request, context.stamp), ...mcpPreflightHeaders() } });
  if (request.method !== 'POST') return refuseMethod(request, context);
  return finish(request, await handle(request), context);
}

/** The header module's set for an MCP answer: the common one, the security policy, and MCP's CORS. */
export function mcpHeaders(request: Request, stamp: BuildStamp): HeaderSet {
  return {
    ...apiHeaders(stamp, { major: majorOfPath(new URL(request.url).pathname), cacheControl: CACHE_NO_STORE }),
    ...securityHeaders(),
    'access-control-expose-headers': [...EXPOSED_HEADERS, ...MCP_EXPOSED_HEADERS].join(', '),
  };
}

/** The preflight's grant: the common one, with MCP's method and request headers. */
export function mcpPreflightHeaders(): HeaderSet {
  return { ...preflightHeaders(), 'access-control-allow-methods': MCP_ALLOWED_METHODS, 'access-control-allow-headers': MCP_REQUEST_HEADERS.join(', ') };
}

function refuseMethod(request: Request, context: McpHttpContext): Response {
  const message = `Method ${echo(request.method)} is not allowed on ${MCP_PATH}; send MCP's JSON-RPC messages with POST (Streamable HTTP, stateless: no event stream to GET, no session to DELETE), or OPTIONS for a CORS preflight.`;
  return json(request, errorBody('bad_request', message, mcpHints(context.links), context.links), 405, context, { allow: MCP_ALLOWED_METHODS });
}

/** The transport's answer with the service's headers; its refusals in the API's error shape. */
async function finish(request: Request, answer: Response, context: McpHttpContext): Promise<Response> {
  const text = await answer.text();
  if (answer.status >= 400) {
    const message = transportMessage(text) ?? `The request was refused with status ${answer.status}.`;
    return json(request, errorBody('bad_request', `${message} ${MCP_PATH} takes MCP's JSON-RPC messages by POST, with Content-Type: application/json and Accept: application/json, text/event-stream.`, mcpHints(context.links), context.links), answer.status, context);
  }
  const headers: HeaderSet = mcpHeaders(request, context.stamp);
  for (const name of MCP_EXPOSED_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  if (text === '') return new Response(null, { status: answer.status, headers });
  return new Response(text, { status: answer.status, headers: { ...headers, 'content-type': JSON_CONTENT_TYPE, etag: strongEtag(text) } });
}

/** The transport's own words (a JSON-RPC error object), if it gave any. */
function transportMessage(text: string): string | undefined {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' && message !== '' ? `${message.replace(/\.?$/, '.')}` : undefined;
  } catch {
    return undefined;
  }
}

/** Where the endpoint is explained. */
const mcpHints = (links: ErrorLinks): string[] => [`${links.baseUrl}/llms.txt`, `${links.baseUrl}/openapi.json`];

/** An error body with the whole set; no 304 here: POST is not a conditional read, and errors always reach the client. */
function json(request: Request, body: unknown, status: number, context: McpHttpContext, extra: HeaderSet = {}): Response {
  const bytes = jsonBytes(body);
  const headers = { ...mcpHeaders(request, context.stamp), ...extra, 'content-type': JSON_CONTENT_TYPE, etag: strongEtag(bytes) };
  return new Response(request.method === 'HEAD' ? null : bytes, { status, headers });
}
