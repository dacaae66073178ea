import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { bundle, skill } from '../test/fixtures/catalog.ts';
import { propertyRuns } from '../test/helpers/property.ts';
import { serialiseCatalog } from './catalog-layout.ts';
import { catalog as fixture } from '../test/fixtures/catalog.ts';
import type { Skill } from './types.ts';
import { COMMON_WORD_SHARE, facetsCode, facetsOfCode, FIELD_BOOSTS, loadSearch, SEARCH_DEFAULT_LIMIT, searchFacets, searchIndexOf, searchPart, SearchIndexError, SearchQueryError, typoAllowance } from './search.ts';
import type { DocSummary, ItemFacets, SearchFiles, SearchItem } from './search.ts';

const withKind = (item: Skill, kind: Skill['kind']): Skill => ({ ...item, kind, command_count: kind === 'command' ? 1 : 0, commands: kind === 'command' ? [`/${item.slug}`] : [] });

const interviews = withKind(skill('customer-interviews', 'Customer interviews', ['ideas']), 'command');
const pricingPage = skill('pricing-page', 'The pricing page', ['pricing']);
const onboarding = withKind(skill('onboarding', 'Onboarding under five minutes', ['activation', 'design']), 'command');
const café = skill('cafe', 'Café positioning', ['positioning']);
const growth = skill('growth', 'Growth loops', ['gtm']);
const guide: DocSummary = {
  type: 'doc', slug: 'api', url: 'https://shop.example/docs/api', markdown_url: 'https://shop.example/docs/api.md',
  json_url: 'https://shop.example/docs/api.json', title: 'Developer guide', description: 'How to read the catalogue API.',
};

/** An item as the index takes it: the item, then what its fields hold. */
interface Indexed {
  item: SearchItem;
  body: string;
  summary: string[];
  tags: string[];
}

const doc = (item: SearchItem, body = '', summary: string[] = [], tags: string[] = []): Indexed => ({ item, body, summary, tags });
const documents: Indexed[] = [
  doc(interviews, 'Ask about the past, never about the future. Pricing comes up late.', ['Talk to customers before you build.']),
  doc(pricingPage, 'Anchor the price and show three tiers.', ['A page that sells.']),
  doc(onboarding, 'Shorten the path to first value.', ['Activation in minutes.']),
  doc(café, 'A category of its own.', [], ['Positioning']),
  doc(growth, 'Loops beat funnels. A customer brings a customer.'),
  doc(bundle('starter', [interviews, pricingPage]), 'Everything to start.'),
  doc(bundle('activation-kit', [onboarding, growth]), 'Keep them.'),
  doc(guide, 'Send If-None-Match to revalidate.'),
];

/** The index of `items` (skills, then bundles, then prose pages, as the build orders them), as the
 * search function reads it: its manifest and shards as JSON, results from catalog.json's bytes. */
function indexFiles(items: readonly Indexed[]): SearchFiles {
  const skills = items.flatMap(({ item }) => (item.type === 'skill' ? [item] : []));
  const bundles = items.flatMap(({ item }) => (item.type === 'bundle' ? [item] : []));
  const docs = items.flatMap(({ item }) => (item.type === 'doc' ? [item] : []));
  const { bytes, layout } = serialiseCatalog({ ...fixture, skill_count: skills.length, skills, bundles });
  const parts = items.map(({ item, body, summary, tags }) => searchPart({ title: item.title, tags, summary, body }));
  const { manifest, shards } = searchIndexOf(parts, searchFacets(items.map(({ item }) => item)), { length: layout.length, skillRanges: layout.skillRanges, bundleRanges: layout.bundleRanges, docs });
  return { name: 'search-index', manifest: JSON.parse(manifest), shard: (n) => JSON.parse(shards[n]), catalogText: (start, end) => bytes.subarray(start, end).toString('utf8') };
}

const search = loadSearch(indexFiles(documents));
const slugs = (q: string, extra = {}) => search.query({ q, ...extra }).results.map((item) => item.slug);

