import { describe, expect, it } from 'vitest';
import { apiHeaders, cdnCacheHeaders, cdnLifetime, lifecycleHeaders, majorOfPath, MAJORS, preflightHeaders } from './headers.ts';

const stamp = { buildVersion: '1.0.0+abc1234', baseUrl: 'https://shop.example' };

describe('apiHeaders', () => {
  it('carries every header the specification lists for JSON responses', () => {
    const headers = apiHeaders(stamp);
    expect(headers).toMatchObject({
      'x-build-version': '1.0.0+abc1234',
      'x-base-url': 'https://shop.example',
      'api-version': '1',
      'cache-control': 'public, max-age=3600',
      'ratelimit-policy': '600;w=3600',
      'ratelimit-limit': '600',
      'ratelimit-remaining': '600',
      'ratelimit-reset': '3600',
      'access-control-allow-origin': '*',
    });
    const exposed = headers['access-control-expose-headers'].split(', ');
    for (const name of ['x-build-version', 'x-base-url', 'api-version', 'etag', 'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'deprecation', 'sunset']) {
      expect(exposed).toContain(name);
    }
  });

  it('has no deprecation headers while major 1 is not retiring', () => {
    expect(MAJORS[1]).toEqual({});
    const headers = apiHeaders(stamp);
    expect(headers).not.toHaveProperty('deprecation');
    expect(headers).not.toHaveProperty('sunset');
  });

  it('announces a retiring major with deprecation, sunset and link headers', () => {
    const majors = {
      1: { deprecation: new Date('2027-01-01T00:00:00Z'), sunset: new Date('2027-07-01T00:00:00Z'), link: 'https://shop.example/docs/api#v2' },
      2: {},
    };
    expect(apiHeaders(stamp, { major: 1, majors })).toMatchObject({
      'api-version': '1',
      deprecation: '@1798761600',
      sunset: 'Thu, 01 Jul 2027 00:00:00 GMT',
      link: '<https://shop.example/docs/api#v2>; rel="deprecation"; type="text/html"',
    });
    expect(apiHeaders(stamp, { major: 2, majors })).not.toHaveProperty('deprecation');
  });

  it('states the cache lifetime it is given', () => {
    expect(apiHeaders(stamp, { cacheControl: 'no-store' })['cache-control']).toBe('no-store');
  });
});

describe('lifecycleHeaders', () => {
  it('gives nothing for a major without dates', () => expect(lifecycleHeaders({})).toEqual({}));
});

describe('majorOfPath', () => {
  it('pins a known /vN prefix', () => expect(majorOfPath('/v1/catalog.json')).toBe(1));
  it('answers an unprefixed path with the current major', () => expect(majorOfPath('/catalog.json')).toBe(1));
  it('answers an unknown major with the current one', () => expect(majorOfPath('/v9/catalog.json')).toBe(1));
  it('reads a listed major', () => expect(majorOfPath('/v2/x.json', { 1: {}, 2: {} })).toBe(2));
});

describe('preflightHeaders', () => {
  it('allows GET, HEAD and OPTIONS with the conditional and negotiation headers', () => {
    expect(preflightHeaders()).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      'access-control-allow-headers': 'if-none-match, accept, user-agent',
    });
    expect(Number(preflightHeaders()['access-control-max-age'])).toBeGreaterThan(0);
  });
});

describe('cdnLifetime', () => {
  it('keeps a success until the next deploy, in the durable cache', () => {
    for (const status of [200, 203, 204, 304]) expect(cdnLifetime(status), String(status)).toBe('public, durable, s-maxage=31536000');
  });

  it('keeps a client error a minute, per edge', () => {
    for (const status of [400, 404, 405, 410, 429]) {
      expect(cdnLifetime(status), String(status)).toBe('public, s-maxage=60');
    }
  });

  it('keeps nothing else', () => {
    for (const status of [301, 302, 500, 502, 503]) expect(cdnLifetime(status), String(status)).toBe('no-store');
  });

  it('gives every status the same Netlify-Vary beside its lifetime', () => {
    expect(cdnCacheHeaders(400)).toEqual({ 'netlify-cdn-cache-control': 'public, s-maxage=60', 'netlify-vary': 'query' });
    expect(cdnCacheHeaders(200)['netlify-vary']).toBe(cdnCacheHeaders(503)['netlify-vary']);
  });
});
