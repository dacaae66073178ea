/**
 * The functions as Netlify deploys them: bundled by @netlify/zip-it-and-ship-it with netlify.toml's
 * `[functions]` settings (its `included_files` among them), as @netlify/build does, each zip
 * unpacked on its own, and each bundled function imported and called by a separate Node process
 * whose working directory is an empty folder elsewhere. The catalogue and the 404 page must then be
 * found beside the function (Lambda's working directory is not the zip's root), not in the cwd.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distCatalog, readDist } from '../helpers/dist.ts';
import { deployedFunctions, FUNCTIONS_DIR, ROOT } from '../helpers/route-table.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Imports a bundled function and answers one request, printing the result as JSON. */
const INVOKE = `
import { pathToFileURL } from 'node:url';
const [file, url, method, init = '{}'] = process.argv.slice(2);
const { default: handler } = await import(pathToFileURL(file).href);
const response = await handler(new Request(url, { method, ...JSON.parse(init) }));
const body = await response.text();
process.stdout.write(JSON.stringify({ status: response.status, headers: Object.fromEntries(response.headers), body, cwd: process.cwd() }));
`;

let work: string;
let elsewhere: string;
const unpacked = new Map<string, string>();

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'functions-deployed-'));
  elsewhere = mkdtempSync(join(tmpdir(), 'functions-cwd-'));
  type Settings = { node_bundler?: string; included_files?: string[] };
  const toml = parseToml(readFileSync(join(ROOT, 'netlify.toml'), 'utf8')) as { functions?: Settings & Record<string, unknown> };
  const settings = toml.functions ?? {};
  // As @netlify/config reads `[functions]` (lib/functions_config.js, normalizeFunctionsProps): a
  // table under it (`[functions.mcp]`) configures the function of that name; zip-it-and-ship-it
  // then merges it with '*', concatenating lists (config.js, getFromMainConfig).
  const perFunction = Object.entries(settings).filter(([, value]) => typeof value === 'object' && value !== null && !Array.isArray(value)) as [string, Settings][];
  const results = await zipFunctions([FUNCTIONS_DIR], join(work, 'zips'), {
    basePath: ROOT,
    repositoryRoot: ROOT,
    archiveFormat: 'zip',
    config: {
      '*': { nodeBundler: settings.node_bundler as 'esbuild', includedFiles: settings.included_files },
      ...Object.fromEntries(perFunction.map(([name, own]) => [name, { includedFiles: own.included_files }])),
    },
  });
  for (const result of results) {
    const dir = join(work, 'unzipped', result.name);
    mkdirSync(dir, { recursive: true });
    execFileSync('unzip', ['-q', result.path, '-d', dir]);
    unpacked.set(result.name, dir);
  }
  writeFileSync(join(work, 'invoke.mjs'), INVOKE);
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

function invoke(name: string, path: string, method = 'GET', init: { headers?: Record<string, string>; body?: string } = {}): Answer & { cwd: string } {
  const dir = unpacked.get(name);
  if (!dir) throw new Error(`no bundle for function ${name}`);
  const entry = join(dir, 'functions', readdirSync(join(dir, 'functions')).find((file) => file.startsWith(`${name}.`))!);
  const output = execFileSync(process.execPath, [join(work, 'invoke.mjs'), entry, `https://shop.example${path}`, method, JSON.stringify(init)], {
    cwd: elsewhere,
    env: { ...process.env, CATALOG_DATA_PATH: '', SEARCH_DATA_DIR: '' },
    encoding: 'utf8',
  });
  return JSON.parse(output) as Answer & { cwd: string };
}

describe('functions bundled and unzipped as Netlify deploys them', () => {
  it('bundles every function the routing table knows, with the files netlify.toml includes', async () => {
    expect([...unpacked.keys()].sort()).toEqual((await deployedFunctions()).map((fn) => fn.name).sort());
    for (const dir of unpacked.values()) {
      expect(readFileSync(join(dir, 'dist', 'catalog.json')).equals(readDist('catalog.json'))).toBe(true);
    }
  });

  it('answers the unfiltered catalogue from the catalog.json beside the function, from another working directory', () => {
    const answer = invoke('catalog', '/catalog.json');
    expect(answer.cwd).toBe(elsewhere);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(readDist('catalog.json').toString('utf8'));
  });

  it('answers a query from the bundled catalogue', () => {
    const answer = invoke('catalog', '/v1/catalog.json?limit=1&sort=title');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).skills).toHaveLength(1);
  });

  it('answers an unknown page with the built 404 page beside the function, with its headers', () => {
    const answer = invoke('not-found', '/nowhere');
    expect(answer.status).toBe(404);
    expect(answer.body).toBe(readDist('404.html').toString('utf8'));
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('suggests the nearest slug from the bundled catalogue', () => {
    const slug = distCatalog().skills[0].slug;
    const answer = invoke('not-found', `/skills/${slug}x.json`);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).hints[0]).toMatch(new RegExp(`/skills/${slug}\\.json$`));
  });

  it('answers preflights and 405s from the bundled other-methods function', () => {
    expect(invoke('other-methods', '/skills/anything.json', 'OPTIONS').status).toBe(204);
    const refused = invoke('other-methods', '/version.json', 'DELETE');
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('answers a method the payment check does not serve from its bundle', () => {
    expect(invoke('health-payment', '/api/public/health/payment', 'PUT').status).toBe(405);
  });

  it('answers every MCP tool from its bundle: schemas, twins, cluster list and search index found beside it', () => {
    const rpc = (method: string, params: Record<string, unknown> = {}) => {
      const answer = invoke('mcp', '/mcp', 'POST', {
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      expect(answer.status, answer.body).toBe(200);
      return JSON.parse(answer.body).result;
    };
    const { slug } = distCatalog().skills[0];
    expect(rpc('tools/list').tools.map((tool: { name: string }) => tool.name)).toEqual(['search_skills', 'get_skill', 'get_bundle', 'list_clusters']);
    const tool = (name: string, args: Record<string, unknown>) => {
      const result = rpc('tools/call', { name, arguments: args });
      expect(result.isError, JSON.stringify(result).slice(0, 300)).toBeFalsy();
      return result;
    };
    expect(tool('get_skill', { slug }).content[1].text).toBe(readDist(`skills/${slug}.md`).toString('utf8'));
    expect(tool('list_clusters', {}).content[0].text).toBe(readDist('clusters/index.json').toString('utf8'));
    expect(tool('search_skills', { query: distCatalog().skills[0].title }).structuredContent.skills[0].slug).toBe(slug);
  });
});
