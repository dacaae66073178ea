/**
 * Answers for paths with nothing published, in-process: JSON 404s (with "did you mean") for API
 * paths, Markdown for twins, the HTML page otherwise, over a catalogue made in memory
 * (test/fixtures/catalog.ts). The deployed function over the built catalogue is
 * test/dist/not-found-function.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { answerNotFound } from './not-found-answer.ts';
import type { NotFoundResources } from './not-found-answer.ts';
import { cachedCatalog } from '../runtime/catalog-source.ts';
import type { LoadedCatalog } from './catalog-answer.ts';
import { serialiseCatalog } from './catalog-layout.ts';
import { catalog } from '../test/fixtures/catalog.ts';
import { expectApiHeaders } from '../test/helpers/api-headers.ts';
import { errorBodyOf } from '../test/helpers/error-body.ts';

const constants = { buildVersion: '7.7.7+feedbee', baseUrl: 'https://shop.example', documentationUrl: 'https://shop.example/docs/api' };
const stamp = { buildVersion: constants.buildVersion, baseUrl: constants.baseUrl };
const base = constants.baseUrl;
const PAGE = '<!doctype html><html lang="en"><head><title>Lost</title></head><body><h1>This page is the built 404</h1></body></html>';

const serialised = serialiseCatalog(catalog);
const resources: NotFoundResources = {
  catalog: cachedCatalog(async (): Promise<LoadedCatalog> => ({ bytes: Buffer.from(serialised.bytes), layout: serialised.layout })),
  notFoundPage: async () => PAGE,
};

const answer = (path: string, init: RequestInit = {}, with_: NotFoundResources = resources) =>
  answerNotFound(new Request(`http://localhost${path}`, init), constants, with_);

const notFoundOf = (response: Response) => errorBodyOf(response, 404, 'not_found');

/** A slug one edit away from a real one that is not itself published. */
function nearMiss(slugs: string[]): { real: string; typo: string } {
  for (const real of slugs) {
    const typo = `${real}x`;
    if (!slugs.includes(typo)) return { real, typo };
  }
  throw new Error('no slug to misspell');
}
const skillSlugs = catalog.skills.map((skill) => skill.slug);
const bundleSlugs = catalog.bundles.map((bundle) => bundle.slug);

