/**
 * /search.json, /search and /search.md over HTTP against `netlify dev`: the function answers its
 * paths and their /v1 twins (never the 404 catch-all), every answer checked against the schema
 * openapi.json declares for its route and status (call() does that), ETag and 304, the 400s.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { distStamp } from '../helpers/dist.ts';
import { expectFullHeaderSet } from '../helpers/header-set.ts';
import { CACHE_PUBLIC_HOUR } from '../../core/headers.ts';

const stamp = distStamp();
const headersOf = (reply: { headers: Record<string, string> }) => new Headers(reply.headers);

describe('search over HTTP', () => {
  it.each(['/search.json?q=pricng', '/v1/search.json?q=pricng'])('answers %s with results, the full header set and a strong ETag', async (path) => {
    const reply = await call(path);
    expect(reply.status).toBe(200);
    const body = JSON.parse(reply.text) as { total: number; results: { slug: string }[] };
    expect(body.results.map((item) => item.slug)).toContain('pricing-pages');
    expectFullHeaderSet(headersOf(reply), { stamp, path, cacheControl: CACHE_PUBLIC_HOUR, etag: true });
    expect(reply.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('answers its own ETag with 304 and no body', async () => {
    const first = await call('/search.json?q=launch');
    const again = await call('/search.json?q=launch', { headers: { 'if-none-match': first.headers.etag } });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });

  it.each(['/search.json', '/search.json?q=x&foo=1', '/v1/search.json?q=x&limit=500'])('answers %s with a JSON 400', async (path) => {
    const reply = await call(path);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toMatchObject({ code: 'bad_request' });
  });

  it.each(['/search?q=onboard', '/v1/search?q=onboard'])('answers %s with the results page drawn on the server', async (path) => {
    const reply = await call(path);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.text).toContain('href="/skills/onboarding-under-5-minutes"');
  });

  it('answers /search.md with the Markdown twin', async () => {
    const reply = await call('/search.md?q=launch');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/markdown; charset=utf-8');
  });
});
