/**
 * The catalogue's answers in-process: Request in, Response out, over a small catalogue made in
 * memory (test/fixtures/catalog.ts), serialised with its layout as the build does it. Expected
 * values come from that catalogue and the specification's rules (test/helpers/catalog-oracle.ts),
 * never from the query core under test. The deployed function over the built catalogue is
 * test/dist/catalog-function.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerCatalog } from './catalog-answer.ts';
import { cachedCatalog, loadCatalog } from '../runtime/catalog-source.ts';
import type { LoadedCatalog } from './catalog-answer.ts';
import { jsonResponse } from './respond.ts';
import { apiHeaders } from './headers.ts';
import type { MajorLifecycle } from './headers.ts';
import { apiValidator } from '../build/ajv.ts';
import type { Catalog } from './types.ts';
import { catalog as fixtureCatalog } from '../test/fixtures/catalog.ts';
import { serialiseCatalog } from './catalog-layout.ts';
import { expectApiHeaders, headerRecord } from '../test/helpers/api-headers.ts';
import { CLUSTERS, expectedAnswer, matchesClusters } from '../test/helpers/catalog-oracle.ts';
import { errorBodyOf } from '../test/helpers/error-body.ts';

/** Made-up constants, so every stamp, hint and link must come from them and not from elsewhere. */
const constants = { buildVersion: '7.7.7+feedbee', baseUrl: 'https://shop.example', documentationUrl: 'https://shop.example/docs/api' };
const stamp = { buildVersion: constants.buildVersion, baseUrl: constants.baseUrl };
const CACHE_HOUR = 'public, max-age=3600';

const catalog: Catalog = fixtureCatalog;
/** The catalogue file and its layout, as the build writes them. */
const serialised = serialiseCatalog(catalog);
const fileBytes = Buffer.from(serialised.bytes);
/** The same bytes as a file, for reading without the layout. */
const catalogDir = mkdtempSync(join(tmpdir(), 'catalog-file-'));
const catalogFile = join(catalogDir, 'catalog.json');
writeFileSync(catalogFile, fileBytes);
afterAll(() => rmSync(catalogDir, { recursive: true, force: true }));
/** As the deployed function reads it: with the layout the build made. */
const getCatalog = cachedCatalog(async (): Promise<LoadedCatalog> => ({ bytes: fileBytes, layout: serialised.layout }));

function answer(query = '', init: RequestInit = {}, get: () => Promise<LoadedCatalog> = getCatalog, path = '/catalog.json') {
  return answerCatalog(new Request(`http://localhost${path}${query}`, init), get, constants);
}

async function catalogOf(response: Response): Promise<Catalog> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Catalog;
  const validate = apiValidator('Catalog');
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  return body;
}

const errorOf = (response: Response, status: number) => errorBodyOf(response, status);

const slugsOf = (body: Catalog) => body.skills.map((skill) => skill.slug);
const bundleSlugsOf = (body: Catalog) => body.bundles.map((bundle) => bundle.slug);
const withoutBodyHeaders = (headers: Headers) => {
  const record = headerRecord(headers);
  delete record['content-type'];
  delete record['content-length'];
  return record;
};

describe('answerCatalog: the unfiltered catalogue', () => {
  it('answers /catalog.json with exactly the bytes of the catalogue file', async () => {
    const response = await answer();
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(fileBytes)).toBe(true);
  });

  it('answers /v1/catalog.json with the same bytes and the same tag', async () => {
    const [plain, pinned] = await Promise.all([answer(), answer('', {}, getCatalog, '/v1/catalog.json')]);
    expect(Buffer.from(await pinned.arrayBuffer()).equals(Buffer.from(await plain.arrayBuffer()))).toBe(true);
    expect(pinned.headers.get('etag')).toBe(plain.headers.get('etag'));
    expect(pinned.headers.get('api-version')).toBe('1');
  });

  it('gives the unfiltered answer the same strong ETag on every request and in a fresh instance', async () => {
    const first = (await answer()).headers.get('etag');
    const again = (await answer()).headers.get('etag');
    const freshInstance = (await answer('', {}, cachedCatalog(() => loadCatalog([catalogFile])))).headers.get('etag');
    expect(first).toMatch(/^"[^"]+"$/);
    expect(again).toBe(first);
    expect(freshInstance).toBe(first);
  });

  it('answers an empty query string like no query at all', async () => {
    const response = await answer('?');
    expect(Buffer.from(await response.arrayBuffer()).equals(fileBytes)).toBe(true);
  });

  it('answers every query with the same bytes whether or not the build layout is used', async () => {
    const parsed = cachedCatalog(() => loadCatalog([catalogFile]));
    for (const query of ['?cluster=ideas', '?sort=title&limit=3', '?cluster=pricing,gtm&sort=-price']) {
      const [fast, slow] = await Promise.all([answer(query), answer(query, {}, parsed)]);
      expect(Buffer.from(await fast.arrayBuffer()).equals(Buffer.from(await slow.arrayBuffer())), query).toBe(true);
      expect(fast.headers.get('etag'), query).toBe(slow.headers.get('etag'));
    }
  });
});

