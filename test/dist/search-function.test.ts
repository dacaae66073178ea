/**
 * functions/search.ts called in-process over the built dist/ (no server, no `_headers`): the API's
 * answers, their headers, validators and errors; the results page with and without a query; its
 * Markdown twin; and a 500 with every header when the index cannot be read.
 */
import { describe, expect, it } from 'vitest';
import { TWIN_FRONT_MATTER_KEYS } from '../../core/twin-front-matter.ts';
import { HtmlValidate, FileSystemConfigLoader } from 'html-validate';
import searchFunction, { config } from '../../functions/search.ts';
import functionConstants from '../../runtime/generated/function-constants.json' with { type: 'json' };
import { apiValidator } from '../../build/ajv.ts';
import { CACHE_NO_STORE, CACHE_PUBLIC_HOUR } from '../../core/headers.ts';
import { CONTENT_SECURITY_POLICY } from '../../core/page-headers.ts';
import { answerSearch } from '../../core/search-answer.ts';
import { searchRenderers } from '../../site/search-page.ts';
import type { PageFrame } from '../../site/pages/frame.ts';
import type { ErrorBody, SearchResults } from '../../core/types.ts';
import { distCatalog, distStamp } from '../helpers/dist.ts';
import { expectFullHeaderSet } from '../helpers/header-set.ts';

const call = (path: string, init?: RequestInit) => searchFunction(new Request(`http://localhost${path}`, init));
const stamp = { buildVersion: functionConstants.buildVersion, baseUrl: functionConstants.baseUrl };
const validResults = apiValidator('SearchResults');
const validError = apiValidator('Error');