describe('matching', () => {
  it('finds an item by a word of its title, body, summary or tags', () => {
    expect(slugs('interviews')[0]).toBe('customer-interviews');
    expect(slugs('tiers')).toEqual(['pricing-page']);
    expect(slugs('sells')).toEqual(['pricing-page']);
    expect(slugs('revalidate')).toEqual(['api']);
  });

  it('completes partial words ("onboard" finds "Onboarding")', () => {
    expect(slugs('onboard')[0]).toBe('onboarding');
    expect(slugs('interv')[0]).toBe('customer-interviews');
  });

  it('forgives a typo: one in words of 4 letters or more, two from 8', () => {
    expect(typoAllowance('abc')).toBe(0);
    expect(typoAllowance('abcd')).toBe(1);
    expect(typoAllowance('abcdefgh')).toBe(2);
    expect(slugs('pricng')[0]).toBe('pricing-page');
    expect(slugs('onbaording')[0]).toBe('onboarding');
    expect(slugs('custmer intervews')[0]).toBe('customer-interviews');
  });

  it('ignores case and accents', () => {
    expect(slugs('CAFE')[0]).toBe('cafe');
    expect(slugs('café')[0]).toBe('cafe');
  });

  it('weighs a title above a body: the item titled with the word comes first', () => {
    // "pricing" is in the pricing page's title and in the interviews' body.
    expect(slugs('pricing').slice(0, 2)).toEqual(['pricing-page', 'customer-interviews']);
    const scores = search.query({ q: 'pricing' }).results.map((item) => item.score);
    expect(scores[0]).toBeGreaterThan(scores[1]);
  });

  it('wants every word, and takes any word only when no item has them all', () => {
    expect(slugs('customer past')).toEqual(['customer-interviews']);
    // No item has both: each word alone finds its own.
    expect(new Set(slugs('tiers revalidate'))).toEqual(new Set(['pricing-page', 'api']));
  });

  it('finds nothing for an empty query or one of common words only', () => {
    expect(search.query({ q: '' })).toEqual({ results: [], total: 0 });
    expect(search.query({ q: '   ' })).toEqual({ results: [], total: 0 });
    expect(search.query({ q: 'the and of' })).toEqual({ results: [], total: 0 });
  });
});

describe('filters and limit', () => {
  it('keeps skills of a listed cluster (either of their two) and bundles with two such skills; never a doc', () => {
    expect(slugs('customer', { cluster: ['ideas'] })).toEqual(['customer-interviews']);
    expect(slugs('minutes', { cluster: ['design'] })).toEqual(['onboarding']);
    expect(slugs('start', { cluster: ['ideas', 'pricing'] })).toEqual(['starter']);
    expect(slugs('start', { cluster: ['ideas'] })).toEqual([]);
    expect(slugs('revalidate', { cluster: ['ideas'] })).toEqual([]);
  });

  it('keeps only skills of a kind, and only the types asked for', () => {
    expect(slugs('customer', { kind: 'command' })).toEqual(['customer-interviews']);
    expect(slugs('customer', { kind: 'reference' })).toEqual(['growth']);
    expect(slugs('keep', { type: ['bundle'] })).toEqual(['activation-kit']);
    expect(slugs('keep', { type: ['skill', 'doc'] })).toEqual([]);
  });

  it('cuts at limit and counts every match in total', () => {
    const all = search.query({ q: 'customer' });
    expect(all.total).toBe(all.results.length);
    const one = search.query({ q: 'customer', limit: 1 });
    expect(one.total).toBe(all.total);
    expect(one.results).toEqual(all.results.slice(0, 1));
    expect(SEARCH_DEFAULT_LIMIT).toBe(20);
  });

  it('answers each item exactly as published, plus a positive score', () => {
    const [first] = search.query({ q: 'interviews' }).results;
    const { score, ...item } = first;
    expect(item).toEqual(interviews);
    expect(score).toBeGreaterThan(0);
    expect(search.query({ q: 'revalidate' }).results[0]).toEqual({ ...guide, score: expect.any(Number) });
  });

  it('refuses values outside their range, naming the field', () => {
    const refused = (query: object, field: string) => {
      expect(() => search.query({ q: 'x', ...query })).toThrow(SearchQueryError);
      expect(() => search.query({ q: 'x', ...query })).toThrow(new RegExp(`^${field}: expected`));
    };
    refused({ limit: 0 }, 'limit');
    refused({ limit: 201 }, 'limit');
    refused({ limit: 1.5 }, 'limit');
    refused({ cluster: ['idea'] }, 'cluster');
    refused({ kind: 'tool' }, 'kind');
    refused({ type: ['page'] }, 'type');
  });
});

