/**
 * The MCP endpoint in-process over the built dist/: functions/mcp.ts's handler, as Netlify calls it,
 * driven by the official SDK's client through a fetch that hands it each request. Every tool is
 * compared with what the build published (the twins byte for byte, the cluster list, the search
 * core's own answer), every error with the API's answer to the same mistake.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { Client, LATEST_PROTOCOL_VERSION, StreamableHTTPClientTransport, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/server/ext/skills';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import mcp, { config } from '../functions/mcp.ts';
import catalogFunction from '../functions/catalog.ts';
import notFoundFunction from '../functions/not-found.ts';
import constants from '../runtime/generated/function-constants.json' with { type: 'json' };
import { apiValidator, readSchema } from '../build/ajv.ts';
import { JSON_CONTENT_TYPE } from '../core/headers.ts';
import { answerMcp, catalogueTools, MCP_PATH, TOOL_NAMES } from '../core/mcp/index.ts';
import type { ToolResources } from '../core/mcp/index.ts';
import { MCP_ALLOWED_METHODS } from '../core/mcp/http.ts';
import { MAX_REQUEST_BYTES } from '../core/mcp/server.ts';
import { toolSchemas } from '../core/mcp/tool-schemas.ts';
import { readSearchIndex } from '../runtime/search-source.ts';
import type { Catalog, ClusterList } from '../core/types.ts';
import { distCatalog, DIST, distStamp, readDist, readDistJson } from './helpers/dist.ts';
import { serveDist } from './helpers/static-site.ts';
import type { StaticSite } from './helpers/static-site.ts';
import { connectMcp, inProcess, recording, rpcRequest, toolError } from './helpers/mcp-client.ts';
import type { Exchange } from './helpers/mcp-client.ts';
import { deployedFunctions, netlifyRewrites, resolve, ROUTABLE_METHODS } from './helpers/route-table.ts';
import { AGENT_SKILLS_INDEX_FILE } from '../core/published-files.ts';
import type { AgentSkillsIndex } from '../core/agent-skills.ts';
import { RESOURCE_PAGE_SIZE } from '../core/mcp/resources.ts';

/** The function asks the site for the twins (runtime/twin-source.ts): dist/ on loopback is the site. */
let site: StaticSite;
let endpoint: string;
const catalog = distCatalog();
const stamp = distStamp();
const handler = (request: Request) => mcp(request);

let client: Client;
let exchanges: Exchange[];

beforeAll(async () => {
  site = await serveDist();
  endpoint = `${site.origin}${MCP_PATH}`;
  const recorder = recording(inProcess(handler));
  exchanges = recorder.exchanges;
  client = await connectMcp(endpoint, recorder.fetch);
});
afterAll(async () => {
  await client?.close();
  await site?.close();
});

