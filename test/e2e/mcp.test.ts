/**
 * The MCP endpoint over HTTP against `netlify dev`, with the official SDK's client on the real
 * network: initialize, tools/list, every tool, bad arguments, and requests that are not MCP. The
 * session is recorded to test/artifacts/mcp-transcript.md (what went over the wire, each request
 * and its answer) for a human to read.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiValidator } from '../../build/ajv.ts';
import { JSON_CONTENT_TYPE } from '../../core/headers.ts';
import { MCP_ALLOWED_METHODS, MCP_EXPOSED_HEADERS } from '../../core/mcp/http.ts';
import { MCP_PATH, TOOL_NAMES } from '../../core/mcp/names.ts';
import { distCatalog, distStamp, readDist, readDistJson } from '../helpers/dist.ts';
import { connectMcp, recording, toolError } from '../helpers/mcp-client.ts';
import type { Exchange } from '../helpers/mcp-client.ts';
import { httpRequest } from '../helpers/http.ts';
import { serverUrl } from '../helpers/server.ts';

const ARTIFACTS = join(import.meta.dirname, '../artifacts');
const endpoint = `${serverUrl}${MCP_PATH}`;
const catalog = distCatalog();
const stamp = distStamp();

let client: Client;
let exchanges: Exchange[];

beforeAll(async () => {
  const recorder = recording((input, init) => fetch(input, init));
  exchanges = recorder.exchanges;
  client = await connectMcp(endpoint, recorder.fetch);
});

afterAll(async () => {
  await client?.close();
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, 'mcp-transcript.md'), transcript(exchanges ?? []));
});

const call = (name: string, args?: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

describe('an MCP client session against netlify dev', () => {
  it('initializes with the server of this build, statelessly', () => {
    expect(client.getServerVersion()).toMatchObject({ name: new URL(stamp.baseUrl).host, version: stamp.buildVersion });
    const initialize = exchanges.find((exchange) => exchange.requestBody.includes('"method":"initialize"'))!;
    expect(initialize.status).toBe(200);
    expect(initialize.responseHeaders['content-type']).toBe(JSON_CONTENT_TYPE);
    expect(initialize.responseHeaders['mcp-session-id']).toBeUndefined();
    expect(initialize.responseHeaders['access-control-allow-origin']).toBe('*');
    expect(initialize.responseHeaders['cache-control']).toBe('no-store');
    expect(initialize.responseHeaders['x-build-version']).toBe(stamp.buildVersion);
    expect(initialize.responseHeaders['access-control-expose-headers'].split(', ')).toEqual(expect.arrayContaining([...MCP_EXPOSED_HEADERS]));
  });

  it('lists the tools', async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
  });

  it('calls every tool', async () => {
    const skill = catalog.skills[0];
    const found = (await call('search_skills', { query: skill.title, limit: 3 })).structuredContent as { skills: { slug: string }[] };
    expect(found.skills[0].slug).toBe(skill.slug);

    const got = await call('get_skill', { slug: skill.slug });
    expect(got.structuredContent).toEqual({ skill: readDistJson(`skills/${skill.slug}.json`), markdown: readDist(`skills/${skill.slug}.md`).toString('utf8') });

    const bundle = catalog.bundles[0];
    expect(((await call('get_bundle', { slug: bundle.slug })).structuredContent as { bundle: unknown }).bundle).toEqual(readDistJson(`bundles/${bundle.slug}.json`));

    expect((await call('list_clusters')).structuredContent).toEqual(readDistJson('clusters/index.json'));
  });

  it('answers bad arguments and unknown slugs with tool errors carrying the hints', async () => {
    const unknown = toolError(await call('get_skill', { slug: `${catalog.skills[0].slug}x` }));
    expect(unknown.code).toBe('not_found');
    expect(unknown.hints[0]).toBe(catalog.skills[0].json_url);
    const bad = toolError(await call('search_skills', { query: 'pricing', cluster: 'pricng', limit: 0 }));
    expect(apiValidator('Error')(bad)).toBe(true);
    expect(bad.message).toMatch(/Argument "cluster" must be one of .*\(did you mean "pricing"\?\)\. Argument "limit" must be a whole number from 1 to 200, not 0\./);
  });
});

describe('requests that are not MCP, over HTTP', () => {
  it.each([MCP_PATH, `/v1${MCP_PATH}`])('GET %s is a JSON 405 with allow', async (path) => {
    const reply = await httpRequest(`${serverUrl}${path}`, { headers: { accept: 'text/event-stream' } });
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe(MCP_ALLOWED_METHODS);
    expect(reply.headers['content-type']).toBe(JSON_CONTENT_TYPE);
    expect(apiValidator('Error')(JSON.parse(reply.text))).toBe(true);
  });

  it('a POST that is not JSON-RPC is a JSON 400, and the server keeps answering', async () => {
    const reply = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"hello":' });
    expect(reply.status).toBe(400);
    const body = await reply.json();
    expect(apiValidator('Error')(body)).toBe(true);
    expect(body.message).toMatch(/^Parse error/);
    expect((await client.listTools()).tools).toHaveLength(TOOL_NAMES.length);
  });

  it("grants a browser's preflight for POST with MCP's headers", async () => {
    const reply = await httpRequest(endpoint, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:1', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['access-control-allow-methods']).toBe(MCP_ALLOWED_METHODS);
    expect(reply.headers['access-control-allow-headers']).toContain('mcp-protocol-version');
  });
});

/** The session as Markdown: each request line and body, then the status and body of its answer. */
function transcript(session: readonly Exchange[]): string {
  const pretty = (text: string) => {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  };
  const shown = ['content-type', 'accept', 'mcp-protocol-version', 'mcp-session-id', 'allow'];
  const headers = (all: Record<string, string>) => shown.filter((name) => all[name] !== undefined).map((name) => `${name}: ${all[name]}`).join('\n');
  return [
    `# MCP session against netlify dev (${session.length} requests)`,
    '',
    ...session.flatMap((exchange) => [
      `## ${exchange.method} ${new URL(exchange.url).pathname} → ${exchange.status}`,
      '',
      '```http',
      headers(exchange.requestHeaders),
      '',
      pretty(exchange.requestBody),
      '```',
      '',
      '```http',
      headers(exchange.responseHeaders),
      '',
      pretty(exchange.responseBody),
      '```',
      '',
    ]),
  ].join('\n');
}
