/**
 * The catalog function as it is reached in production: behind Netlify's CDN, which compresses
 * answers on the way out (and then hands out `"<tag>-df"`), keeps them for as long as
 * `Netlify-CDN-Cache-Control` says, and revalidates them with `If-None-Match`. In process, through
 * the function's own module, with no `_headers` and no emulator in play.
 */
import { describe, expect, it } from 'vitest';
import catalogFunction from '../../functions/catalog.ts';
import { CDN_LIFETIMES } from '../../core/headers.ts';
import { headerRecord } from '../helpers/api-headers.ts';

const call = (path: string, headers: Record<string, string> = {}) => catalogFunction(new Request(`http://localhost${path}`, { headers }));
const tagOf = async (path: string) => (await call(path)).headers.get('etag')!;
/** Our tag as the CDN hands it to a client that accepted gzip or br. */
const compressed = (tag: string) => `${tag.slice(0, -1)}-df"`;

/**
 * RFC 9110 §15.4.5: a 304 carries, of what its 200 would carry, Cache-Control, Content-Location,
 * Date, ETag, Expires and Vary. That is all a 304 made by Netlify's CDN from its stored copy carries
 * (custom headers are left off on purpose: answers.netlify.com/t/34812/42); the client takes every
 * other header from the 200 it stored (RFC 9111 §4.3.4).
 */
const NOT_MODIFIED_FIELDS = ['cache-control', 'content-location', 'date', 'etag', 'expires', 'vary'];

describe('revalidation with the tag the CDN handed out', () => {
  const path = '/catalog.json?cluster=ship&limit=2';

  it('answers <tag>-df with 304 and no body', async () => {
    const response = await call(path, { 'if-none-match': compressed(await tagOf(path)) });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
  });

  it('answers W/"<tag>-df" and a list holding it with 304', async () => {
    const tag = await tagOf(path);
    expect((await call(path, { 'if-none-match': `W/${compressed(tag)}` })).status).toBe(304);
    expect((await call(path, { 'if-none-match': `"0", ${compressed(tag)}, "1"` })).status).toBe(304);
  });

  it('answers the unfiltered catalogue and /v1 alike', async () => {
    for (const each of ['/catalog.json', '/v1/catalog.json?sort=title']) {
      expect((await call(each, { 'if-none-match': compressed(await tagOf(each)) })).status, each).toBe(304);
    }
  });

  it("answers another query's compressed tag with 200 and the body", async () => {
    const response = await call(path, { 'if-none-match': compressed(await tagOf('/catalog.json?cluster=ship&limit=3')) });
    expect(response.status).toBe(200);
    expect((await response.text()).length).toBeGreaterThan(0);
  });
});

describe('what the function’s 304 carries', () => {
  const path = '/catalog.json?sort=price_desc';

  it('carries every header of its 200, with the same values, but the body’s media type', async () => {
    const full = headerRecord((await call(path)).headers);
    const notModified = headerRecord((await call(path, { 'if-none-match': compressed(full.etag) })).headers);
    const { 'content-type': mediaType, ...rest } = full;
    expect(mediaType).toMatch(/^application\/json/);
    expect(notModified).toEqual(rest);
  });

  it('carries every field RFC 9110 asks of a 304 that its 200 has, so a CDN-made 304 has them too', async () => {
    const full = headerRecord((await call(path)).headers);
    const notModified = headerRecord((await call(path, { 'if-none-match': full.etag })).headers);
    const present = NOT_MODIFIED_FIELDS.filter((name) => name in full);
    expect(present).toEqual(expect.arrayContaining(['cache-control', 'etag']));
    for (const name of present) expect(notModified[name], name).toBe(full[name]);
  });

  it('names our own tag, not the suffixed one: the CDN adds its suffix only to a body it encodes', async () => {
    const tag = await tagOf(path);
    expect((await call(path, { 'if-none-match': compressed(tag) })).headers.get('etag')).toBe(tag);
  });

  it('renews the CDN’s copy until the next deploy when the CDN revalidates it', async () => {
    const response = await call(path, { 'if-none-match': await tagOf(path) });
    expect(response.headers.get('netlify-cdn-cache-control')).toBe(CDN_LIFETIMES.success);
    expect(response.headers.get('netlify-vary')).toBe('query');
  });
});

describe('how long the CDN keeps each answer', () => {
  it('keeps a 200 in the durable cache until the next deploy clears it', async () => {
    const response = await call('/catalog.json?cluster=ideas');
    expect(response.status).toBe(200);
    expect(response.headers.get('netlify-cdn-cache-control')).toBe('public, durable, s-maxage=31536000');
  });

  it('keeps a 400 a minute at most and never in the durable cache, so no deploy finds it there', async () => {
    const response = await call('/catalog.json?cluster=not-yet-a-cluster');
    expect(response.status).toBe(400);
    const lifetime = response.headers.get('netlify-cdn-cache-control') ?? '';
    expect(lifetime).not.toMatch(/\bdurable\b/);
    expect(Number(/\bs-maxage=([0-9]+)/.exec(lifetime)?.[1])).toBeLessThanOrEqual(60);
    expect(response.headers.get('netlify-vary')).toBe('query');
  });

  it('keys every status on the same Netlify-Vary, as Netlify asks of one URL', async () => {
    const vary = await Promise.all(['?limit=1', '?limit=0', '?nope=1'].map(async (query) => (await call(`/catalog.json${query}`)).headers.get('netlify-vary')));
    expect(new Set(vary)).toEqual(new Set(['query']));
  });
});