describe('answerNotFound: JSON paths', () => {
  it.each([
    ['an unknown skill', '/skills/no-such-skill-here.json'],
    ['an unknown bundle', '/bundles/no-such-bundle-here.json'],
    ['an unknown skill under /v1', '/v1/skills/no-such-skill-here.json'],
    ['an unknown bundle under /v1', '/v1/bundles/no-such-bundle-here.json'],
    ['any other unknown .json path', '/nothing-here.json'],
    ['a nested unknown .json path', '/skills/a/b.json'],
    ['an unknown .json path under /v1', '/v1/nothing-here.json'],
    ['an unknown path under /api/', '/api/public/nothing'],
  ])('answers %s with a JSON 404 not_found naming the path', async (_label, path) => {
    const body = await notFoundOf(await answer(path));
    expect(body.message).toContain(path);
  });

  it('answers a JSON 404 with the full header set', async () => {
    expectApiHeaders((await answer('/skills/no-such-skill-here.json')).headers, { stamp });
  });

  it('points a JSON 404 at the catalogue and openapi.json with absolute URLs', async () => {
    const body = await notFoundOf(await answer('/nothing-here.json'));
    expect(body.hints).toEqual(expect.arrayContaining([`${base}/catalog.json`, `${base}/openapi.json`]));
    for (const hint of body.hints) expect(new URL(hint).origin).toBe(base);
    expect(body.documentation_url).toBe(constants.documentationUrl);
  });

  it('suggests the nearest published skill first', async () => {
    const { real, typo } = nearMiss(skillSlugs);
    const body = await notFoundOf(await answer(`/skills/${typo}.json`));
    expect(body.hints[0]).toBe(`${base}/skills/${real}.json`);
  });

  it('suggests the nearest published bundle first', async () => {
    const { real, typo } = nearMiss(bundleSlugs);
    const body = await notFoundOf(await answer(`/bundles/${typo}.json`));
    expect(body.hints[0]).toBe(`${base}/bundles/${real}.json`);
  });

  it('suggests a /v1 address for a /v1 request', async () => {
    const { real, typo } = nearMiss(skillSlugs);
    const body = await notFoundOf(await answer(`/v1/skills/${typo}.json`));
    expect(body.hints[0]).toBe(`${base}/v1/skills/${real}.json`);
  });

  it('never points a request under an unknown major at that major', async () => {
    const { real, typo } = nearMiss(skillSlugs);
    const body = await notFoundOf(await answer(`/v2/skills/${typo}.json`));
    expect(body.hints[0]).toBe(`${base}/skills/${real}.json`);
    expect(body.hints.filter((hint) => hint.includes('/v2'))).toEqual([]);
  });

  it('keeps every hint of a /v1 request under /v1', async () => {
    const body = await notFoundOf(await answer('/v1/skills/qqqqqqqqqqqqqqqqqqqq.json'));
    for (const hint of body.hints) expect(hint.startsWith(`${base}/v1/`), hint).toBe(true);
  });

  it('suggests the nearest cluster for a misspelt cluster twin', async () => {
    const body = await notFoundOf(await answer('/clusters/pricng.json'));
    expect(body.hints[0]).toBe(`${base}/clusters/pricing.json`);
  });

  it('lets the CDN keep a 404 only as long as the 4xx class allows', async () => {
    const response = await answer('/skills/nothing-here.json');
    expect(response.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=60');
  });

  it('suggests nothing for a slug far from every published one', async () => {
    const body = await notFoundOf(await answer('/skills/qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq.json'));
    expect(body.hints.filter((hint) => hint.includes('/skills/'))).toEqual([]);
  });

  it('does not suggest a skill for a bundle path', async () => {
    const { typo } = nearMiss(skillSlugs);
    const body = await notFoundOf(await answer(`/bundles/${typo}.json`));
    expect(body.hints.filter((hint) => hint.includes('/skills/'))).toEqual([]);
  });

  it('still answers a JSON 404 when the catalogue cannot be read', async () => {
    const broken: NotFoundResources = { ...resources, catalog: () => Promise.reject(new Error('gone')) };
    const { typo } = nearMiss(skillSlugs);
    const body = await notFoundOf(await answer(`/skills/${typo}.json`, {}, broken));
    expect(body.hints).toEqual(expect.arrayContaining([`${base}/catalog.json`, `${base}/openapi.json`]));
  });

  it('strips the /index.htm that netlify dev appends', async () => {
    const body = await notFoundOf(await answer('/skills/no-such-skill-here.json/index.htm'));
    expect(body.message).toContain('/skills/no-such-skill-here.json.');
    expect(body.message).not.toContain('index.htm');
  });

  it('strips the /index.html that netlify dev appends', async () => {
    const body = await notFoundOf(await answer('/nothing-here.json/index.html'));
    expect(body.message).not.toContain('index.html');
  });

  it('answers a 404 and not 304 to If-None-Match: *', async () => {
    await notFoundOf(await answer('/nothing-here.json', { headers: { 'if-none-match': '*' } }));
  });

  it('answers HEAD with a 404 and no body', async () => {
    const response = await answer('/nothing-here.json', { method: 'HEAD' });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('');
  });
});

describe('answerNotFound: pages and twins', () => {
  it('answers an unknown page path with the built HTML 404 page', async () => {
    const response = await answer('/skills/no-such-skill-here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(PAGE);
  });

  it('answers a page path that netlify dev asks for as /index.html with the HTML page', async () => {
    const response = await answer('/skills/no-such-skill-here/index.html');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('falls back to a minimal HTML page when the built one cannot be read', async () => {
    const response = await answer('/nowhere', {}, { ...resources, notFoundPage: async () => undefined });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/^<!doctype html>[\s\S]*Not found/i);
  });

  it('answers an unknown .md path with a Markdown 404 naming the path', async () => {
    const response = await answer('/skills/no-such-skill-here.md');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await response.text();
    expect(text).toMatch(/^# Not found/);
    expect(text).toContain('/skills/no-such-skill-here.md');
  });

  it('names a long .md path cut short, never echoing it whole', async () => {
    const response = await answer(`/docs/${'a'.repeat(100_000)}.md`);
    expect(response.status).toBe(404);
    expect((await response.text()).length).toBeLessThan(1_000);
  });

  it('answers an unknown .md path under /v1 with Markdown', async () => {
    const response = await answer('/v1/bundles/no-such-bundle.md');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
  });

  it('gives the HTML and Markdown 404s the build stamp and open CORS', async () => {
    for (const path of ['/nowhere', '/nowhere.md']) {
      expectApiHeaders((await answer(path)).headers, { stamp, etag: false, where: path });
    }
  });
});

describe('answerNotFound: preflights', () => {
  it('answers OPTIONS as a CORS preflight, whichever function Netlify tries first', async () => {
    const response = await answer('/skills/no-such-skill-here.json', { method: 'OPTIONS', headers: { 'access-control-request-method': 'GET' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    // A preflight has no body, so no validator; the rest of the set is there.
    expectApiHeaders(response.headers, { stamp, etag: false });
  });
});

describe('answerNotFound: near-misses on API paths', () => {
  it.each(['/catalog.json.', '/catalog.json/', '/catalog.json~', '/skills/x.JSON', '/v1/skills/x.Json', '/version.json%20', '/API/public/nothing'])(
    'answers %s with the JSON 404, not the HTML page',
    async (path) => {
      await notFoundOf(await answer(path));
    },
  );

  it('still suggests the nearest skill for an upper-case extension', async () => {
    const { real, typo } = nearMiss(skillSlugs);
    const body = await notFoundOf(await answer(`/skills/${typo}.JSON`));
    expect(body.hints[0]).toBe(`${base}/skills/${real}.json`);
  });

  it.each(['/skills/x.MD', '/skills/x.md.'])('answers %s with the Markdown 404', async (path) => {
    const response = await answer(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
  });

  it.each(['/jsonp', '/skills/json', '/skills/x.jsonl-notes'])('keeps the HTML page for %s, which is not named like a JSON document', async (path) => {
    expect((await answer(path)).headers.get('content-type')).toMatch(/^text\/html/);
  });
});