describe('facets in the manifest', () => {
  it('read back as they were written, a bundle member without clusters included', () => {
    const facets: ItemFacets[] = [
      { type: 'skill', kind: 'command', clusters: ['ideas', 'gtm'] },
      { type: 'skill', kind: 'reference', clusters: ['pricing'] },
      { type: 'bundle', members: [['ideas', 'gtm'], [], ['pricing']] },
      { type: 'bundle', members: [] },
      { type: 'doc' },
    ];
    expect(facets.map((each) => facetsOfCode(facetsCode(each)))).toEqual(facets);
  });
});

describe('order', () => {
  it('keeps catalogue order among equal scores, so one query always lists the same items', () => {
    const twins = [skill('b-twin', 'Twin', ['ideas']), skill('a-twin', 'Twin', ['ideas'])];
    const tied = loadSearch(indexFiles(twins.map((item) => doc(item))));
    expect(tied.query({ q: 'twin' }).results.map((item) => item.slug)).toEqual(['b-twin', 'a-twin']);
  });
});

describe('words every item has', () => {
  it(`are not indexed outside titles once more than ${COMMON_WORD_SHARE * 100}% of items have them, but still match titles`, () => {
    const many = Array.from({ length: 10 }, (_, i) => doc(skill(`s-${i}`, i === 3 ? 'Everywhere guide' : `Item ${i}`, ['ideas']), `everywhere ${i === 5 ? 'rare' : ''}`));
    const index = loadSearch(indexFiles(many));
    expect(index.query({ q: 'everywhere' }).results.map((item) => item.slug)).toEqual(['s-3']);
    // A word in few bodies is indexed there.
    expect(index.query({ q: 'rare' }).results.map((item) => item.slug)).toEqual(['s-5']);
  });
});

describe('loadSearch', () => {
  const files = indexFiles(documents);

  it('refuses a manifest it did not write, naming the field and what it expected', () => {
    const refused = (manifest: unknown, message: RegExp) => {
      expect(() => loadSearch({ ...files, manifest })).toThrow(SearchIndexError);
      expect(() => loadSearch({ ...files, manifest })).toThrow(message);
    };
    const manifest = files.manifest as Record<string, unknown>;
    refused([], /search-index: \(top level\): expected an object, got an array of 0/);
    refused({ ...manifest, version: 1 }, /version: expected 3, got 1/);
    refused({ ...manifest, shards: 0 }, /shards: expected a whole number of shards/);
    refused({ ...manifest, facets: [] }, /facets: expected an array of 8 strings/);
    refused({ ...manifest, facets: Array(8).fill({ type: 'doc' }) }, /facets: expected an array of 8 strings/);
    refused({ ...manifest, lengths: Array(8).fill([1, 1, 1, 1]) }, /lengths: expected an array of 32 numbers/);
    refused({ ...manifest, catalogue: { ...(manifest.catalogue as object), docs: [] } }, /catalogue: expected 8 items/);
  });

  it('names a shard it cannot read, or an item catalog.json does not hold where the manifest says', () => {
    expect(() => loadSearch({ ...files, shard: () => 'not JSON' }).query({ q: 'tiers' })).toThrow(/shard 0: expected an array/);
    expect(() => loadSearch({ ...files, catalogText: () => '{"type":"bundle"}' }).query({ q: 'tiers' })).toThrow(/skill 1 of catalog.json: expected a skill, got "bundle"/);
  });
});

