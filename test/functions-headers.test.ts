/**
 * Netlify applies `_headers` to files from its own store only, never to a function's answer
 * (https://docs.netlify.com/routing/headers/, "Limitations": custom headers apply only to files
 * Netlify serves from its own backing store, "the function should return any required headers
 * instead"); `netlify dev` applies them anyway, which hides the gap. So each
 * function's default export is called here in-process, with no `_headers` in play, and every
 * answer (each status, JSON or page) is compared with the headers `dist/_headers` gives a static
 * file of the same kind, as Netlify compiles and matches the rules (@netlify/headers-parser, each
 * rule's `forRegExp` against the path, as netlify-cli's `headersForPath` does).
 */
import { join } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ownedHeaderNames } from '../core/page-headers.ts';
import cardFunction from '../functions/card.ts';
import catalogFunction from '../functions/catalog.ts';
import notFoundFunction from '../functions/not-found.ts';
import otherMethodsFunction from '../functions/other-methods.ts';
import { distCatalog, DIST } from './helpers/dist.ts';

interface CompiledRule {
  forRegExp: RegExp;
  values: Record<string, string>;
}

let rules: CompiledRule[];
beforeAll(async () => {
  const { headers, errors } = await parseAllHeaders({ headersFiles: [join(DIST, '_headers')], configHeaders: undefined, minimal: false });
  expect(errors).toEqual([]);
  rules = headers as CompiledRule[];
});

/** The headers the build decides for a static file at `path` (rules kept by hand left out). */
function staticHeaders(path: string): Record<string, string> {
  const owned = ownedHeaderNames();
  const headers: Record<string, string> = {};
  for (const rule of rules.filter((candidate) => candidate.forRegExp.test(path))) {
    for (const [name, value] of Object.entries(rule.values)) if (owned.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  return headers;
}

const skill = distCatalog().skills[0].slug;
/** A static file of each kind of document a function answers. */
const SAME_KIND = { json: '/version.json', html: `/skills/${skill}`, markdown: `/skills/${skill}.md` } as const;

/** Every header the static file gets is on the answer with the same value; `differ` names the exceptions. */
function expectStaticSet(response: Response, kind: keyof typeof SAME_KIND, where: string, differ: Record<string, string> = {}): void {
  const expected = { ...staticHeaders(SAME_KIND[kind]), ...differ };
  const got = Object.fromEntries(response.headers.entries());
  expect(Object.keys(expected).length, 'the static file has headers to compare').toBeGreaterThan(10);
  for (const [name, value] of Object.entries(expected)) expect(got[name], `${where}: ${name}`).toBe(value);
}

const request = (path: string, init?: RequestInit) => new Request(`https://shop.example${path}`, init);

describe('function answers carry the static header set themselves', () => {
  it.each([
    ['200', '/catalog.json?limit=1'],
    ['200 under /v1', '/v1/catalog.json'],
    ['400', '/catalog.json?cluster=nope'],
    ['400 for malformed percent-encoding', '/catalog.json?cluster=%E0%A4%A'],
  ])('catalog %s', async (_label, path) => {
    expectStaticSet(await catalogFunction(request(path)), 'json', path);
  });

  it('catalog 304', async () => {
    const etag = (await catalogFunction(request('/catalog.json?limit=2'))).headers.get('etag')!;
    const response = await catalogFunction(request('/catalog.json?limit=2', { headers: { 'if-none-match': etag } }));
    expect(response.status).toBe(304);
    // A 304 has no body, so no content-type; everything else is the 200's.
    const { 'content-type': _, ...rest } = staticHeaders(SAME_KIND.json);
    for (const [name, value] of Object.entries(rest)) expect(response.headers.get(name), name).toBe(value);
  });

  it('catalog 405', async () => {
    const response = await catalogFunction(request('/catalog.json', { method: 'DELETE' }));
    expect(response.status).toBe(405);
    expectStaticSet(response, 'json', 'DELETE /catalog.json');
  });

  it('catalog 500, with no-store', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { answeringErrors } = await import('../core/respond.ts');
    const constants = { ...(await import('../runtime/generated/function-constants.json', { with: { type: 'json' } })).default };
    const failing = answeringErrors(constants, () => {
      throw new Error('boom');
    });
    expectStaticSet(await failing(request('/catalog.json')), 'json', '500', { 'cache-control': 'no-store' });
    vi.restoreAllMocks();
  });

  it.each(['/cards/skill/no-such-skill.0123456789abcdef.png', '/v1/cards/author/x.png', '/cards/home.0123456789abcdef.png?x=1'])('card JSON error for %s', async (path) => {
    const response = await cardFunction(request(path));
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expectStaticSet(response, 'json', path);
  });

  it.each(['/skills/no-such-skill.json', '/v1/bundles/nope.json', '/catalog.json.', '/api/public/nothing', '/%ZZ'])('not-found JSON answer for %s', async (path) => {
    const response = await notFoundFunction(request(path));
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expectStaticSet(response, 'json', path);
  });

  it.each(['/skills/no-such-skill', '/nowhere', '/v1/nowhere'])('not-found HTML page for %s: CSP, frame-ancestors, referrer-policy, nosniff and Vary', async (path) => {
    const response = await notFoundFunction(request(path));
    expect(response.status).toBe(404);
    expectStaticSet(response, 'html', path, { 'content-type': 'text/html; charset=utf-8' });
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('vary')).toBe('Accept');
  });

  it('not-found Markdown page', async () => {
    const response = await notFoundFunction(request('/skills/no-such-skill.md'));
    expect(response.status).toBe(404);
    expectStaticSet(response, 'markdown', '/skills/no-such-skill.md');
  });

  it.each([
    ['OPTIONS', 204],
    ['POST', 405],
    ['PATCH', 405],
  ])('other-methods %s', async (method, status) => {
    const response = await otherMethodsFunction(request(`/skills/${skill}.json`, { method }));
    expect(response.status).toBe(status);
    expectStaticSet(response, 'json', method);
    if (status === 405) expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