describe('answerCatalog: filter, sort and limit', () => {
  it.each(CLUSTERS)('keeps exactly the skills in cluster %s, in catalogue order, and counts them', async (cluster) => {
    const body = await catalogOf(await answer(`?cluster=${cluster}`));
    const expected = expectedAnswer(catalog, new URLSearchParams({ cluster }));
    if (!expected.ok) throw new Error('the oracle refused a valid cluster');
    expect(slugsOf(body)).toEqual(expected.skills);
    expect(body.skill_count).toBe(expected.skillCount);
    expect(body.query).toEqual({ clusters: [cluster], sort: 'default', limit: null });
  });

  it('matches a skill on the second of its two clusters', async () => {
    const twoClusters = catalog.skills.find((skill) => skill.clusters.length === 2);
    expect(twoClusters, 'the sample catalogue has a skill in two clusters').toBeDefined();
    const body = await catalogOf(await answer(`?cluster=${twoClusters!.clusters[1].id}`));
    expect(slugsOf(body)).toContain(twoClusters!.slug);
  });

  it('folds a repeated cluster, comma lists and duplicates into one answer echoed in catalogue order', async () => {
    const folded = await answer('?cluster=gtm&cluster=ideas,ship&cluster=ideas');
    const canonical = await answer('?cluster=ideas,ship,gtm');
    const foldedBytes = Buffer.from(await folded.arrayBuffer());
    expect(foldedBytes.equals(Buffer.from(await canonical.arrayBuffer()))).toBe(true);
    expect(folded.headers.get('etag')).toBe(canonical.headers.get('etag'));
    expect(JSON.parse(foldedBytes.toString()).query.clusters).toEqual(['ideas', 'ship', 'gtm']);
  });

  it.each([
    ['price', 'price_asc'],
    ['-price', 'price_desc'],
  ])('echoes the short form sort=%s as %s and answers the same', async (short, canonical) => {
    const viaShort = await catalogOf(await answer(`?sort=${short}`));
    const viaCanonical = await catalogOf(await answer(`?sort=${canonical}`));
    expect(viaShort.query.sort).toBe(canonical);
    expect(viaShort).toEqual(viaCanonical);
  });

  it.each(['default', 'title', 'price_asc', 'price_desc'])('orders the skills by sort=%s', async (sort) => {
    const body = await catalogOf(await answer(`?sort=${sort}`));
    const expected = expectedAnswer(catalog, new URLSearchParams({ sort }));
    if (!expected.ok) throw new Error('the oracle refused a valid sort');
    expect(slugsOf(body)).toEqual(expected.skills);
    expect(body.query.sort).toBe(sort);
  });

  it('cuts the list at limit but counts every match', async () => {
    const body = await catalogOf(await answer('?limit=1'));
    expect(body.skills).toEqual([catalog.skills[0]]);
    expect(body.skill_count).toBe(catalog.skills.length);
    expect(body.query.limit).toBe(1);
  });

  it('answers limit=200 with every skill', async () => {
    const body = await catalogOf(await answer('?limit=200'));
    expect(body.skills).toEqual(catalog.skills);
    expect(body.query.limit).toBe(200);
  });

  it('filters, then sorts, then cuts by limit', async () => {
    const params = new URLSearchParams('cluster=ideas,pricing&sort=price_desc&limit=2');
    const body = await catalogOf(await answer(`?${params}`));
    const expected = expectedAnswer(catalog, params);
    if (!expected.ok) throw new Error('the oracle refused a valid query');
    expect(slugsOf(body)).toEqual(expected.skills);
    expect(body.skill_count).toBe(expected.skillCount);
  });

  it('does not limit bundles', async () => {
    const body = await catalogOf(await answer('?limit=1'));
    expect(body.bundles).toEqual(catalog.bundles);
  });

  it('omits a bundle with fewer than two matching skills and lists the others with their full skill list', async () => {
    // Find a filter under which the sample content lists some bundles and omits others.
    const filters = CLUSTERS.flatMap((a) => [[a], ...CLUSTERS.filter((b) => b > a).map((b) => [a, b])]);
    const telling = filters.find((clusters) => {
      const listed = catalog.bundles.filter((bundle) => bundle.skills.filter((member) =>
        matchesClusters(catalog.skills.find((skill) => skill.slug === member.slug)!, clusters)).length >= 2);
      return listed.length > 0 && listed.length < catalog.bundles.length;
    });
    expect(telling, 'the sample catalogue has a filter that keeps some bundles and drops others').toBeDefined();
    const params = new URLSearchParams({ cluster: telling!.join(',') });
    const body = await catalogOf(await answer(`?${params}`));
    const expected = expectedAnswer(catalog, params);
    if (!expected.ok) throw new Error('the oracle refused a valid query');
    expect(bundleSlugsOf(body)).toEqual(expected.bundles);
    for (const bundle of body.bundles) expect(bundle).toEqual(catalog.bundles.find((b) => b.slug === bundle.slug));
  });

  it('gives each distinct answer its own strong ETag', async () => {
    const tags = await Promise.all(['', '?limit=1', '?limit=2', '?sort=title', '?cluster=ideas'].map(async (q) => (await answer(q)).headers.get('etag')));
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
    expect(new Set(tags).size).toBe(tags.length);
  });
});

