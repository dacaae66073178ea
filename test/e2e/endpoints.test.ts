/**
 * Every endpoint over HTTP against the real local runtime (`netlify dev --offline`), and its /v1
 * twin. Every reply is checked against dist/openapi.json by `call` before a test looks at it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { jsonOf } from '../helpers/http.ts';
import type { Reply } from '../helpers/http.ts';
import { distCatalog, distStamp, readDist } from '../helpers/dist.ts';
import { API_HEADER_NAMES, expectApiHeaders, stampHeaders } from '../helpers/api-headers.ts';
import type { Catalog } from '../../core/types.ts';
import { RESOURCES } from '../helpers/request-corpus.ts';

const stamp = distStamp();
const catalog: Catalog = distCatalog();
const aSkill = catalog.skills[0];
const aBundle = catalog.bundles[0];

/** The payment health function, once it exists, declares this path in its config. */
const FUNCTIONS = fileURLToPath(new URL('../../functions/', import.meta.url));
const HEALTH_PATH = '/api/public/health/payment';
const hasHealthFunction = existsSync(FUNCTIONS) &&
  readdirSync(FUNCTIONS).some((file) => /\.[cm]?[jt]s$/.test(file) && readFileSync(`${FUNCTIONS}${file}`, 'utf8').includes(HEALTH_PATH));

/** Headers that may differ between two answers of the same resource (per request, per transfer). */
const sameSet = (reply: Reply) => stampHeaders(reply.headers, [...API_HEADER_NAMES, 'content-type']);

describe('endpoints over HTTP', () => {
  const resources = RESOURCES;

  it.each(resources)('answers %s (%s) with 200, JSON and the full header set', async (_label, path) => {
    const reply = await call(path);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expectApiHeaders(reply.headers, { stamp, where: path });
  });

  it.each(resources)('answers the /v1 twin of %s (%s) with the same body and the same header set', async (_label, path) => {
    const [plain, pinned] = await Promise.all([call(path), call(`/v1${path}`)]);
    expect(pinned.status).toBe(200);
    expect(pinned.body.equals(plain.body)).toBe(true);
    expect(sameSet(pinned)).toEqual(sameSet(plain));
  });

  it.each([
    ['version.json', '/version.json'],
    ['openapi.json', '/openapi.json'],
    ['a skill', aSkill ? `/skills/${aSkill.slug}.json` : '/skills/(none).json'],
    ['a bundle', aBundle ? `/bundles/${aBundle.slug}.json` : '/bundles/(none).json'],
  ])('serves %s as the file the build wrote', async (_label, path) => {
    const reply = await call(path);
    expect(reply.body.equals(readDist(path.slice(1)))).toBe(true);
  });

  it('answers a cluster page’s JSON twin with the bytes the catalog function answers for its filter', async () => {
    const [twin, query] = await Promise.all([call('/clusters/pricing.json'), call('/catalog.json?cluster=pricing')]);
    expect(twin.body.equals(query.body)).toBe(true);
  });

  it('answers /catalog.json with the bytes of dist/catalog.json', async () => {
    const reply = await call('/catalog.json');
    expect(reply.body.equals(readDist('catalog.json'))).toBe(true);
  });

  it('answers version.json with a body equal to its x-build-version and x-base-url headers', async () => {
    const reply = await call('/version.json');
    expect(jsonOf(reply)).toEqual({ 'x-build-version': reply.headers['x-build-version'], 'x-base-url': reply.headers['x-base-url'] });
  });

  it('answers /catalog.json from the function with a one-hour lifetime and the CDN cache headers', async () => {
    const reply = await call('/catalog.json?limit=2');
    expect(reply.headers['cache-control']).toBe('public, max-age=3600');
    expect(reply.headers['netlify-vary']).toBe('query');
    expect(reply.headers['netlify-cdn-cache-control']).toMatch(/\bdurable\b/);
  });

  it('answers a query with the catalogue the rules give', async () => {
    const reply = await call('/catalog.json?sort=-price&limit=2');
    const body = jsonOf<Catalog>(reply);
    expect(body.query).toEqual({ clusters: [], sort: 'price_desc', limit: 2 });
    expect(body.skill_count).toBe(catalog.skills.length);
    expect(body.skills).toHaveLength(Math.min(2, catalog.skills.length));
  });

  it('answers HEAD on the catalogue with the headers of GET and no body', async () => {
    const [get, head] = await Promise.all([call('/catalog.json?limit=1'), call('/catalog.json?limit=1', { method: 'HEAD' })]);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(sameSet(head)).toEqual(sameSet(get));
  });

  it('answers POST on the catalogue with 405 and an allow header', async () => {
    const reply = await call('/catalog.json', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '0' } });
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(jsonOf<{ code: string }>(reply).code).toBe('bad_request');
  });

  // The server inherits this process's environment: the case holds only when no key is set.
  describe.skipIf(Boolean(process.env.STRIPE_SECRET_KEY))('the payment health check without STRIPE_SECRET_KEY', () => {
    if (!hasHealthFunction) {
      it.todo(`answers ${HEALTH_PATH} and its /v1 twin with 503 and status down (no function serves it yet)`);
      return;
    }
    it.each([HEALTH_PATH, `/v1${HEALTH_PATH}`])('answers %s with 503 and status down', async (path) => {
      const reply = await call(path);
      expect(reply.status).toBe(503);
      const body = jsonOf<{ service: string; status: string }>(reply);
      expect(body.service).toBe('payment');
      expect(body.status).toBe('down');
      expectApiHeaders(reply.headers, { stamp, cacheControl: 'no-store', where: path });
    });
  });
});

describe('the build stamp over HTTP', () => {
  let version: Reply;
  beforeAll(async () => {
    version = await call('/version.json');
  });

  it.each(['/catalog.json?limit=1', '/nothing-here.json', '/catalog.json?limit=0'])('answers %s with the build of version.json', async (path) => {
    const reply = await call(path);
    expect(reply.headers['x-build-version']).toBe(version.headers['x-build-version']);
    expect(reply.headers['x-base-url']).toBe(version.headers['x-base-url']);
  });
});
