/**
 * The site's routing table, derived from what Netlify reads (every function's config as
 * zip-it-and-ship-it parses it, netlify.toml's rewrites) and resolved along Netlify's documented
 * request chain (test/helpers/route-table.ts). Netlify documents no order between functions whose
 * routes overlap, so every (path, method) must have exactly one owner; every method a route does
 * not serve must get a JSON 405 with `allow`, from the owner itself, called in-process.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@netlify/functions';
import { ALLOWED_METHODS } from '../core/respond.ts';
import { distCatalog, DIST } from './helpers/dist.ts';
import { deployedFunctions, netlifyRewrites, resolve, ROUTABLE_METHODS } from './helpers/route-table.ts';
import type { DeployedFunction, Rewrite } from './helpers/route-table.ts';

type Handler = (request: Request) => Promise<Response>;
interface FunctionModule {
  default: Handler;
  config: Omit<Config, 'method'> & { method?: string | string[] };
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** A static file answers a path: the file itself, a page's pretty URL, or a folder's index. */
const fileAt = (path: string): boolean => {
  const isFile = (candidate: string) => existsSync(candidate) && statSync(candidate).isFile();
  const local = join(DIST, decodeURIComponent(path));
  return !path.endsWith('/') && (isFile(local) || isFile(`${local}.html`)) || isFile(join(local, 'index.html'));
};

let functions: DeployedFunction[];
let rewrites: Rewrite[];
const modules = new Map<string, FunctionModule>();

beforeAll(async () => {
  functions = await deployedFunctions();
  rewrites = netlifyRewrites();
  for (const fn of functions) modules.set(fn.name, (await import(fn.mainFile)) as FunctionModule);
});

const catalog = distCatalog();
const skill = catalog.skills[0].slug;
const bundle = catalog.bundles[0].slug;
const cluster = catalog.skills[0].clusters[0].id;
/** A card's address, current or not: the card function's, whatever follows `/cards/`. */
const CARD = `/cards/skill/${skill}.0123456789abcdef.png`;

/** Paths of every kind: files, the functions' own paths, and paths with nothing at them. */
const UNVERSIONED = [
  '/', '/index.md', '/catalog.json', '/version.json', '/openapi.json', '/llms.txt', '/sitemap.xml', '/robots.txt',
  `/skills/${skill}`, `/skills/${skill}.md`, `/skills/${skill}.json`, `/bundles/${bundle}.json`, `/clusters/${cluster}`, `/clusters/${cluster}.json`,
  '/api/public/health/payment', '/search', '/search.json', '/search.md',
  '/nowhere', '/nowhere.md', '/nowhere.json', '/skills/no-such-skill.json', '/skills/no-such-skill', '/api/public/nothing',
  '/catalog.json.', '/skills/x.JSON', '/catalog.json/', '/v2/catalog.json',
  CARD, '/cards/home.0123456789abcdef.png', '/cards/', '/cards/nothing',
];
const PATHS = [...UNVERSIONED, ...UNVERSIONED.map((path) => `/v1${path === '/' ? '' : path}`)];