const call = (name: string, args?: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const texts = (result: CallToolResult) => result.content.map((block) => (block.type === 'text' ? block.text : `<${block.type}>`));
const rpc = async (message: unknown, headers: Record<string, string> = {}) => mcp(rpcRequest(endpoint, message, headers));

describe('initialize and tools/list', () => {
  it('initializes: the server names the site and the build, offers tools, and says how to use them', () => {
    expect(client.getServerVersion()).toMatchObject({ name: new URL(stamp.baseUrl).host, version: stamp.buildVersion });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toMatch(/search_skills/);
    const initialize = exchanges.find((exchange) => exchange.requestBody.includes('"initialize"'))!;
    expect(JSON.parse(initialize.responseBody).result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('is stateless: no session id on any answer, and a call with no initialize before it is answered', async () => {
    expect(exchanges.length).toBeGreaterThan(0);
    for (const exchange of exchanges) expect(exchange.responseHeaders['mcp-session-id'], exchange.requestBody).toBeUndefined();
    const response = await rpc({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_skill', arguments: { slug: catalog.skills[0].slug } } }, { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.id).toBe(7);
    expect(body.result.structuredContent.skill.slug).toBe(catalog.skills[0].slug);
  });

  it('lists the four tools with the schemas derived from schema/, read-only', async () => {
    const { tools } = await client.listTools();
    const derived = toolSchemas(readSchema);
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
    for (const tool of tools) {
      const name = tool.name as keyof typeof derived;
      expect(tool.inputSchema, name).toEqual(derived[name].input);
      expect(tool.outputSchema, name).toEqual(derived[name].output);
      expect(tool.annotations, name).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      expect(tool.description, name).toBeTruthy();
    }
  });
});

describe('the tools, against what the build published', () => {
  it('get_skill gives every skill as its JSON twin and its Markdown twin, byte for byte', async () => {
    for (const skill of catalog.skills) {
      const result = await call('get_skill', { slug: skill.slug });
      expect(result.isError, skill.slug).toBeFalsy();
      expect(texts(result)).toEqual([readDist(`skills/${skill.slug}.json`).toString('utf8'), readDist(`skills/${skill.slug}.md`).toString('utf8')]);
      expect(result.structuredContent).toEqual({ skill: readDistJson(`skills/${skill.slug}.json`), markdown: readDist(`skills/${skill.slug}.md`).toString('utf8') });
      expect(apiValidator('Skill')((result.structuredContent as { skill: unknown }).skill)).toBe(true);
    }
  });

  it('get_bundle gives every bundle as its JSON twin and its Markdown twin, byte for byte', async () => {
    for (const bundle of catalog.bundles) {
      const result = await call('get_bundle', { slug: bundle.slug });
      expect(texts(result)).toEqual([readDist(`bundles/${bundle.slug}.json`).toString('utf8'), readDist(`bundles/${bundle.slug}.md`).toString('utf8')]);
      expect(apiValidator('Bundle')((result.structuredContent as { bundle: unknown }).bundle)).toBe(true);
    }
  });

  it('list_clusters gives the JSON twin of /clusters/', async () => {
    const result = await call('list_clusters');
    const list = readDistJson<ClusterList>('clusters/index.json');
    expect(result.structuredContent).toEqual(list);
    expect(texts(result)).toEqual([readDist('clusters/index.json').toString('utf8')]);
    expect(apiValidator('ClusterList')(result.structuredContent)).toBe(true);
    expect(list.clusters.length).toBeGreaterThan(0);
  });

  it("search_skills answers the search core's skills for the words, in its order, with the filters and limit", async () => {
    const { search } = await readSearchIndex(DIST);
    const skill = catalog.skills.find((candidate) => candidate.clusters.length > 1) ?? catalog.skills[0];
    const cases = [
      { args: { query: 'pricing' }, query: { q: 'pricing' } },
      { args: { query: 'pricng pages', limit: 1 }, query: { q: 'pricng pages', limit: 1 } },
      { args: { query: skill.title, cluster: skill.clusters.at(-1)!.id, kind: skill.kind }, query: { q: skill.title, cluster: [skill.clusters.at(-1)!.id], kind: skill.kind } },
    ];
    for (const { args, query } of cases) {
      const expected = search.query({ ...query, type: ['skill'] });
      const result = await call('search_skills', args);
      const answer = result.structuredContent as { total: number; skills: { slug: string }[] };
      expect(answer.skills.map((found) => found.slug), JSON.stringify(args)).toEqual(expected.results.map((found) => found.slug));
      expect(answer.total).toBe(expected.total);
      expect(answer.skills.length, JSON.stringify(args)).toBeGreaterThan(0);
      for (const found of answer.skills) expect(apiValidator('Skill')(found)).toBe(true);
      expect(texts(result)).toEqual([`${JSON.stringify(answer)}\n`]);
    }
    const first = (await call('search_skills', { query: skill.title })).structuredContent as { skills: { slug: string }[] };
    expect(first.skills[0].slug).toBe(skill.slug);
  });

  it('search_skills without words lists the catalogue in its order, filtered and cut', async () => {
    const cluster = catalog.skills[0].clusters[0].id;
    const matching = catalog.skills.filter((skill) => skill.clusters.some((listed) => listed.id === cluster) && skill.kind === 'command');
    const result = (await call('search_skills', { cluster, kind: 'command', limit: 2 })).structuredContent as { total: number; skills: { slug: string }[] };
    expect(result).toEqual({ total: matching.length, skills: matching.slice(0, 2) });
    const blank = (await call('search_skills', { query: '   ' })).structuredContent as { total: number };
    expect(blank.total).toBe(catalog.skills.length);
  });
});

describe('mistakes are tool errors with the API\'s hints', () => {
  const apiBody = async (fn: (request: Request) => Promise<Response>, path: string) => (await fn(new Request(`https://shop.example${path}`))).json();

  it('an unknown slug hints at the nearest, exactly as the JSON 404 for its twin does', async () => {
    const { slug } = catalog.skills[0];
    const error = toolError(await call('get_skill', { slug: `${slug.slice(0, -1)}` }));
    expect(apiValidator('Error')(error)).toBe(true);
    expect(error.code).toBe('not_found');
    expect(error.message).toContain(`did you mean "${slug}"?`);
    expect(error.hints).toEqual((await apiBody(notFoundFunction, `/skills/${slug.slice(0, -1)}.json`)).hints);
    const bundle = catalog.bundles[0].slug;
    const bundleError = toolError(await call('get_bundle', { slug: `${bundle}x` }));
    expect(bundleError.hints).toEqual((await apiBody(notFoundFunction, `/bundles/${bundle}x.json`)).hints);
  });

  it("a bundle's slug given to get_skill points at the bundle", async () => {
    const bundle = catalog.bundles.find((candidate) => !catalog.skills.some((skill) => skill.slug === candidate.slug))!;
    const error = toolError(await call('get_skill', { slug: bundle.slug }));
    expect(error.message).toContain('use get_bundle');
    expect(error.hints[0]).toBe(bundle.json_url);
  });

  it('a misspelt cluster gets the corrected catalogue query, as /catalog.json?cluster= does', async () => {
    const error = toolError(await call('search_skills', { query: 'pricing', cluster: 'pricng' }));
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('did you mean "pricing"?');
    expect(error.hints).toEqual((await apiBody(catalogFunction, '/catalog.json?cluster=pricng')).hints);
  });

  it('bad arguments of every kind are named, each with what it must be', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['search_skills', { limit: 0 }, /Argument "limit" must be a whole number from 1 to 200, not 0\./],
      ['search_skills', { kind: 'commands' }, /Argument "kind" must be one of command, reference, not "commands" \(did you mean "command"\?\)/],
      ['search_skills', { query: 'x'.repeat(201) }, /Argument "query" must be a string of 1 to 200 characters/],
      ['search_skills', { q: 'pricing' }, /Unknown argument "q"; search_skills takes only query, cluster, kind, limit/],
      ['get_skill', {}, /Argument "slug" is missing/],
      ['get_skill', { slug: 42 }, /Argument "slug" must be a string .*, not 42\./],
      ['get_bundle', { slug: '../catalog' }, /Argument "slug" must be a string of at most 100 characters matching \^\[a-z0-9-\]\+\$/],
      ['list_clusters', { cluster: 'ideas' }, /Unknown argument "cluster"; list_clusters takes no arguments\./],
    ];
    for (const [name, args, message] of cases) {
      const error = toolError(await call(name, args));
      expect(apiValidator('Error')(error), name).toBe(true);
      expect(error.code, name).toBe('bad_request');
      expect(error.message, `${name} ${JSON.stringify(args)}`).toMatch(message);
    }
  });

  it('a slug in the wrong case hints at the published one', async () => {
    const { slug, json_url: url } = catalog.skills[0];
    const error = toolError(await call('get_skill', { slug: slug.toUpperCase() }));
    expect(error.message).toContain(`Did you mean "${slug}"?`);
    expect(error.hints[0]).toBe(url);
  });

  it('an unknown tool is a protocol error naming the tools and the nearest', async () => {
    await expect(call('get_skils', { slug: 'x' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/Unknown tool "get_skils"; the tools are search_skills, get_skill, get_bundle, list_clusters \(did you mean "get_skill"\?\)/),
    });
  });
});

describe('requests that are not MCP get JSON, never a crash', () => {
  const expectErrorBody = async (response: Response, status: number, message: RegExp) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe(JSON_CONTENT_TYPE);
    const body = await response.json();
    expect(apiValidator('Error')(body), JSON.stringify(body)).toBe(true);
    expect(body.message).toMatch(message);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  };

  it.each(['GET', 'DELETE', 'PUT', 'PATCH'])('%s is a JSON 405 with allow', async (method) => {
    const response = await mcp(new Request(endpoint, { method, headers: { accept: 'text/event-stream' } }));
    expect(response.headers.get('allow')).toBe(MCP_ALLOWED_METHODS);
    await expectErrorBody(response, 405, new RegExp(`Method "${method}" is not allowed on /mcp`));
  });

  it('a body that is not JSON, or JSON that is not JSON-RPC, is a 400', async () => {
    const post = (body: string) => mcp(new Request(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body }));
    await expectErrorBody(await post('{"a":'), 400, /^Parse error: Invalid JSON\./);
    await expectErrorBody(await post('{"hello":"world"}'), 400, /the request body is not a valid JSON-RPC message\./);
  });

  it('the wrong media types are 415 and 406', async () => {
    await expectErrorBody(await mcp(new Request(endpoint, { method: 'POST', headers: { 'content-type': 'text/plain', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' })), 415, /Content-Type must be application\/json/);
    await expectErrorBody(await mcp(new Request(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/html' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' })), 406, /Not Acceptable/);
  });

  it('a body past the bound is a 413, read no further', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(MAX_REQUEST_BYTES) } });
    await expectErrorBody(await mcp(rpcRequest(endpoint, JSON.parse(body))), 413, new RegExp(`^Payload Too Large: Request body must not exceed ${MAX_REQUEST_BYTES} bytes\\.`));
  });

  it('an unknown JSON-RPC method is answered in JSON-RPC', async () => {
    const response = await rpc({ jsonrpc: '2.0', id: 3, method: 'prompts/list' });
    expect(response.status).toBe(200);
    expect((await response.json()).error).toMatchObject({ code: -32601 });
  });

  it('answers under /v1 the same', async () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const plain = await (await rpc(message)).json();
    const versioned = await (await mcp(rpcRequest(`https://shop.example/v1${MCP_PATH}`, message))).json();
    expect(versioned).toEqual(plain);
  });
});

describe('when what the build published cannot be read', () => {
  const links = { baseUrl: constants.baseUrl, documentationUrl: constants.documentationUrl };
  const tools = catalogueTools(readSchema, links);
  const broken = (overrides: Partial<ToolResources>): ToolResources => ({
    catalog: async () => catalog as Catalog,
    clusterList: async () => readDistJson<ClusterList>('clusters/index.json'),
    search: async () => (await readSearchIndex(DIST)).search,
    markdownTwin: async () => '# twin',
    agentSkills: async () => [],
    ...overrides,
  });
  const callWith = async (resources: ToolResources, name: string, args: Record<string, unknown>) =>
    (await (await answerMcp(rpcRequest(endpoint, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }), { constants, tools: () => tools, resources })).json()).result;

  it('answers a tool error in the API\'s 500 shape, with no cause in it, and logs the cause', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const result = await callWith(broken({ catalog: async () => { throw new Error('/secret/path/catalog.json: EACCES'); } }), 'get_skill', { slug: 'x' });
      const error = toolError(result);
      expect(error.code).toBe('server_error');
      expect(JSON.stringify(result)).not.toContain('secret');
      expect(log).toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });

  it('names the Markdown twin it could not read', async () => {
    const { slug, markdown_url: url } = catalog.skills[0];
    const error = toolError(await callWith(broken({ markdownTwin: async () => undefined }), 'get_skill', { slug }));
    expect(error.code).toBe('server_error');
    expect(error.message).toContain(url);
  });
});

