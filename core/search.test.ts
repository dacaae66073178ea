import { describe, expect, it } from 'vitest';
import { bundle, skill } from '../test/fixtures/catalog.ts';
import type { Skill } from './types.ts';
import { InvariantError } from './invariant.ts';
import { COMMON_WORD_SHARE, loadSearch, makeSearchIndex, SEARCH_DEFAULT_LIMIT, SearchIndexError, SearchQueryError, typoAllowance } from './search.ts';
import type { DocSummary, SearchDocument } from './search.ts';

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

const doc = (item: SearchDocument['item'], body = '', summary: string[] = [], tags: string[] = []): SearchDocument => ({ item, body, summary, tags });
const documents: SearchDocument[] = [
  doc(interviews, 'Ask about the past, never about the future. Pricing comes up late.', ['Talk to customers before you build.']),
  doc(pricingPage, 'Anchor the price and show three tiers.', ['A page that sells.']),
  doc(onboarding, 'Shorten the path to first value.', ['Activation in minutes.']),
  doc(café, 'A category of its own.', [], ['Positioning']),
  doc(growth, 'Loops beat funnels. A customer brings a customer.'),
  doc(bundle('starter', [interviews, pricingPage]), 'Everything to start.'),
  doc(bundle('activation-kit', [onboarding, growth]), 'Keep them.'),
  doc(guide, 'Send If-None-Match to revalidate.'),
];
const search = loadSearch(JSON.stringify(makeSearchIndex(documents)));
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

describe('order', () => {
  it('keeps catalogue order among equal scores, so one query always lists the same items', () => {
    const twins = [skill('b-twin', 'Twin', ['ideas']), skill('a-twin', 'Twin', ['ideas'])];
    const tied = loadSearch(makeSearchIndex(twins.map((item) => doc(item))));
    expect(tied.query({ q: 'twin' }).results.map((item) => item.slug)).toEqual(['b-twin', 'a-twin']);
  });
});

describe('words every item has', () => {
  it(`are not indexed outside titles once more than ${COMMON_WORD_SHARE * 100}% of items have them, but still match titles`, () => {
    const many = Array.from({ length: 10 }, (_, i) => doc(skill(`s-${i}`, i === 3 ? 'Everywhere guide' : `Item ${i}`, ['ideas']), `everywhere ${i === 5 ? 'rare' : ''}`));
    const index = loadSearch(makeSearchIndex(many));
    expect(index.query({ q: 'everywhere' }).results.map((item) => item.slug)).toEqual(['s-3']);
    // A word in few bodies is indexed there.
    expect(index.query({ q: 'rare' }).results.map((item) => item.slug)).toEqual(['s-5']);
  });
});

describe('makeSearchIndex', () => {
  it('reads an iterable twice, one document at a time, into the same file as an array', () => {
    let readings = 0;
    const lazy = { *[Symbol.iterator]() { readings += 1; yield* documents.map((document) => ({ ...document })); } };
    expect(JSON.stringify(makeSearchIndex(lazy))).toBe(JSON.stringify(makeSearchIndex(documents)));
    expect(readings).toBe(2);
  });

  it('refuses documents that can be read only once, rather than index none of them', () => {
    function* once() { yield* documents; }
    expect(() => makeSearchIndex(once())).toThrow(InvariantError);
    expect(() => makeSearchIndex(once())).toThrow(`the second reading gave 0 documents, the first ${documents.length}`);
  });
});

describe('loadSearch', () => {
  const file = makeSearchIndex(documents);

  it('takes the file as text or as parsed JSON', () => {
    expect(loadSearch(file).query({ q: 'tiers' })).toEqual(search.query({ q: 'tiers' }));
    expect(loadSearch(file).size).toBe(documents.length);
  });

  it('refuses a file it did not write, naming the field and what it expected', () => {
    const refused = (input: string | object, message: RegExp) => {
      expect(() => loadSearch(input)).toThrow(SearchIndexError);
      expect(() => loadSearch(input)).toThrow(message);
    };
    refused('{not json', /search-index\.json\.gz: expected JSON/);
    refused([], /\(top level\): expected an object, got an array of 0/);
    refused({ ...file, version: 2 }, /version: expected 1, got 2/);
    refused({ ...file, items: 'x' }, /items: expected an array/);
    refused({ ...file, facets: [] }, /facets: expected an array of 8 entries/);
    refused({ ...file, items: file.items.slice(1), facets: file.facets.slice(1) }, /index: expected 7 documents \(one per item\), got 8/);
  });
});