describe('answerCatalog: 400 for anything it would have to guess', () => {
  it.each([
    ['an unknown parameter name', 'page=2', 'page'],
    ['a parameter name in another case', 'Cluster=ideas', 'Cluster'],
    ['an unknown cluster', 'cluster=marketing', 'cluster'],
    ['a cluster in another case', 'cluster=Ideas', 'cluster'],
    ['an empty cluster', 'cluster=', 'cluster'],
    ['a cluster list ending in a comma', 'cluster=ideas,', 'cluster'],
    ['a cluster list starting with a comma', 'cluster=,ideas', 'cluster'],
    ['an empty piece inside a cluster list', 'cluster=ideas,,ship', 'cluster'],
    ['an empty cluster among repeats', 'cluster=ideas&cluster=', 'cluster'],
    ['an empty sort', 'sort=', 'sort'],
    ['a sort without a value', 'sort', 'sort'],
    ['an unknown sort', 'sort=newest', 'sort'],
    ['a sort in another case (Title)', 'sort=Title', 'sort'],
    ['a sort in capitals (PRICE_ASC)', 'sort=PRICE_ASC', 'sort'],
    ['sort=+price (the plus decodes to a space)', 'sort=+price', 'sort'],
    ['a sort with a trailing space', 'sort=title%20', 'sort'],
    ['a repeated sort', 'sort=title&sort=title', 'sort'],
    ['a short form and its canonical name together', 'sort=price&sort=price_asc', 'sort'],
    ['an empty limit', 'limit=', 'limit'],
    ['a repeated limit', 'limit=5&limit=5', 'limit'],
    ['limit 0', 'limit=0', 'limit'],
    ['limit 201', 'limit=201', 'limit'],
    ['a fractional limit', 'limit=1.5', 'limit'],
    ['a limit with a fraction of zero', 'limit=5.0', 'limit'],
    ['a limit in exponent notation', 'limit=1e2', 'limit'],
    ['a hexadecimal limit', 'limit=0x10', 'limit'],
    ['a negative limit', 'limit=-1', 'limit'],
    ['a limit that is not a number', 'limit=abc', 'limit'],
    ['a limit with a leading space', 'limit=%205', 'limit'],
    ['a limit with a plus sign', 'limit=%2B5', 'limit'],
    ['a huge limit', 'limit=99999999999999999999', 'limit'],
  ])('refuses %s with a 400 bad_request naming the parameter', async (_label, query, parameter) => {
    const body = await errorOf(await answer(`?${query}`), 400);
    expect(body.code).toBe('bad_request');
    expect(body.message).toContain(parameter);
  });

  it('points a 400 at openapi.json and the unfiltered catalogue with absolute URLs', async () => {
    const body = await errorOf(await answer('?sort=Title'), 400);
    expect(body.hints).toContain(`${constants.baseUrl}/openapi.json`);
    expect(body.hints).toContain(`${constants.baseUrl}/catalog.json`);
    for (const hint of body.hints) expect(new URL(hint).origin).toBe(constants.baseUrl);
    expect(body.documentation_url).toBe(constants.documentationUrl);
  });

  it('offers the nearest correct query as a hint, without applying it', async () => {
    const body = await errorOf(await answer('?cluster=idea'), 400);
    expect(body.hints).toContain(`${constants.baseUrl}/catalog.json?cluster=ideas`);
    expect(body).not.toHaveProperty('skills');
  });

  it('answers a 400 with the full header set', async () => {
    const response = await answer('?limit=0');
    expectApiHeaders(response.headers, { stamp, cacheControl: CACHE_HOUR });
  });

  it('answers a 400 under /v1 the same way', async () => {
    const body = await errorOf(await answer('?limit=0', {}, getCatalog, '/v1/catalog.json'), 400);
    expect(body.message).toContain('limit');
  });

  it('keeps the hints of a 400 under /v1 under /v1', async () => {
    const body = await errorOf(await answer('?cluster=idea', {}, getCatalog, '/v1/catalog.json'), 400);
    expect(body.hints).toEqual([
      `${constants.baseUrl}/v1/catalog.json?cluster=ideas`,
      `${constants.baseUrl}/v1/openapi.json`,
      `${constants.baseUrl}/v1/catalog.json`,
    ]);
  });

  it('never answers a 400 with 304, even to If-None-Match: *', async () => {
    await errorOf(await answer('?limit=0', { headers: { 'if-none-match': '*' } }), 400);
  });
});