describe('routing and llms.txt', () => {
  it('lists /mcp and /v1/mcp as literals, for every method Netlify routes', () => {
    expect(config.path).toEqual([MCP_PATH, `/v1${MCP_PATH}`]);
    expect([...config.method].sort()).toEqual([...ROUTABLE_METHODS].sort());
  });

  it('is the one owner of /mcp and /v1/mcp for every method', async () => {
    const functions = await deployedFunctions();
    const rewrites = netlifyRewrites();
    const fileAt = (path: string) => existsSync(join(DIST, path)) && statSync(join(DIST, path)).isFile();
    for (const path of [MCP_PATH, `/v1${MCP_PATH}`, `${MCP_PATH}/`]) {
      for (const method of ROUTABLE_METHODS) {
        const { candidates, owner } = resolve(functions, rewrites, path, method, fileAt);
        expect(candidates, `${method} ${path}`).toEqual(['mcp']);
        expect(owner, `${method} ${path}`).toMatchObject({ kind: 'function', name: 'mcp' });
      }
    }
  });

  it('is named in llms.txt with its tools', () => {
    const llms = readDist('llms.txt').toString('utf8');
    expect(llms).toContain(`\`${constants.baseUrl}${MCP_PATH}\``);
    for (const name of TOOL_NAMES) expect(llms).toContain(name);
  });
});