describe('GET /search.json', () => {
  it('answers the items as catalog.json lists them, best first, each with a score, in the SearchResults schema', async () => {
    const response = await call('/search.json?q=pricing&limit=5');
    expect(response.status).toBe(200);
    const body = (await response.json()) as SearchResults;
    expect(validResults(body), JSON.stringify(validResults.errors)).toBe(true);
    expect(body.query).toEqual({ q: 'pricing', clusters: [], kind: null, types: [], limit: 5 });
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(5);
    expect(body.total).toBeGreaterThanOrEqual(body.results.length);
    const catalog = distCatalog();
    const published = new Map([...catalog.skills, ...catalog.bundles].map((item) => [`${item.type}:${item.slug}`, item]));
    for (const { score, ...item } of body.results) {
      if (item.type !== 'doc') expect(item).toEqual(published.get(`${item.type}:${item.slug}`));
      expect(score).toBeGreaterThan(0);
    }
    const scores = body.results.map((item) => item.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('answers under /v1 with the same body', async () => {
    const plain = await (await call('/search.json?q=interview')).text();
    expect(await (await call('/v1/search.json?q=interview')).text()).toBe(plain);
  });

  it.each(['/search.json?q=launch', '/v1/search.json?q=launch&type=skill', '/search.json?q=zzzzqqq'])('answers %s with the full header set and a strong ETag', async (path) => {
    const response = await call(path);
    expect(response.status).toBe(200);
    expectFullHeaderSet(response.headers, { stamp, path, cacheControl: CACHE_PUBLIC_HOUR, etag: true });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    // Each distinct query reaches the function once per deploy, as the catalogue's do.
    expect(response.headers.get('netlify-cdn-cache-control')).toMatch(/\bdurable\b/);
    expect(response.headers.get('netlify-vary')).toBe('query');
  });

  it('carries the build version dist/version.json states', async () => {
    expect((await call('/search.json?q=x')).headers.get('x-build-version')).toBe(distStamp().buildVersion);
  });

  it('answers If-None-Match with 304 and every header, for one spelling of the query as for another', async () => {
    const first = await call('/search.json?q=pricing&cluster=pricing,ideas');
    const etag = first.headers.get('etag')!;
    const again = await call('/search.json?q=%20pricing&cluster=ideas&cluster=pricing', { headers: { 'if-none-match': `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expectFullHeaderSet(again.headers, { stamp, path: '/search.json', cacheControl: CACHE_PUBLIC_HOUR, etag: true });
    expect((await call('/search.json?q=pricing', { headers: { 'if-none-match': etag } })).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await call('/search.json?q=launch', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe((await call('/search.json?q=launch')).headers.get('etag'));
    expect(await response.text()).toBe('');
  });

  it.each([
    ['/search.json', 'q'],
    ['/search.json?q=', 'q'],
    ['/search.json?q=a&q=b', 'q'],
    ['/search.json?q=a&foo=1', 'foo'],
    ['/search.json?q=a&limit=0', 'limit'],
    ['/search.json?q=a&cluster=ideaz', 'cluster'],
    ['/search.json?q=a&kind=tool', 'kind'],
    ['/search.json?q=a&type=page', 'type'],
    ['/v1/search.json?q=a&Limit=5', 'Limit'],
  ])('answers %s with a 400 naming %s, in the Error schema with every header', async (path, parameter) => {
    const response = await call(path);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(validError(body), JSON.stringify(validError.errors)).toBe(true);
    expect(body.code).toBe('bad_request');
    expect(body.message).toContain(`"${parameter}"`);
    expectFullHeaderSet(response.headers, { stamp, path, etag: true });
  });

  it('keeps the hints of a 400 under /v1 when asked there', async () => {
    const body = (await (await call('/v1/search.json?q=a&kind=commands')).json()) as ErrorBody;
    expect(body.hints[0]).toBe(`${stamp.baseUrl}/v1/search.json?kind=command`);
  });

  it('answers a preflight with 204 and the write methods with a JSON 405', async () => {
    expect((await call('/search.json', { method: 'OPTIONS', headers: { origin: 'https://x.example', 'access-control-request-method': 'GET' } })).status).toBe(204);
    const refused = await call('/search.json?q=a', { method: 'POST' });
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('the search page, /search', () => {
  const validate = async (html: string) => {
    const report = await new HtmlValidate(new FileSystemConfigLoader()).validateString(html);
    return report.results.flatMap((result) => result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`));
  };

  it('answers a GET of the form with the results drawn on the server, so a search needs no script', async () => {
    const response = await call('/search?q=onboard');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const html = await response.text();
    expect(html).toContain('href="/skills/onboarding-under-5-minutes"');
    expect(html).toMatch(/id="search-status"[^>]*>\d+ results? for “onboard”/);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('value="onboard"');
    expect(await validate(html)).toEqual([]);
  });

  it('shows the empty form without a query, and names a bad parameter beside the form, with no results', async () => {
    const empty = await call('/search');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('<form class="search-page-form"');
    const bad = await call('/v1/search?q=x&kind=tool');
    expect(bad.status).toBe(200);
    expect(bad.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await bad.text();
    expect(html).toContain('Parameter "kind" has the unknown value "tool"');
    expect(html).toMatch(/<ol class="cards search-results" id="search-results"><\/ol>/);
  });

  it('has a Markdown twin at /search.md with the twin front matter keys and the results', async () => {
    const response = await call('/search.md?q=launch');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await response.text();
    const matter = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '';
    expect(matter.split('\n').map((line) => line.split(':')[0])).toEqual([...TWIN_FRONT_MATTER_KEYS]);
    expect(text).toContain('/skills/launch-week.md)');
  });
});

describe('the function', () => {
  it('owns its paths and their /v1 twins, for every method Netlify routes', () => {
    expect(config.path).toEqual(['/search.json', '/v1/search.json', '/search', '/v1/search', '/search.md', '/v1/search.md']);
    expect(config.method).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });

  it('answers 500 with every header and no-store when the index cannot be read, and logs the cause', async () => {
    const missing = async () => { throw new Error('ENOENT: search-index.json.gz'); };
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await answerSearch(new Request('http://localhost/search.json?q=x'), { search: missing, frame: missing as () => Promise<PageFrame>, renderers: async () => searchRenderers }, { ...stamp, documentationUrl: functionConstants.documentationUrl });
      expect(response.status).toBe(500);
      expect(((await response.json()) as ErrorBody).code).toBe('server_error');
      expectFullHeaderSet(response.headers, { stamp, path: '/search.json', cacheControl: CACHE_NO_STORE, etag: true });
      expect(errors).toHaveLength(1);
    } finally {
      console.error = log;
    }
  });
});