describe('answerCatalog: conditional requests', () => {
  let tag: string;
  let full: Record<string, string>;
  beforeAll(async () => {
    const response = await answer();
    tag = response.headers.get('etag')!;
    full = withoutBodyHeaders(response.headers);
  });

  it('answers the exact tag with 304, every header and no body', async () => {
    const response = await answer('', { headers: { 'if-none-match': tag } });
    expect(response.status).toBe(304);
    expect(withoutBodyHeaders(response.headers)).toEqual(full);
    expectApiHeaders(response.headers, { stamp, cacheControl: CACHE_HOUR });
    expect(await response.text()).toBe('');
  });

  it('answers the weak form W/<tag> with 304', async () => {
    expect((await answer('', { headers: { 'if-none-match': `W/${tag}` } })).status).toBe(304);
  });

  it('answers a list "a", <tag>, "b" with 304', async () => {
    expect((await answer('', { headers: { 'if-none-match': `"a", ${tag}, "b"` } })).status).toBe(304);
  });

  it('answers * with 304', async () => {
    expect((await answer('', { headers: { 'if-none-match': '*' } })).status).toBe(304);
  });

  it('answers a wrong tag with 200 and the body', async () => {
    const response = await answer('', { headers: { 'if-none-match': '"not-the-tag", W/"nor-this"' } });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(fileBytes)).toBe(true);
  });

  it('answers a filtered query with 304 when its own tag matches', async () => {
    const first = await answer('?cluster=ideas&limit=2');
    const again = await answer('?cluster=ideas&limit=2', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(withoutBodyHeaders(again.headers)).toEqual(withoutBodyHeaders(first.headers));
  });

  it('does not answer a filtered query with 304 for the unfiltered tag', async () => {
    expect((await answer('?limit=1', { headers: { 'if-none-match': tag } })).status).toBe(200);
  });
});