describe('protocol revisions: the newest, and older ones negotiated down', () => {
  const initialize = async (protocolVersion: string) => {
    const response = await rpc({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
    expect(response.status).toBe(200);
    return (await response.json()).result as { protocolVersion: string; capabilities: Record<string, unknown> };
  };

  it('answers initialize at the oldest and the newest 2025-era revision the SDK supports, each as asked', async () => {
    const oldest = SUPPORTED_PROTOCOL_VERSIONS.at(-1)!;
    expect(oldest < LATEST_PROTOCOL_VERSION).toBe(true);
    for (const version of [oldest, LATEST_PROTOCOL_VERSION]) expect((await initialize(version)).protocolVersion, version).toBe(version);
  });

  it('counter-offers its newest 2025-era revision to a client asking for one it does not know', async () => {
    expect((await initialize('2024-01-01')).protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('speaks the newest revision, past every initialize one, with a client that negotiates (server/discover)', async () => {
    const modern = new Client({ name: 'skill-catalogue-tests', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await modern.connect(new StreamableHTTPClientTransport(new URL(endpoint), { fetch: inProcess(handler) }));
    try {
      expect(modern.getProtocolEra()).toBe('modern');
      expect(modern.getNegotiatedProtocolVersion()! > LATEST_PROTOCOL_VERSION).toBe(true);
      expect(modern.getServerVersion()).toMatchObject({ name: new URL(stamp.baseUrl).host, version: stamp.buildVersion });
      const got = (await modern.callTool({ name: 'get_skill', arguments: { slug: catalog.skills[0].slug } })) as CallToolResult;
      expect((got.structuredContent as { skill: { slug: string } }).skill.slug).toBe(catalog.skills[0].slug);
      expect((await modern.listResourceTemplates()).resourceTemplates.length).toBeGreaterThan(0);
    } finally {
      await modern.close();
    }
  });
});

describe('the Markdown twins as resources', () => {
  const clusters = readDistJson<ClusterList>('clusters/index.json').clusters;

  it('offers a template per kind of twin, each its https address', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    const twins = resourceTemplates.filter((template) => template.mimeType === 'text/markdown' && template.uriTemplate.startsWith(`${constants.baseUrl}/`));
    expect(twins.map((template) => template.uriTemplate).sort()).toEqual(
      [`${constants.baseUrl}/bundles/{slug}.md`, `${constants.baseUrl}/clusters/{id}.md`, `${constants.baseUrl}/skills/{slug}.md`],
    );
  });

  it('reads a skill, a bundle and a cluster twin byte for byte', async () => {
    for (const [url, file] of [
      [catalog.skills[0].markdown_url, `skills/${catalog.skills[0].slug}.md`],
      [catalog.bundles[0].markdown_url, `bundles/${catalog.bundles[0].slug}.md`],
      [clusters[0].markdown_url, `clusters/${clusters[0].id}.md`],
    ]) {
      const { contents } = await client.readResource({ uri: url });
      expect(contents).toEqual([{ uri: url, mimeType: 'text/markdown', text: readDist(file).toString('utf8') }]);
    }
  });

  it('lists every twin and the skill file a bounded page at a time, each page pointing at the next', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.listResources(cursor ? { cursor } : {});
      expect(page.resources.length).toBeLessThanOrEqual(RESOURCE_PAGE_SIZE);
      seen.push(...page.resources.map((resource) => resource.uri));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    const index = readDistJson<AgentSkillsIndex>(AGENT_SKILLS_INDEX_FILE);
    const expected = [...index.skills.map((skill) => skill.url), ...clusters.map((cluster) => cluster.markdown_url), ...catalog.skills.map((skill) => skill.markdown_url), ...catalog.bundles.map((bundle) => bundle.markdown_url)];
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / RESOURCE_PAGE_SIZE));
  });

  // The SDK's ResourceNotFoundError, for a resource it does not have, carries -32602.
  it('refuses a cursor it did not give out, and an unknown twin with the nearest one', async () => {
    await expect(client.listResources({ cursor: 'dHdpbnM6OTk5OTk5' })).rejects.toMatchObject({ code: -32602 });
    const { slug, markdown_url } = catalog.skills[0];
    await expect(client.readResource({ uri: markdown_url.replace(`${slug}.md`, `${slug}x.md`) })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(`Did you mean ${markdown_url}?`),
    });
  });
});

describe('the Skills extension: the shop\'s own skill, as on the web', () => {
  const index = readDistJson<AgentSkillsIndex>(AGENT_SKILLS_INDEX_FILE);
  const listSkills = async () => (await rpc({ jsonrpc: '2.0', id: 1, method: 'skills/list', params: {} }, { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION })).json();

  it('declares the extension in its capabilities', () => {
    expect(client.getServerCapabilities()?.extensions).toHaveProperty([SKILLS_EXTENSION_ID]);
  });

  it('lists the skill of the discovery index, at its https address, with the digest of the file the web serves', async () => {
    const { result } = await listSkills();
    expect(result.skills).toHaveLength(index.skills.length);
    const [skill] = result.skills;
    const [entry] = index.skills;
    expect(skill.uri).toBe(entry.url);
    expect(skill.frontmatter).toMatchObject({ name: entry.name, description: entry.description });
    const file = readDist(new URL(entry.url).pathname.slice(1));
    expect(skill.resources).toEqual([{ uri: entry.url, digest: entry.digest, size: file.length }]);
    expect(entry.digest).toBe(`sha256:${createHash('sha256').update(file).digest('hex')}`);
  });

  it('gets it, and reads its SKILL.md through resources/read byte for byte', async () => {
    const [entry] = index.skills;
    const got = await (await rpc({ jsonrpc: '2.0', id: 2, method: 'skills/get', params: { uri: entry.url } }, { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION })).json();
    expect(got.result.skill.uri).toBe(entry.url);
    const { contents } = await client.readResource({ uri: entry.url });
    expect(contents).toEqual([{ uri: entry.url, mimeType: 'text/markdown', text: readDist(new URL(entry.url).pathname.slice(1)).toString('utf8') }]);
  });

  it('has no skill at an unknown address, and serves no file outside the skill', async () => {
    const unknown = await (await rpc({ jsonrpc: '2.0', id: 3, method: 'skills/get', params: { uri: index.skills[0].url.replace(/[^/]+\/SKILL\.md$/, 'nope/SKILL.md') } }, { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION })).json();
    expect(unknown.error).toMatchObject({ code: -32602 });
    await expect(client.readResource({ uri: index.skills[0].url.replace(/SKILL\.md$/, '../index.json') })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/not found/i) });
  });
});
