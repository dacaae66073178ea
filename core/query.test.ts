import { describe, expect, it } from 'vitest';
import { canonicalQueryString, catalogFor, indexCatalog, parseCatalogQuery } from './query.ts';
import { badRequestBody, ECHO_MAX } from './errors.ts';
import type { CatalogQuery } from './query.ts';
import { bundle, catalog, skill, skills } from '../test/fixtures/catalog.ts';

const index = indexCatalog(catalog);
const by = (slug: string) => skills.find((s) => s.slug === slug)!;

const parse = (query: string) => parseCatalogQuery(new URLSearchParams(query));
const ok = (query: string): CatalogQuery => {
  const parsed = parse(query);
  if (!parsed.ok) throw new Error(`expected ${query} to parse: ${parsed.problem.message}`);
  return parsed.query;
};
const problem = (query: string) => {
  const parsed = parse(query);
  if (parsed.ok) throw new Error(`expected ${query} to be refused`);
  return parsed.problem;
};
const run = (query: string) => catalogFor(catalog, index, ok(query));
const slugs = (query: string) => run(query).skills.map((s) => s.slug);

describe('parseCatalogQuery', () => {
  it('defaults to the whole catalogue in catalogue order', () => {
    expect(ok('')).toEqual({ clusters: [], sort: 'default', limit: null });
  });

  it('accepts repeated and comma-separated clusters, folds duplicates and echoes catalogue order', () => {
    expect(ok('cluster=gtm&cluster=ideas,ship&cluster=ideas').clusters).toEqual(['ideas', 'ship', 'gtm']);
  });

  it('accepts the four sorts and the two short forms under their canonical names', () => {
    for (const sort of ['default', 'price_asc', 'price_desc', 'title']) expect(ok(`sort=${sort}`).sort).toBe(sort);
    expect(ok('sort=price').sort).toBe('price_asc');
    expect(ok('sort=-price').sort).toBe('price_desc');
  });

  it('accepts limits from 1 to 200', () => {
    expect(ok('limit=1').limit).toBe(1);
    expect(ok('limit=200').limit).toBe(200);
  });

  it.each([
    ['unknown parameter', 'page=2', 'page'],
    ['parameter name in another case', 'Sort=title', 'Sort'],
    ['unknown cluster', 'cluster=marketing', 'cluster'],
    ['cluster in another case', 'cluster=Ideas', 'cluster'],
    ['empty cluster', 'cluster=', 'cluster'],
    ['empty piece in a cluster list', 'cluster=ideas,', 'cluster'],
    ['unknown sort', 'sort=newest', 'sort'],
    ['sort in another case', 'sort=Title', 'sort'],
    ['empty sort', 'sort=', 'sort'],
    ['sort without a value', 'sort', 'sort'],
    ['"+price" (a plus decodes to a space)', 'sort=+price', 'sort'],
    ['repeated sort', 'sort=title&sort=title', 'sort'],
    ['repeated limit', 'limit=5&limit=5', 'limit'],
    ['limit 0', 'limit=0', 'limit'],
    ['limit 201', 'limit=201', 'limit'],
    ['negative limit', 'limit=-1', 'limit'],
    ['fractional limit', 'limit=1.5', 'limit'],
    ['exponent limit', 'limit=1e2', 'limit'],
    ['hexadecimal limit', 'limit=0x10', 'limit'],
    ['limit with a leading zero', 'limit=05', 'limit'],
    ['limit with spaces', 'limit=%205', 'limit'],
    ['word limit', 'limit=ten', 'limit'],
    ['empty limit', 'limit=', 'limit'],
  ])('refuses %s and names the parameter', (_, query, parameter) => {
    const found = problem(query);
    expect(found.parameter).toBe(parameter);
    expect(found.message).toContain(`"${parameter}"`);
  });

  it('suggests the nearest valid value without applying it', () => {
    expect(problem('cluster=ideaz').suggestion).toBe('cluster=ideas');
    expect(problem('sort=titel').suggestion).toBe('sort=title');
    expect(problem('clusters=ship').suggestion).toBe('cluster=ship');
    expect(problem('cluster=xyzzy').suggestion).toBeUndefined();
  });

  it.each([
    ['010', 'limit=10'],
    ['5.0', 'limit=5'],
    ['0', 'limit=1'],
    ['-3', 'limit=1'],
    ['500', 'limit=200'],
    [' 7', 'limit=7'],
  ])('suggests for limit=%s the limit that was meant, %s', (value, suggestion) => {
    expect(problem(`limit=${encodeURIComponent(value)}`).suggestion).toBe(suggestion);
  });

  it.each(['abc', '', '1e999'])('suggests no limit for limit=%s, which names no number', (value) => {
    expect(problem(`limit=${value}`).suggestion).toBeUndefined();
  });
});

