/**
 * The card function's behaviour in-process, over a catalogue made in memory (test/fixtures/
 * catalog.ts) and a stand-in drawing that counts its calls: the current address answers the image
 * with the full header set, a year's lifetime and the durable CDN cache; every other address is a
 * JSON 404 before anything is drawn. The deployed function over the built catalogue, drawing for
 * real, is test/dist/card-function.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { answerCard } from './card-answer.ts';
import type { CardFrame, CardResources } from './card-answer.ts';
import { cardOfBundle, cardOfCluster, cardOfHome, cardOfSkill, cardPath } from './card.ts';
import type { CardInput } from './card.ts';
import { serialiseCatalog } from './catalog-layout.ts';
import type { CatalogItems } from './catalog-layout.ts';
import { CACHE_IMMUTABLE, CACHE_NO_STORE, CDN_LIFETIMES } from './headers.ts';
import { clusterQuery, selectCatalog } from './query.ts';
import { ALLOWED_METHODS } from './respond.ts';
import { CLUSTER_IDS } from './types.ts';
import type { Cluster } from './types.ts';
import { catalog } from '../test/fixtures/catalog.ts';
import { errorBodyOf } from '../test/helpers/error-body.ts';
import { expectFullHeaderSet } from '../test/helpers/header-set.ts';

const constants = { buildVersion: '7.7.7+feedbee', baseUrl: 'https://shop.example', documentationUrl: 'https://shop.example/docs/api' };
const stamp = { buildVersion: constants.buildVersion, baseUrl: constants.baseUrl };
const { bytes, layout } = serialiseCatalog(catalog);
const items: CatalogItems = { layout, slice: async (start, end) => bytes.toString('utf8', start, end) };
const frame: CardFrame = {
  site: { name: 'Skill Shelf', description: 'Skills for agents.' },
  clusters: CLUSTER_IDS.map((id): Cluster => ({ id, label: id, question: `${id}?` })),
};
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

function resourcesWith(overrides: Partial<CardResources> = {}) {
  const drawn: CardInput[] = [];
  const resources: CardResources = {
    items: async () => items,
    frame: async () => frame,
    draw: async () => async (card) => {
      drawn.push(card);
      return PNG;
    },
    ...overrides,
  };
  return { resources, drawn };
}

const answer = (path: string, init: RequestInit = {}, resources = resourcesWith().resources) =>
  answerCard(new Request(`https://shop.example${path}`, init), resources, constants);

const counts = (id: Cluster['id']) => {
  const selection = selectCatalog(layout.index, clusterQuery(id));
  return { skills: selection.skillCount, bundles: selection.bundles.length };
};
/** The card each kind's page names, as the pages work it out. */
const current: Record<CardInput['kind'], CardInput> = {
  home: cardOfHome(frame.site),
  skill: cardOfSkill(frame.site.name, catalog.skills[0]),
  bundle: cardOfBundle(frame.site.name, catalog.bundles[0]),
  cluster: cardOfCluster(frame.site.name, frame.clusters[0], counts(frame.clusters[0].id)),
};

describe('answerCard: the current address', () => {
  it.each(Object.keys(current))('answers the %s card with its drawing, as an image/png', async (kind) => {
    const { resources, drawn } = resourcesWith();
    const card = current[kind as CardInput['kind']];
    const response = await answer(cardPath(card), {}, resources);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    expect(drawn).toEqual([card]);
  });

  it.each(['', '/v1'])('carries the full header set%s, kept a year by browsers and until the next deploy by the CDN', async (prefix) => {
    const path = `${prefix}${cardPath(current.skill)}`;
    const response = await answer(path);
    expectFullHeaderSet(response.headers, { stamp, path, cacheControl: CACHE_IMMUTABLE, etag: true });
    expect(response.headers.get('netlify-cdn-cache-control')).toBe(CDN_LIFETIMES.success);
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src/);
  });

  it('answers If-None-Match with a 304 and HEAD with the headers, drawing nothing for either', async () => {
    const { resources, drawn } = resourcesWith();
    const path = cardPath(current.bundle);
    const etag = (await answer(path, { method: 'HEAD' }, resources)).headers.get('etag')!;
    const again = await answer(path, { headers: { 'if-none-match': `"other", ${etag}` } }, resources);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expectFullHeaderSet(again.headers, { stamp, path, cacheControl: CACHE_IMMUTABLE, etag: true });
    expect(drawn).toEqual([]);
  });

  it('answers the preflight and refuses other methods, as every path does', async () => {
    const path = cardPath(current.skill);
    expect((await answer(path, { method: 'OPTIONS', headers: { 'access-control-request-method': 'GET' } })).status).toBe(204);
    const refused = await answer(path, { method: 'POST' });
    await errorBodyOf(refused, 405, 'bad_request');
    expect(refused.headers.get('allow')).toBe(ALLOWED_METHODS);
  });
});

