/**
 * `netlify build --offline` on a copy of the tree, as CI or a new machine runs it: it must succeed
 * and ship the Markdown-negotiation Edge Function with its routes and `onError: bypass`. Without
 * the network the bundler's config extractor used to fail on a remote type import and the function
 * shipped with no routes at all (functions/edge/import-map/ is the fix); this proves it end to end,
 * with Deno from the npm package `deno` (node_modules/.bin first on PATH, so netlify-cli downloads
 * nothing) and an empty Deno cache, so nothing fetched earlier can hide a remote import.
 *
 * The manifest is the one @netlify/edge-bundler writes (`.netlify/edge-functions-dist/manifest.json`,
 * read by Netlify at deploy time): `routes[].pattern` and `function_config[name].on_error`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markdownTwinPath, PAGE_PATH_PATTERNS } from '../../core/negotiate.ts';
import { stripVTControlCharacters } from 'node:util';
import { majorPrefixes } from '../../core/headers.ts';
import { mirrored } from '../../site/headers.ts';
import { copyTree, ROOT } from '../helpers/tree-copy.ts';

const FUNCTION = 'markdown-twin';
const CATALOG_FUNCTION = 'catalog-static';

interface EdgeManifest {
  routes: { function: string; pattern: string; excluded_patterns: string[] }[];
  post_cache_routes: { function: string; pattern: string }[];
  function_config: Record<string, { on_error?: string }>;
}

let copy: string;
let manifest: EdgeManifest;
let log: string;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => '/' + relative(dir, join(entry.parentPath, entry.name)));
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'netlify-build-'));
  copyTree(copy);
  const result = spawnSync('netlify', ['build', '--offline'], {
    cwd: copy,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`,
      DENO_DIR: join(copy, '.deno-empty-cache'),
      DENO_NO_UPDATE_CHECK: '1',
      NETLIFY_TELEMETRY_DISABLED: '1',
    },
    timeout: 170_000,
  });
  // Netlify colours its log when CI is set: read it as text.
  log = stripVTControlCharacters(`${result.stdout}\n${result.stderr}`);
  if (result.status !== 0) throw new Error(`netlify build --offline in ${copy} exited with ${result.status ?? result.signal}:\n${log.slice(-4000)}`);
  manifest = JSON.parse(readFileSync(join(copy, '.netlify/edge-functions-dist/manifest.json'), 'utf8')) as EdgeManifest;
}, 180_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('netlify build --offline', () => {
  it('reads the Edge Function config without the network', () => {
    expect(log).toMatch(/Packaging Edge Functions from functions\/edge directory:(\s+- [a-z-]+)+/);
    for (const name of [FUNCTION, CATALOG_FUNCTION]) expect(log).toMatch(new RegExp(`^\\s+- ${name}$`, 'm'));
    expect(log).not.toMatch(/Could not load configuration for edge function/);
  });

  it('ships the Edge Function with exactly the page routes of the core, before the cache', () => {
    const routes = manifest.routes.filter((route) => route.function === FUNCTION);
    expect(routes.map((route) => route.pattern)).toEqual([...PAGE_PATH_PATTERNS]);
    expect(routes.every((route) => route.excluded_patterns.length === 0)).toBe(true);
    expect(manifest.post_cache_routes).toEqual([]);
  });

  it('declares onError: bypass', () => {
    expect(manifest.function_config[FUNCTION]?.on_error).toBe('bypass');
  });

  it('ships the catalogue rewrite on exactly /catalog.json and /v1/catalog.json, bypassed on error', () => {
    const routes = manifest.routes.filter((route) => route.function === CATALOG_FUNCTION).map((route) => new RegExp(route.pattern));
    for (const path of ['/catalog.json', '/v1/catalog.json']) expect(routes.some((route) => route.test(path)), path).toBe(true);
    for (const path of ['/index.json', '/catalog.json/x', '/skills/x.json', '/v2/catalog.json']) expect(routes.some((route) => route.test(path)), path).toBe(false);
    expect(manifest.function_config[CATALOG_FUNCTION]?.on_error).toBe('bypass');
  });

  it('routes every page the build wrote, under / and /v1, to a twin the build wrote', () => {
    const routes = manifest.routes.filter((route) => route.function === FUNCTION).map((route) => new RegExp(route.pattern));
    const files = new Set(filesUnder(join(copy, 'dist')));
    const pages = [...files]
      // Pages as built, without their /v1 copies (each is tried under /v1 below) and without the
      // content editor, which has no twin and no /v1 copy (build/mirror.ts).
      .filter((file) => file.endsWith('.html') && file !== '/404.html' && mirrored(file.slice(1)) && !majorPrefixes().some((prefix) => file.startsWith(`${prefix}/`)))
      .map((file) => file.replace(/(?:\/index)?\.html$/, '') || '/');
    expect(pages.length).toBeGreaterThan(30);
    for (const page of pages) {
      for (const path of [page, `/v1${page === '/' ? '' : page}`, `/v1${page}`]) {
        expect(routes.some((route) => route.test(path)), path).toBe(true);
        expect(files.has(markdownTwinPath(path) ?? ''), `${path} → ${markdownTwinPath(path)}`).toBe(true);
      }
    }
  });

  it('never routes a file the build wrote, nor a function path, through the negotiation', () => {
    const routes = manifest.routes.filter((route) => route.function === FUNCTION).map((route) => new RegExp(route.pattern));
    const functionPaths = ['/catalog.json', '/api/public/health/payment', '/api/public/health/payment/'];
    for (const path of [...filesUnder(join(copy, 'dist')), ...functionPaths].flatMap((file) => [file, `/v1${file}`])) {
      expect(routes.some((route) => route.test(path)), path).toBe(false);
    }
  });
});