/**
 * MiniSearch holding every item at once, as the index was one file: each item added in catalogue
 * order, a word past the common share left out of its field. The sharded index must answer as it
 * does, item for item and score for score.
 */
function wholeIndex(items: readonly Indexed[]) {
  const fields = ['title', 'tags', 'summary', 'body'] as const;
  const rows = items.map(({ item, body, summary, tags }, id) => ({ id, title: item.title, tags: tags.join('\n'), summary: summary.join('\n'), body }));
  const tokenize = (text: string) => text.split(/[^\p{L}\p{N}]+/u);
  const term = (token: string) => {
    const plain = token.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
    return plain === '' || STOP.has(plain) ? null : plain;
  };
  const seen = new Map(fields.map((field) => [field, new Map<string, number>()]));
  for (const row of rows) for (const field of fields) for (const word of new Set(tokenize(row[field]).map(term).filter((t) => t !== null))) seen.get(field)!.set(word!, (seen.get(field)!.get(word!) ?? 0) + 1);
  const common = (field: string, word: string) => field !== 'title' && (seen.get(field as typeof fields[number])!.get(word) ?? 0) > rows.length * COMMON_WORD_SHARE;
  const engine = new MiniSearch({ fields: [...fields], storeFields: [], tokenize, processTerm: (token, field) => { const t = term(token); return t !== null && field && common(field, t) ? null : t; } });
  engine.addAll(rows);
  const loaded = MiniSearch.loadJS(JSON.parse(JSON.stringify(engine)), { fields: [...fields], storeFields: [], tokenize, processTerm: term });
  const options = { boost: FIELD_BOOSTS, prefix: (t: string) => t.length >= 2, fuzzy: (t: string) => typoAllowance(t) || false, weights: { fuzzy: 0.45, prefix: 0.35 } };
  return (q: string) => {
    let hits = loaded.search(q, { ...options, combineWith: 'AND' });
    if (hits.length === 0) hits = loaded.search(q, { ...options, combineWith: 'OR' });
    return hits.sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number)).map((hit) => [hit.id as number, Number(hit.score.toPrecision(4))]);
  };
}

const STOP = new Set('a an and are as at be by do for from has have how i if in into is it its me my no not of on or our so than that the their them then there these they this to was we what when which who why will with you your'.split(' '));

describe('the index in shards', () => {
  it('answers every query as MiniSearch holding every item at once does, item for item and score for score', () => {
    const words = ['pricing', 'price', 'pricer', 'interview', 'interviews', 'customer', 'onboarding', 'onboard', 'café', 'cafe', 'loop', 'launch', 'value', 'the', 'growth', 'tiers', 'activation'];
    const text = fc.array(fc.constantFrom(...words), { maxLength: 12 }).map((list) => list.join(' '));
    fc.assert(fc.property(
      fc.array(fc.record({ title: text, body: text, summary: fc.array(text, { maxLength: 3 }), tags: fc.array(text, { maxLength: 3 }) }), { minLength: 1, maxLength: 30 }),
      fc.array(fc.oneof(fc.constantFrom(...words), fc.constantFrom('pricng', 'custmer', 'onbaording', 'pr', 'cu', 'xyz')), { minLength: 1, maxLength: 3 }),
      (fields, query) => {
        const items = fields.map((field, i): Indexed => ({ item: { ...skill(`s-${i}`, field.title || `s ${i}`, ['ideas']), title: field.title || `s ${i}` }, body: field.body, summary: field.summary, tags: field.tags }));
        const q = query.join(' ');
        const sharded = loadSearch(indexFiles(items)).query({ q, limit: 200 }).results.map((item) => [Number(item.slug.slice(2)), item.score]);
        expect(sharded).toEqual(wholeIndex(items)(q));
      },
    ), { numRuns: propertyRuns(200) });
  });
});
