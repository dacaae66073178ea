/**
 * The deployed catalog function (functions/catalog.ts) in-process over the catalogue the build
 * wrote into dist/: every header it must set itself (production applies no `_headers` to a
 * function's answer), the built bytes, and no crash on malformed input. The answers' rules over a
 * catalogue made in memory are core/catalog-answer.test.ts.
 */
import { describe, expect, it } from 'vitest';
import functionConstants from '../../runtime/generated/function-constants.json' with { type: 'json' };
import catalogFunction from '../../functions/catalog.ts';
import { CACHE_PUBLIC_HOUR } from '../../core/headers.ts';
import { distStamp, readDist } from '../helpers/dist.ts';
import { expectApiHeaders } from '../helpers/api-headers.ts';
import { errorBodyOf } from '../helpers/error-body.ts';

const CACHE_HOUR = CACHE_PUBLIC_HOUR;
const fileBytes = readDist('catalog.json');

const errorOf = (response: Response, status: number) => errorBodyOf(response, status);

describe('functions/catalog.ts: the full header set with no _headers in play', () => {
  const deployed = { buildVersion: functionConstants.buildVersion, baseUrl: functionConstants.baseUrl };
  const call = (path: string, init?: RequestInit) => catalogFunction(new Request(`http://localhost${path}`, init));

  it.each(['/catalog.json', '/catalog.json?cluster=ship&sort=title', '/v1/catalog.json?limit=3'])('answers %s with every API header', async (path) => {
    const response = await call(path);
    expect(response.status).toBe(200);
    expectApiHeaders(response.headers, { stamp: deployed, cacheControl: CACHE_HOUR });
  });

  it('lets the CDN keep each distinct query until the next deploy', async () => {
    const response = await call('/catalog.json?sort=title');
    expect(response.headers.get('netlify-cdn-cache-control')).toMatch(/\bdurable\b/);
    expect(response.headers.get('netlify-cdn-cache-control')).toMatch(/\bs-maxage=[1-9][0-9]*/);
    expect(response.headers.get('netlify-vary')).toBe('query');
  });

  it('answers /catalog.json with the bytes of dist/catalog.json', async () => {
    expect(Buffer.from(await (await call('/catalog.json')).arrayBuffer()).equals(fileBytes)).toBe(true);
  });

  it('carries the build version the build wrote into dist/version.json', async () => {
    expect((await call('/catalog.json')).headers.get('x-build-version')).toBe(distStamp().buildVersion);
  });

  it('answers a 304 with every API header', async () => {
    const tag = (await call('/catalog.json?limit=1')).headers.get('etag')!;
    const response = await call('/catalog.json?limit=1', { headers: { 'if-none-match': tag } });
    expect(response.status).toBe(304);
    expectApiHeaders(response.headers, { stamp: deployed, cacheControl: CACHE_HOUR });
  });

  it('answers a 400 with every API header', async () => {
    const response = await call('/catalog.json?cluster=nope');
    expect(response.status).toBe(400);
    expectApiHeaders(response.headers, { stamp: deployed, cacheControl: CACHE_HOUR });
  });
});

describe('functions/catalog.ts: malformed percent-encoding', () => {
  it.each([['?cluster=%E0%A4%A', 'parameter "cluster"'], ['?sort=%ZZ', 'parameter "sort"'], ['?limit=5%', 'parameter "limit"'], ['?a=1&%zz=2', 'parameter name "%zz"']])(
    'answers %s with a JSON 400 that names the parameter, never a crash or a guess', async (query, named) => {
      const response = await catalogFunction(new Request(`http://localhost/catalog.json${query}`));
      const body = await errorOf(response, 400);
      expect(body.message).toMatch(/malformed percent-encoding/);
      expect(body.message.startsWith(`The request's query ${named} has malformed percent-encoding`), body.message).toBe(true);
    });
});
