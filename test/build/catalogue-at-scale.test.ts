/**
 * A catalogue of 50,000 skills (and 5,000 bundles) within Netlify's limits for function answers:
 * 6 MB whole, 20 MB streamed (https://docs.netlify.com/build/functions/overview/, "Default
 * deployment options"). The unfiltered catalogue (about 85 MB) is never a function's answer: the
 * Edge Function rewrites it to the static `index.json`. Every query the function answers fits on
 * the wire, and its bytes, once decoded, are exactly what the query core makes for it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCatalog } from '../../core/catalog-answer.ts';
import { renderCatalogQuery, serialiseCatalog } from '../../core/catalog-layout.ts';
import type { CatalogLayout } from '../../core/catalog-layout.ts';
import { cachedCatalog, loadCatalog } from '../../runtime/catalog-source.ts';
import type { LoadedCatalog } from '../../core/catalog-answer.ts';
import { parseCatalogQuery } from '../../core/query.ts';
import { CLUSTER_IDS } from '../../core/types.ts';
import type { Catalog, ClusterId } from '../../core/types.ts';
import { bundle, skill } from '../fixtures/catalog.ts';
import catalogStatic from '../../functions/edge/catalog-static.ts';
import { STATIC_CATALOG_FILE } from '../../core/published-files.ts';

const SKILLS = 50_000;
const BUNDLES = 5_000;
const MB = 2 ** 20;
const STREAMED_LIMIT = 20 * MB;
const constants = { buildVersion: '1.0.0+scale', baseUrl: 'https://shop.example', documentationUrl: 'https://shop.example/docs/api' };

/** Skills with text of the length editors write: about 1.7 KB of JSON each, as in the sample. */
function largeCatalogue(): Catalog {
  const sentence = (n: number) => `Sentence ${n} of the kind an editor writes to say what the skill does and for whom it is meant.`;
  const skills = Array.from({ length: SKILLS }, (_, i) => {
    const clusters: ClusterId[] = [CLUSTER_IDS[i % CLUSTER_IDS.length], CLUSTER_IDS[(i * 3 + 1) % CLUSTER_IDS.length]];
    const made = skill(`skill-${i}`, `Skill number ${i}`, [...new Set(clusters)], 900 + (i % 40) * 100);
    return { ...made, problem: sentence(i), outcome: sentence(i + 1), summary: sentence(i + 2), you_get: [sentence(1), sentence(2), sentence(3)], wont_do: [sentence(4), sentence(5)] };
  });
  const bundles = Array.from({ length: BUNDLES }, (_, i) => bundle(`bundle-${i}`, [skills[i * 3], skills[i * 3 + 1], skills[i * 3 + 2]]));
  return {
    version: 1,
    site: constants.baseUrl,
    generated_at: '2026-01-01T00:00:00Z',
    query: { clusters: [], sort: 'default', limit: null },
    pricing: { single_cents: 1900, currency: 'EUR', rule: 'Every third skill is free.' },
    skill_count: skills.length,
    skills,
    bundles,
  };
}

let folder: string;
let bytes: Uint8Array;
let layout: CatalogLayout;
let getCatalog: () => Promise<LoadedCatalog>;

beforeAll(async () => {
  const made = serialiseCatalog(largeCatalogue());
  bytes = Buffer.from(made.bytes);
  layout = made.layout;
  folder = mkdtempSync(join(tmpdir(), 'catalogue-at-scale-'));
  writeFileSync(join(folder, 'catalog.json'), bytes);
  getCatalog = cachedCatalog(() => loadCatalog([join(folder, 'catalog.json')], layout));
}, 240_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function wireBytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe(`a catalogue of ${SKILLS.toLocaleString('en')} skills`, () => {
  it('is far larger than a function may answer, so the unfiltered catalogue goes to its static file', () => {
    expect(bytes.byteLength).toBeGreaterThan(3 * STREAMED_LIMIT);
    for (const path of ['/catalog.json', '/v1/catalog.json']) {
      const rewritten = catalogStatic(new Request(`${constants.baseUrl}${path}`));
      expect(rewritten?.pathname).toBe(path.replace('catalog.json', STATIC_CATALOG_FILE));
    }
  });

  it.each([
    'cluster=ideas',
    'cluster=ideas,ship',
    'cluster=pricing&cluster=gtm&cluster=design',
    `cluster=${CLUSTER_IDS.join(',')}`,
    'sort=price_asc',
    'sort=title',
    'limit=1',
    'limit=200&sort=price_desc',
    'cluster=ship&limit=5',
  ])('answers ?%s inside the streamed limit, and its bytes decode to the query core\'s answer', async (query) => {
    const request = new Request(`${constants.baseUrl}/catalog.json?${query}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const response = await answerCatalog(request, getCatalog, constants);
    expect(response.status).toBe(200);
    const wire = await wireBytes(response);
    expect(wire.byteLength, `${query}: ${(wire.byteLength / MB).toFixed(1)} MB on the wire`).toBeLessThanOrEqual(STREAMED_LIMIT);
    const parsed = parseCatalogQuery(new URL(request.url).searchParams);
    if (!parsed.ok) throw new Error(`not a valid query: ${query}`);
    const expected = renderCatalogQuery(bytes, layout, parsed.query);
    const body = response.headers.get('content-encoding') === 'gzip' ? gunzipSync(wire) : wire;
    expect(body.equals(expected), `${query}: the decoded body is the query core's`).toBe(true);
    // Compressed exactly when the answer is past the buffered limit, and then it says so.
    if (expected.byteLength > 4 * MB) {
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('vary')).toBe('accept-encoding');
      expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}-gzip"$/);
    } else {
      expect(response.headers.get('content-encoding')).toBeNull();
    }
  }, 120_000);

  it('answers a conditional request for a compressed answer with 304, whichever tag the client kept', async () => {
    const url = `${constants.baseUrl}/catalog.json?cluster=ideas,ship`;
    const first = await answerCatalog(new Request(url), getCatalog, constants);
    await first.arrayBuffer();
    const tag = first.headers.get('etag')!;
    // The CDN passes an answer that is already encoded on as it is, so the tag stays ours.
    for (const kept of [tag, `W/${tag}`, `"x", ${tag}`]) {
      const again = await answerCatalog(new Request(url, { headers: { 'if-none-match': kept } }), getCatalog, constants);
      expect(again.status, kept).toBe(304);
    }
  }, 120_000);

  it('sends a client that refuses gzip the bytes as they are', async () => {
    const request = new Request(`${constants.baseUrl}/catalog.json?cluster=ideas`, { headers: { 'accept-encoding': 'identity' } });
    const response = await answerCatalog(request, getCatalog, constants);
    const wire = await wireBytes(response);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('accept-encoding');
    const parsed = parseCatalogQuery(new URLSearchParams('cluster=ideas'));
    if (!parsed.ok) throw new Error('not a valid query');
    expect(wire.equals(renderCatalogQuery(bytes, layout, parsed.query))).toBe(true);
  }, 120_000);
});