describe('400 messages echo the input cut short', () => {
  const links = { baseUrl: 'https://shop.example', documentationUrl: 'https://shop.example/docs/api' };
  const huge = 'z'.repeat(100_000);

  it.each([
    ['an unknown parameter name', `${huge}=1`],
    ['an unknown cluster', `cluster=${huge}`],
    ['an unknown sort', `sort=${huge}`],
    ['a limit that is no number', `limit=${huge}`],
  ])('%s of 100 KB comes back as a few hundred characters, marked as cut', (_, query) => {
    const found = problem(query);
    expect(found.message.length).toBeLessThan(ECHO_MAX + 200);
    expect(found.message).toContain('(cut: 100000 characters in all)');
    const body = badRequestBody(found, '/catalog.json', links);
    expect(JSON.stringify(body).length).toBeLessThan(1000);
  });

  it('offers no corrected query that would carry 100 KB of the input back', () => {
    expect(problem('sorts=title').suggestion).toBe('sort=title');
    const found = problem(`sorts=${huge}`);
    const body = badRequestBody(found, '/catalog.json', links);
    expect(body.hints).toEqual([`${links.baseUrl}/openapi.json`, `${links.baseUrl}/catalog.json`]);
    expect(JSON.stringify(body).length).toBeLessThan(1000);
  });
});

describe('canonicalQueryString', () => {
  it('spells every query one way', () => {
    expect(canonicalQueryString(ok(''))).toBe('');
    expect(canonicalQueryString(ok('sort=default'))).toBe('');
    expect(canonicalQueryString(ok('limit=3&cluster=ship,ideas&sort=-price'))).toBe('cluster=ideas,ship&sort=price_desc&limit=3');
  });
});

describe('catalogFor', () => {
  it('keeps catalogue order by default', () => {
    expect(slugs('')).toEqual(skills.map((s) => s.slug));
  });

  it('keeps skills matching either of their clusters', () => {
    expect(slugs('cluster=pricing')).toEqual(['interviews', 'anchors']);
    expect(slugs('cluster=ship')).toEqual(['ship-it', 'launch']);
    expect(slugs('cluster=gtm,pricing')).toEqual(['interviews', 'eclair-2', 'anchors', 'launch']);
  });

  it('sorts by title case- and accent-insensitively, then by slug', () => {
    // "Éclair" and "eclair" compare equal, so their slugs decide.
    expect(slugs('sort=title')).toEqual(['anchors', 'eclair', 'eclair-2', 'interviews', 'launch', 'ship-it', 'zeta']);
  });

  it('sorts by price with ties broken by title', () => {
    expect(slugs('sort=price_asc')).toEqual(['launch', 'ship-it', 'eclair', 'eclair-2', 'zeta', 'interviews', 'anchors']);
    expect(slugs('sort=price_desc')).toEqual(['anchors', 'interviews', 'eclair', 'eclair-2', 'zeta', 'launch', 'ship-it']);
  });

  it('filters, then sorts, then cuts by limit, counting matches before the limit', () => {
    const result = run('cluster=ideas,design&sort=price_desc&limit=2');
    expect(result.skills.map((s) => s.slug)).toEqual(['interviews', 'eclair']);
    expect(result.skill_count).toBe(4);
  });

  it('does not limit bundles', () => {
    expect(run('limit=1').bundles).toHaveLength(3);
  });

  it('omits a bundle with fewer than two matching skills and lists the others whole', () => {
    const result = run('cluster=ideas');
    expect(result.bundles.map((b) => b.slug)).toEqual(['idea-pack']);
    expect(result.bundles[0].skills).toHaveLength(3);
    expect(run('cluster=design').bundles.map((b) => b.slug)).toEqual(['design-pack']);
    expect(run('cluster=pricing').bundles.map((b) => b.slug)).toEqual(['idea-pack']);
  });

  it('echoes the canonical query', () => {
    expect(run('cluster=ship,ideas&sort=price&limit=3').query).toEqual({ clusters: ['ideas', 'ship'], sort: 'price_asc', limit: 3 });
  });

  it('leaves the catalogue it was given untouched', () => {
    run('cluster=ship&sort=title&limit=1');
    expect(catalog.skills.map((s) => s.slug)).toEqual(skills.map((s) => s.slug));
    expect(catalog.query).toEqual({ clusters: [], sort: 'default', limit: null });
  });
});

describe('indexCatalog', () => {
  it('refuses a bundle naming a skill the catalogue does not list', () => {
    const broken = { ...catalog, bundles: [bundle('ghost', [skill('ghost', 'Ghost', ['ideas']), by('zeta')])] };
    expect(() => indexCatalog(broken)).toThrow(/ghost/);
  });
});
