/**
 * The functions as Netlify deploys them: bundled by @netlify/zip-it-and-ship-it with netlify.toml's
 * `[functions]` settings (its `included_files` among them), as @netlify/build does, each zip
 * unpacked on its own, and each bundled function imported and called by a separate Node process
 * whose working directory is an empty folder elsewhere. The catalogue and the 404 page must then be
 * found beside the function (Lambda's working directory is not the zip's root), not in the cwd.
 * The MCP function asks the site for the Markdown twins (runtime/twin-source.ts): a static server of
 * dist/ on loopback stands for it; the card function draws with the fonts and resvg's module
 * bundled beside it; and each zip's size is checked against Netlify's 50 MB.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FUNCTION_ZIP_MAX_BYTES, zipAsNetlify } from '../../scripts/bench/function-zips.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distCatalog, readDist } from '../helpers/dist.ts';
import { serveDist } from '../helpers/static-site.ts';
import type { StaticSite } from '../helpers/static-site.ts';
import { deployedFunctions, ROOT } from '../helpers/route-table.ts';
import { decodePng } from '../helpers/png.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body's bytes, for an answer that is no text (a card). */
  base64: string;
}

/** Imports a bundled function and answers one request, printing the result as JSON. */
const INVOKE = `
import { pathToFileURL } from 'node:url';
const [file, url, method, init = '{}'] = process.argv.slice(2);
const { default: handler } = await import(pathToFileURL(file).href);
const response = await handler(new Request(url, { method, ...JSON.parse(init) }));
const bytes = Buffer.from(await response.arrayBuffer());
process.stdout.write(JSON.stringify({ status: response.status, headers: Object.fromEntries(response.headers), body: bytes.toString('utf8'), base64: bytes.toString('base64'), cwd: process.cwd() }));
`;

let work: string;
let elsewhere: string;
const unpacked = new Map<string, string>();
const zipBytes = new Map<string, number>();
/** The site's static files, as the CDN would answer the function's own requests. */
let site: StaticSite;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'functions-deployed-'));
  elsewhere = mkdtempSync(join(tmpdir(), 'functions-cwd-'));
  const results = await zipAsNetlify(ROOT, join(work, 'zips'));
  for (const result of results) {
    zipBytes.set(result.name, statSync(result.path).size);
    const dir = join(work, 'unzipped', result.name);
    mkdirSync(dir, { recursive: true });
    execFileSync('unzip', ['-q', result.path, '-d', dir]);
    unpacked.set(result.name, dir);
  }
  writeFileSync(join(work, 'invoke.mjs'), INVOKE);
  site = await serveDist();
}, 120_000);

afterAll(async () => {
  await site?.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

type Init = { headers?: Record<string, string>; body?: string };

/** The command that calls function `name` from its unpacked bundle, at `url`, in another folder. */
function invocation(name: string, url: string, method: string, init: Init): [string, string[], { cwd: string; env: NodeJS.ProcessEnv; encoding: 'utf8' }] {
  const dir = unpacked.get(name);
  if (!dir) throw new Error(`no bundle for function ${name}`);
  const entry = join(dir, 'functions', readdirSync(join(dir, 'functions')).find((file) => file.startsWith(`${name}.`))!);
  return [process.execPath, [join(work, 'invoke.mjs'), entry, url, method, JSON.stringify(init)], {
    cwd: elsewhere,
    env: { ...process.env, CATALOG_DATA_PATH: '', SEARCH_DATA_DIR: '', CARD_ASSET_ROOT: '' },
    encoding: 'utf8',
  }];
}

function invoke(name: string, path: string, method = 'GET', init: Init = {}): Answer & { cwd: string } {
  return JSON.parse(execFileSync(...invocation(name, `https://shop.example${path}`, method, init))) as Answer & { cwd: string };
}

/** The same, at the site's own origin, without blocking it: the function may ask the site for files. */
async function invokeOnSite(name: string, path: string, method = 'GET', init: Init = {}): Promise<Answer> {
  const { stdout } = await promisify(execFile)(...invocation(name, `${site.origin}${path}`, method, init));
  return JSON.parse(stdout) as Answer;
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

  it('draws the card a page names from the card function\'s bundle: the fonts and resvg\'s module found beside it', () => {
    const path = new URL(/<meta property="og:image" content="([^"]+)">/.exec(readDist('index.html').toString('utf8'))![1]).pathname;
    const answer = invoke('card', path);
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    const png = decodePng(Buffer.from(answer.base64, 'base64'));
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect(invoke('card', path.replace(/\.[0-9a-f]{16}\.png$/, '.0000000000000000.png')).status).toBe(404);
  });

  it('keeps every function\'s zip under Netlify\'s 50 MB, the MCP function\'s with no Markdown twin in it', () => {
    for (const [name, bytes] of zipBytes) expect(bytes, name).toBeLessThan(FUNCTION_ZIP_MAX_BYTES);
    // The Agent Skills' own SKILL.md files are the only Markdown it carries.
    const markdown = readdirSync(join(unpacked.get('mcp')!, 'dist'), { recursive: true }).map(String).filter((file) => file.endsWith('.md'));
    expect(markdown.filter((file) => !file.startsWith('.well-known/'))).toEqual([]);
  });

  it('answers every MCP tool from its bundle: schemas, cluster list and search index found beside it, the twins asked of the site', async () => {
    const rpc = async (method: string, params: Record<string, unknown> = {}) => {
      const answer = await invokeOnSite('mcp', '/mcp', 'POST', {
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      expect(answer.status, answer.body).toBe(200);
      return JSON.parse(answer.body).result;
    };
    const { slug } = distCatalog().skills[0];
    expect((await rpc('tools/list')).tools.map((tool: { name: string }) => tool.name)).toEqual(['search_skills', 'get_skill', 'get_bundle', 'list_clusters']);
    const tool = async (name: string, args: Record<string, unknown>) => {
      const result = await rpc('tools/call', { name, arguments: args });
      expect(result.isError, JSON.stringify(result).slice(0, 300)).toBeFalsy();
      return result;
    };
    site.asked.length = 0;
    expect((await tool('get_skill', { slug })).content[1].text).toBe(readDist(`skills/${slug}.md`).toString('utf8'));
    expect(site.asked).toEqual([`/skills/${slug}.md`]);
    expect((await tool('list_clusters', {})).content[0].text).toBe(readDist('clusters/index.json').toString('utf8'));
    expect((await tool('search_skills', { query: distCatalog().skills[0].title })).structuredContent.skills[0].slug).toBe(slug);
    expect(site.asked).toHaveLength(1);
  });
});
