/**
 * Headers of pages, twins and listings: in the generated `_headers` (production honours it; no
 * header name set by two rules that can match one path, since Netlify would join the values), and
 * over HTTP from the local Netlify runtime.
 */
import { describe, expect, inject, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../build/core/page-headers.ts';
import { HAS_GUIDE, files, htmlFiles, pagePathOf, read } from './dist.ts';

interface Rule {
  path: string;
  pattern: RegExp;
  headers: Map<string, string>;
}

/** Netlify's `_headers`: a path line, then indented `name: value` lines. Paths take `*` (splat)
 * and `:name` (one segment) only. */
function parseHeaders(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line.trim().split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*'))).join('/');
      rules.push({ path: line.trim(), pattern: new RegExp(`^${source}$`), headers: new Map() });
    } else {
      const colon = line.indexOf(':');
      rules.at(-1)!.headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
  }
  return rules;
}

const rules = parseHeaders(read('_headers'));
const headersFor = (path: string) => {
  const merged = new Map<string, string[]>();
  for (const rule of rules.filter((candidate) => candidate.pattern.test(path))) {
    for (const [name, value] of rule.headers) merged.set(name, [...(merged.get(name) ?? []), value]);
  }
  return merged;
};
const one = (path: string, name: string) => {
  const values = headersFor(path).get(name) ?? [];
  expect(values, `${path} ${name}`).toHaveLength(1);
  return values[0];
};

const pagePaths = htmlFiles().filter((file) => file !== '404.html').map(pagePathOf);
const twinPaths = files('**/*.md').map((file) => `/${file}`);
// Every path something answers at: files, pretty page paths, functions, and a path nothing has.
const everyPath = [...files('**/*').map((file) => `/${file}`), ...pagePaths, '/catalog.json', '/api/public/health/payment', '/no/such/page'];

describe('dist/_headers', () => {
  it('never sets one header name in two rules that match the same path', () => {
    for (const path of everyPath) {
      for (const [name, values] of headersFor(path)) expect(values, `${path}: ${name}`).toHaveLength(1);
    }
  });

  it('gives every page (by its path and its file) and every Markdown twin Vary: Accept', () => {
    const pageFiles = htmlFiles().filter((file) => file !== '404.html').map((file) => `/${file}`);
    for (const path of [...pagePaths, ...pageFiles, ...twinPaths]) expect(one(path, 'vary'), path).toBe('Accept');
  });

  it('serves every twin as text/markdown; charset=utf-8, and the listings as text and XML', () => {
    for (const path of twinPaths) expect(one(path, 'content-type'), path).toBe('text/markdown; charset=utf-8');
    for (const path of ['/llms.txt', '/llms-full.txt', '/robots.txt']) expect(one(path, 'content-type'), path).toBe('text/plain; charset=utf-8');
    expect(one('/sitemap.xml', 'content-type')).toBe('application/xml; charset=utf-8');
  });

  it('sends a strict CSP, no framing and a referrer policy with every page', () => {
    for (const path of [...pagePaths, '/404.html']) {
      const csp = one(path, 'content-security-policy');
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(csp).toMatch(/(^|; )style-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(one(path, 'x-frame-options')).toBe('DENY');
      expect(one(path, 'referrer-policy')).toBeTruthy();
    }
  });

  it('leaves the API header set on /* as the header module writes it', () => {
    const all = rules.find((rule) => rule.path === '/*')!;
    for (const name of ['x-build-version', 'x-base-url', 'api-version', 'cache-control', 'access-control-allow-origin', 'ratelimit-policy']) {
      expect(all.headers.has(name), name).toBe(true);
    }
  });
});

describe('page headers over HTTP (netlify dev)', () => {
  const base = inject('serverUrl');
  const skill = files('skills/*.html')[0].replace(/\.html$/, '');
  const cluster = files('clusters/*.html')[0].replace(/\.html$/, '');

  it.skipIf(!base)('answers pages as HTML with the CSP and Vary: Accept', async () => {
    for (const path of ['/', `/${skill}`, `/${cluster}`, ...(HAS_GUIDE ? ['/docs/api'] : []), `/${skill}.html`]) {
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('vary'), path).toMatch(/\bAccept\b/);
    }
  });

  it.skipIf(!base)('answers twins as text/markdown with Vary: Accept', async () => {
    for (const path of ['/index.md', `/${skill}.md`, `/${cluster}.md`, ...(HAS_GUIDE ? ['/docs/api.md'] : [])]) {
      const response = await fetch(`${base}${path}`);
      const text = await response.text();
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('text/markdown; charset=utf-8');
      expect(response.headers.get('vary'), path).toMatch(/\bAccept\b/);
      expect(text.startsWith('---\ntitle: '), path).toBe(true);
    }
  });

  it.skipIf(!base)('answers llms.txt, llms-full.txt and robots.txt as UTF-8 text, the sitemap as XML', async () => {
    for (const path of ['/llms.txt', '/llms-full.txt', '/robots.txt']) {
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      expect(response.headers.get('content-type')?.toLowerCase(), path).toBe('text/plain; charset=utf-8');
    }
    const sitemap = await fetch(`${base}/sitemap.xml`);
    await sitemap.arrayBuffer();
    // netlify dev keeps its static server's media type over `_headers` (production takes ours).
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml(; charset=utf-8)?$/);
  });

  it.skipIf(!base)('answers an unknown page with the HTML 404 page', async () => {
    const response = await fetch(`${base}/skills/no-such-skill`);
    const text = await response.text();
    expect(response.status).toBe(404);
    expect(text).toContain('Page not found');
  });
});