describe('answerCard: any other address', () => {
  it('answers an address of the item as it was with a JSON 404 pointing at its card now', async () => {
    const { resources, drawn } = resourcesWith();
    const stale = cardPath(cardOfSkill(frame.site.name, { ...catalog.skills[0], title: 'An older title' }));
    const response = await answer(stale, {}, resources);
    const body = await errorBodyOf(response, 404, 'not_found');
    expect(body.hints[0]).toBe(`${constants.baseUrl}${cardPath(current.skill)}`);
    expectFullHeaderSet(response.headers, { stamp, path: stale });
    expect(response.headers.get('netlify-cdn-cache-control')).toBe(CDN_LIFETIMES.clientError);
    expect(drawn).toEqual([]);
  });

  it('answers a price changed since with a 404 too', async () => {
    const repriced = { ...catalog.bundles[0], price: { ...catalog.bundles[0].price, amount_cents: 1 } };
    await errorBodyOf(await answer(cardPath(cardOfBundle(frame.site.name, repriced))), 404, 'not_found');
  });

  it.each([
    ['a slug no item has', '/cards/skill/no-such-skill.0123456789abcdef.png'],
    ['a bundle\'s slug as a skill\'s', cardPath(current.bundle).replace('/bundle/', '/skill/')],
    ['a bad slug', '/cards/skill/..%2Fcatalog.0123456789abcdef.png'],
    ['an upper-case slug', cardPath(current.skill).replace(catalog.skills[0].slug, catalog.skills[0].slug.toUpperCase())],
    ['a bad kind', cardPath(current.skill).replace('/skill/', '/author/')],
    ['an unknown cluster', '/cards/cluster/nowhere.0123456789abcdef.png'],
    ['a short digest', cardPath(current.home).replace(/\.[0-9a-f]+\.png$/, '.abc.png')],
    ['another extension', cardPath(current.home).replace(/\.png$/, '.svg')],
    ['the folder itself', '/cards/'],
    ['a card under an unknown major', `/v2${cardPath(current.home)}`],
  ])('answers %s with a JSON 404 and the full header set', async (_label, path) => {
    const { resources, drawn } = resourcesWith();
    const response = await answer(path, {}, resources);
    await errorBodyOf(response, 404, 'not_found');
    expectFullHeaderSet(response.headers, { stamp, path });
    expect(drawn).toEqual([]);
  });

  it('answers a query with a JSON 400: each one would be a card of its own in the CDN', async () => {
    const path = `${cardPath(current.skill)}?utm_source=x`;
    const response = await answer(path);
    await errorBodyOf(response, 400, 'bad_request');
    expectFullHeaderSet(response.headers, { stamp, path });
  });

  it('answers a 500 with no-store when the build\'s files cannot be read, the cause logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const failing = resourcesWith({ items: () => Promise.reject(new Error('catalog.json: gone')) }).resources;
      const response = await answer(cardPath(current.skill), {}, failing);
      const body = await errorBodyOf(response, 500, 'server_error');
      expect(JSON.stringify(body)).not.toContain('gone');
      expectFullHeaderSet(response.headers, { stamp, path: cardPath(current.skill), cacheControl: CACHE_NO_STORE });
      expect(error).toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });
});