describe('answerCatalog: methods', () => {
  it('answers HEAD with the headers of GET and no body', async () => {
    const [get, head] = await Promise.all([answer('?limit=2'), answer('?limit=2', { method: 'HEAD' })]);
    expect(head.status).toBe(200);
    expect(headerRecord(head.headers)).toEqual(headerRecord(get.headers));
    expect(await head.text()).toBe('');
  });

  it('answers POST with 405, an allow header and a JSON error', async () => {
    const response = await answer('', { method: 'POST', body: '{}' });
    await errorOf(response, 405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expectApiHeaders(response.headers, { stamp });
  });

  it('answers a preflight with 204 and the CORS grant', async () => {
    const response = await answer('', {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:9', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toContain('if-none-match');
  });
});

describe('answerCatalog: 500 when the catalogue cannot be read', () => {
  let dir: string;
  let errorLog: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'catalog-answer-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  // The function logs the cause; keep the test output quiet and check that it did.
  beforeAll(() => {
    errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => errorLog.mockClear());
  afterAll(() => errorLog.mockRestore());

  let n = 0;
  const tempFile = () => join(dir, `catalog-${++n}.json`);
  const fromFile = (path: string) => cachedCatalog(() => loadCatalog([path], serialised.layout));
  const corruptions: [string, () => Buffer][] = [
    ['cut off halfway', () => fileBytes.subarray(0, Math.floor(fileBytes.length / 2))],
    ['not JSON at all', () => Buffer.from('<html>oops</html>')],
    ['empty', () => Buffer.alloc(0)],
    ['all zero bytes, of the right length', () => Buffer.alloc(fileBytes.length)],
    ['JSON of another shape', () => Buffer.from('{"version":1,"skills":"none"}\n')],
  ];

  it('answers a missing file with 500 server_error, the full header set and no-store', async () => {
    const response = await answer('', {}, fromFile(join(dir, 'absent.json')));
    const body = await errorOf(response, 500);
    expect(body.code).toBe('server_error');
    expectApiHeaders(response.headers, { stamp, cacheControl: 'no-store' });
  });

  it.each(corruptions)('answers a file that is %s with 500 server_error, the full header set and no-store', async (_label, bytes) => {
    const path = tempFile();
    await writeFile(path, bytes());
    const response = await answer('?sort=title', {}, fromFile(path));
    const body = await errorOf(response, 500);
    expect(body.code).toBe('server_error');
    expectApiHeaders(response.headers, { stamp, cacheControl: 'no-store' });
  });

  it('logs the cause of a 500', async () => {
    await answer('', {}, fromFile(join(dir, 'absent.json')));
    expect(errorLog).toHaveBeenCalled();
  });

  it('puts no stack trace, error name or file path in the 500 body', async () => {
    const path = tempFile();
    await writeFile(path, '{"version":');
    const text = await (await answer('', {}, fromFile(path))).text();
    expect(text).not.toMatch(/\n\s+at |Error\b|CatalogUnavailable|SyntaxError/);
    expect(text).not.toContain(dir);
  });

  it('does not let the CDN keep a 500', async () => {
    const response = await answer('?limit=1', {}, fromFile(join(dir, 'absent.json')));
    expect(response.headers.get('netlify-cdn-cache-control') ?? '').not.toMatch(/durable|s-maxage/);
  });

  it('answers a conditional request with the 500, not 304', async () => {
    const response = await answer('', { headers: { 'if-none-match': '*' } }, fromFile(join(dir, 'absent.json')));
    expect(response.status).toBe(500);
  });

  it('answers again once a missing file is back', async () => {
    const path = tempFile();
    const get = fromFile(path);
    await errorOf(await answer('', {}, get), 500);
    await writeFile(path, fileBytes);
    const response = await answer('', {}, get);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(fileBytes)).toBe(true);
  });

  it('answers again once a corrupt file is repaired', async () => {
    const path = tempFile();
    await writeFile(path, fileBytes.subarray(0, 100));
    const get = fromFile(path);
    await errorOf(await answer('?limit=1', {}, get), 500);
    await writeFile(path, fileBytes);
    await catalogOf(await answer('?limit=1', {}, get));
  });
});

describe('answerCatalog: a catalogue file replaced after the build', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'catalog-edited-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The file with the first skill's price replaced in place by another of as many digits. */
  async function handEdited(digit: string): Promise<{ path: string; bytes: Buffer }> {
    const text = fileBytes.toString('utf8');
    const key = '"amount_cents":';
    const at = text.indexOf(key, text.indexOf('"skills":[')) + key.length;
    const digits = /^[0-9]+/.exec(text.slice(at))![0];
    const bytes = Buffer.from(`${text.slice(0, at)}${digit.repeat(digits.length)}${text.slice(at + digits.length)}`);
    expect(bytes.length).toBe(fileBytes.length);
    expect(bytes.equals(fileBytes)).toBe(false);
    const path = join(dir, `catalog-${digit}.json`);
    await writeFile(path, bytes);
    return { path, bytes };
  }
  const fromFile = (path: string) => cachedCatalog(() => loadCatalog([path], serialised.layout));

  it('gives a hand-edited file of the same length a new ETag', async () => {
    const { path, bytes } = await handEdited('9');
    const [original, edited] = await Promise.all([answer(), answer('', {}, fromFile(path))]);
    expect(Buffer.from(await edited.arrayBuffer()).equals(bytes)).toBe(true);
    expect(edited.headers.get('etag')).not.toBe(original.headers.get('etag'));
  });

  it('sorts a hand-edited file of the same length by its own prices', async () => {
    const { path, bytes } = await handEdited('9');
    const editedCatalog = JSON.parse(bytes.toString('utf8')) as Catalog;
    const params = new URLSearchParams('sort=price_desc');
    const expected = expectedAnswer(editedCatalog, params);
    const before = expectedAnswer(catalog, params);
    if (!expected.ok || !before.ok) throw new Error('the oracle refused a valid query');
    expect(expected.skills, 'the edit changes the price order').not.toEqual(before.skills);
    const body = await catalogOf(await answer(`?${params}`, {}, fromFile(path)));
    expect(slugsOf(body)).toEqual(expected.skills);
  });
});

describe('deprecation of a major', () => {
  const retiring: Readonly<Record<number, MajorLifecycle>> = {
    1: { deprecation: new Date('2027-03-01T00:00:00Z'), sunset: new Date('2027-09-01T12:00:00Z'), link: 'https://shop.example/docs/api/v2-migration' },
    2: {},
  };
  const respond = (path: string, majors?: Readonly<Record<number, MajorLifecycle>>) =>
    jsonResponse(new Request(`http://localhost${path}`), { ok: true }, { stamp, majors });

  it('announces a retiring major with deprecation, sunset and link headers', () => {
    const headers = respond('/v1/catalog.json', retiring).headers;
    expect(headers.get('deprecation')).toBe(`@${Date.UTC(2027, 2, 1) / 1000}`);
    expect(headers.get('sunset')).toBe('Wed, 01 Sep 2027 12:00:00 GMT');
    expect(headers.get('link')).toMatch(/^<https:\/\/shop\.example\/docs\/api\/v2-migration>; rel="deprecation"/);
  });

  it('exposes the deprecation headers to scripts of other origins', () => {
    const exposed = respond('/v1/catalog.json', retiring).headers.get('access-control-expose-headers')!.split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['deprecation', 'sunset']));
  });

  it('does not announce anything on a major that is not retiring', () => {
    const headers = respond('/v2/catalog.json', retiring).headers;
    expect(headers.get('api-version')).toBe('2');
    expect(headers.get('deprecation')).toBeNull();
    expect(headers.get('sunset')).toBeNull();
    expect(headers.get('link')).toBeNull();
  });

  it('builds the same headers for static files through apiHeaders', () => {
    expect(apiHeaders(stamp, { major: 1, majors: retiring })).toMatchObject({ deprecation: '@1803859200', sunset: 'Wed, 01 Sep 2027 12:00:00 GMT' });
  });

  it('sends no deprecation, sunset or link with the real table of majors', async () => {
    for (const response of [await answer(), await answer('', {}, getCatalog, '/v1/catalog.json'), respond('/v1/x.json')]) {
      expect(response.headers.get('deprecation')).toBeNull();
      expect(response.headers.get('sunset')).toBeNull();
      expect(response.headers.get('link')).toBeNull();
    }
  });
});
