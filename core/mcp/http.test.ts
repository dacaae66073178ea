import { describe, expect, it } from 'vitest';
import { apiValidator } from '../../build/ajv.ts';
import { expectFullHeaderSet } from '../../test/helpers/header-set.ts';
import { CACHE_NO_STORE, JSON_CONTENT_TYPE } from '../headers.ts';
import { answerMcpHttp, MCP_ALLOWED_METHODS, MCP_EXPOSED_HEADERS, MCP_REQUEST_HEADERS } from './http.ts';
import { MCP_PATH } from './names.ts';

const stamp = { buildVersion: '1.0.0+abc', baseUrl: 'https://shop.example' };
const context = { stamp, links: { baseUrl: stamp.baseUrl, documentationUrl: `${stamp.baseUrl}/docs/api` } };
const request = (method: string, init: RequestInit = {}, path = MCP_PATH) => new Request(`https://shop.example${path}`, { method, ...init });

/** Stands in for the SDK's transport: records whether it was asked, answers what it is given. */
function transport(answer: () => Response) {
  const seen: Request[] = [];
  return { seen, handle: async (post: Request) => (seen.push(post), answer()) };
}

const exposed = (response: Response) => (response.headers.get('access-control-expose-headers') ?? '').split(', ');

describe('/mcp over HTTP', () => {
  it('hands a POST to the transport and sends its JSON with the whole header set, no-store and MCP CORS', async () => {
    const body = '{"jsonrpc":"2.0","id":1,"result":{}}';
    const { seen, handle } = transport(() => new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' } }));
    const response = await answerMcpHttp(request('POST', { body: '{}' }), context, handle);
    expect(seen).toHaveLength(1);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
    expectFullHeaderSet(response.headers, { stamp, path: MCP_PATH, cacheControl: CACHE_NO_STORE, etag: true });
    expect(response.headers.get('content-type')).toBe(JSON_CONTENT_TYPE);
    expect(response.headers.get('mcp-protocol-version')).toBe('2025-11-25');
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(exposed(response)).toEqual(expect.arrayContaining([...MCP_EXPOSED_HEADERS]));
  });

  it('sends an accepted notification (202) without a body', async () => {
    const response = await answerMcpHttp(request('POST', { body: '{}' }), context, transport(() => new Response(null, { status: 202 })).handle);
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(response.headers.get('content-type')).toBeNull();
    expectFullHeaderSet(response.headers, { stamp, path: MCP_PATH, cacheControl: CACHE_NO_STORE });
  });

  it("turns the transport's refusal into the API's error body with its status and words", async () => {
    const refusal = JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Invalid JSON' }, id: null });
    const response = await answerMcpHttp(request('POST', { body: 'nope' }), context, transport(() => new Response(refusal, { status: 400 })).handle);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe(JSON_CONTENT_TYPE);
    const body = await response.json();
    expect(apiValidator('Error')(body)).toBe(true);
    expect(body.code).toBe('bad_request');
    expect(body.message).toMatch(/^Parse error: Invalid JSON\. \/mcp takes MCP's JSON-RPC messages by POST/);
    expectFullHeaderSet(response.headers, { stamp, path: MCP_PATH, cacheControl: CACHE_NO_STORE, etag: true });
  });

  it('still answers JSON when the refusal has no words', async () => {
    const response = await answerMcpHttp(request('POST'), context, transport(() => new Response('', { status: 406 })).handle);
    expect(response.status).toBe(406);
    expect((await response.json()).message).toMatch(/^The request was refused with status 406\./);
  });

  it.each(['GET', 'DELETE', 'PUT', 'PATCH'])('answers %s with a JSON 405 and allow, without asking the transport', async (method) => {
    const { seen, handle } = transport(() => new Response('{}'));
    const response = await answerMcpHttp(request(method), context, handle);
    expect(seen).toHaveLength(0);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(MCP_ALLOWED_METHODS);
    const body = await response.json();
    expect(apiValidator('Error')(body)).toBe(true);
    expect(body.message).toContain(`Method "${method}" is not allowed on ${MCP_PATH}`);
    expectFullHeaderSet(response.headers, { stamp, path: MCP_PATH, cacheControl: CACHE_NO_STORE, etag: true });
  });

  it('answers HEAD with the 405 and no body', async () => {
    const response = await answerMcpHttp(request('HEAD'), context, transport(() => new Response('{}')).handle);
    expect(response.status).toBe(405);
    expect(await response.text()).toBe('');
  });

  it("grants a browser's preflight POST with MCP's request headers", async () => {
    const response = await answerMcpHttp(
      request('OPTIONS', { headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' } }),
      context,
      transport(() => new Response('{}')).handle,
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe(MCP_ALLOWED_METHODS);
    expect(response.headers.get('access-control-allow-headers')?.split(', ')).toEqual([...MCP_REQUEST_HEADERS]);
    expect(response.headers.get('access-control-max-age')).toBeTruthy();
    expectFullHeaderSet(response.headers, { stamp, path: MCP_PATH, cacheControl: CACHE_NO_STORE });
  });

  it('states major 1 under /v1', async () => {
    const response = await answerMcpHttp(request('GET', {}, `/v1${MCP_PATH}`), context, transport(() => new Response('{}')).handle);
    expect(response.headers.get('api-version')).toBe('1');
  });
});
