/**
 * The official SDK's MCP client, connected over Streamable HTTP through any fetch: the function
 * called in-process, or the real network against `netlify dev`. Every exchange can be recorded,
 * so a run leaves a transcript of what went over the wire.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface Exchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
}

/** A fetch that calls a function's handler in-process, as Netlify would hand it the request. */
export const inProcess = (handler: (request: Request) => Promise<Response>): FetchLike => (input, init) => handler(new Request(input, init));

/** Wraps a fetch so that each request and its answer are kept, bodies as text. */
export function recording(fetchLike: FetchLike): { fetch: FetchLike; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const requestBody = request.body ? await request.clone().text() : '';
    const response = await fetchLike(request);
    const responseBody = await response.clone().text();
    exchanges.push({
      method: request.method,
      url: request.url,
      requestHeaders: Object.fromEntries(request.headers),
      requestBody,
      status: response.status,
      responseHeaders: Object.fromEntries(response.headers),
      responseBody,
    });
    return response;
  };
  return { fetch, exchanges };
}

export async function connectMcp(endpoint: string, fetchLike: FetchLike): Promise<Client> {
  const client = new Client({ name: 'skill-catalogue-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint), { fetch: fetchLike }));
  return client;
}

/** A tool error's body: the API's error shape, as the one text block. */
export function toolError(result: CallToolResult): { code: string; message: string; hints: string[] } {
  if (!result.isError) throw new Error(`expected a tool error, got ${JSON.stringify(result).slice(0, 300)}`);
  const [block] = result.content;
  if (block?.type !== 'text') throw new Error('a tool error without its text block');
  return JSON.parse(block.text);
}

/** Raw JSON-RPC by POST, as a client that is not the SDK's would send it. */
export function rpcRequest(endpoint: string, message: unknown, headers: Record<string, string> = {}): Request {
  return new Request(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(message),
  });
}