describe('the routing table', () => {
  it('is what each function module exports: Netlify reads its config as literals, without running it', () => {
    expect(functions.map((fn) => fn.name).sort()).toEqual([...modules.keys()].sort());
    for (const fn of functions) {
      const { config } = modules.get(fn.name)!;
      expect(fn.routes.map((route) => route.pattern), `${fn.name}: path`).toEqual(list(config.path));
      expect(fn.excludedRoutes.map((route) => route.pattern), `${fn.name}: excludedPath`).toEqual(list(config.excludedPath));
      for (const route of fn.routes) {
        expect(route.methods, `${fn.name}: method`).toEqual(list(config.method));
        expect(route.prefer_static ?? false, `${fn.name}: preferStatic`).toBe(config.preferStatic ?? false);
      }
    }
  });

  it('names the methods of every route, so no method a Fetch Request cannot carry ever reaches a function', () => {
    // TRACE, CONNECT and TRACK are forbidden methods (Fetch standard, "forbidden method"): the
    // function runtime's `new Request` throws on them, which netlify dev turns into a 500 with a stack.
    for (const method of ['TRACE', 'CONNECT', 'TRACK']) expect(() => new Request('https://x.example/', { method })).toThrow(TypeError);
    for (const fn of functions) for (const route of fn.routes) expect(route.methods?.length ?? 0, `${fn.name} ${route.pattern}`).toBeGreaterThan(0);
  });

  it.each(ROUTABLE_METHODS)('gives every path exactly one owner for %s', (method) => {
    for (const path of PATHS) {
      const { candidates, owner } = resolve(functions, rewrites, path, method, fileAt);
      expect(candidates.length, `${method} ${path}: functions that match: ${candidates.join(', ')}`).toBeLessThanOrEqual(1);
      expect(owner.kind, `${method} ${path}`).not.toBe('none');
    }
  });

  it('needs no rewrite: what /v1 answers never depends on how Netlify runs a rewrite through the functions', () => {
    expect(rewrites).toEqual([]);
  });

  it('serves every unversioned file under /v1 too, as a published file with the same bytes', () => {
    for (const path of UNVERSIONED.filter(fileAt)) {
      const plain = resolve(functions, rewrites, path, 'GET', fileAt).owner;
      const pinned = `/v1${path === '/' ? '/' : path}`;
      const versioned = resolve(functions, rewrites, pinned, 'GET', fileAt).owner;
      if (plain.kind === 'function') expect(versioned, path).toMatchObject({ kind: 'function', name: plain.name });
      else expect(versioned, path).toEqual({ kind: 'file', path: pinned });
    }
  });

  it('never lets the 404 catch-all answer a path another function owns', () => {
    for (const path of ['/catalog.json', '/v1/catalog.json', '/api/public/health/payment', '/v1/api/public/health/payment', '/search', '/v1/search', '/search.json', '/v1/search.json', '/search.md', '/v1/search.md', CARD, `/v1${CARD}`]) {
      for (const method of ROUTABLE_METHODS) {
        const { owner } = resolve(functions, rewrites, path, method, fileAt);
        expect(owner.kind === 'function' && owner.name !== 'not-found' && owner.name !== 'other-methods', `${method} ${path}: ${JSON.stringify(owner)}`).toBe(true);
      }
    }
  });
});

describe('every owner, called in-process for each method it is routed', () => {
  const call = (name: string, path: string, method: string) =>
    modules.get(name)!.default(new Request(`https://shop.example${path}`, { method, headers: { origin: 'https://other.example', 'access-control-request-method': 'GET' } }));

  it('answers a preflight with 204 and the CORS grant', async () => {
    for (const path of PATHS) {
      const { owner } = resolve(functions, rewrites, path, 'OPTIONS', fileAt);
      if (owner.kind !== 'function') throw new Error(`OPTIONS ${path}: no function answers it`);
      const response = await call(owner.name, owner.path, 'OPTIONS');
      expect(response.status, `OPTIONS ${path} (${owner.name})`).toBe(204);
      expect(response.headers.get('access-control-allow-methods')).toBe(ALLOWED_METHODS);
    }
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('answers %s with a JSON 405 and allow', async (method) => {
    for (const path of PATHS) {
      const { owner } = resolve(functions, rewrites, path, method, fileAt);
      if (owner.kind !== 'function') throw new Error(`${method} ${path}: no function answers it`);
      const response = await call(owner.name, owner.path, method);
      expect(response.status, `${method} ${path} (${owner.name})`).toBe(405);
      expect(response.headers.get('allow'), `${method} ${path}`).toBe(ALLOWED_METHODS);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ code: 'bad_request' });
    }
  });

  it('answers GET on every path with no file with a 404, in JSON for API paths', async () => {
    for (const path of PATHS) {
      const { owner } = resolve(functions, rewrites, path, 'GET', fileAt);
      if (owner.kind !== 'function' || owner.name !== 'not-found') continue;
      const response = await call(owner.name, owner.path, 'GET');
      expect(response.status, path).toBe(404);
      if (/\.json/i.test(path) || path.includes('/api/')) expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
    }
  });
});
