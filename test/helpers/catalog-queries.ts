/**
 * Random query strings for /catalog.json and the rules every answer must obey, shared by the
 * in-process property (build layer, thousands of runs) and its HTTP sample (http layer): real
 * parameter names and values mixed with junk, repeats, commas, empty values, percent-encodings and
 * unicode. Whatever arrives, the answer is never a 5xx, always JSON with the full header set, a 200
 * that obeys every rule of the specification or a 400 bad_request.
 *
 * The seed is the run's one property seed (test/helpers/property.ts); fast-check prints seed and path
 * of a failure so that it can be replayed.
 */
import { expect } from 'vitest';
import fc from 'fast-check';
import { apiValidator } from '../../build/ajv.ts';
import type { Catalog } from '../../core/types.ts';
import { distCatalog, distStamp } from './dist.ts';
import { expectApiHeaders } from './api-headers.ts';
import { CLUSTERS, ORDERS, SHORT_SORTS, SORTS, expectedAnswer, matchesClusters } from './catalog-oracle.ts';

const catalog: Catalog = distCatalog();
export const stamp = distStamp();

// ---- Query strings -------------------------------------------------------------------------

const junkText = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.constantFrom('é', 'ﬁ', 'İ', '𝟙', '١', '\u0000', '\u200b', ' ', '+', '%', '%zz', '&', '=', '#', '?', '/', '"', "'", '<', '\\'),
);
const junkName = fc.oneof(
  fc.constantFrom('Cluster', 'SORT', 'limit ', ' limit', 'clusters', 'page', 'q', '', 'cluster[]', 'sort.', 'cluſter'),
  junkText,
);
const clusterPiece = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...CLUSTERS) },
  { weight: 1, arbitrary: fc.constantFrom('', 'Ideas', 'GTM', 'idea', 'marketing', ' ideas', 'ideas ') },
  { weight: 1, arbitrary: junkText },
);
const clusterValue = fc.array(clusterPiece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join(','));
const sortValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SORTS, ...Object.keys(SHORT_SORTS)) },
  { weight: 1, arbitrary: fc.constantFrom('Title', 'PRICE', '+price', 'price ', 'newest', '', 'price_ASC') },
  { weight: 1, arbitrary: junkText },
);
const limitValue = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 200 }).map(String) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 260 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('1.5', '1e2', '0x10', '+5', ' 5', '5 ', '٥', '²', '200.0', '99999999999999999999', 'abc', '') },
  { weight: 1, arbitrary: junkText },
);
const anyValue = fc.oneof(clusterValue, sortValue, limitValue, junkText);

/** Mostly a real name with a value of its kind (the interesting answers), sometimes anything. */
const pair = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(fc.constant('cluster'), clusterValue) },
  { weight: 3, arbitrary: fc.tuple(fc.constant('sort'), sortValue) },
  { weight: 3, arbitrary: fc.tuple(fc.constant('limit'), limitValue) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('cluster', 'sort', 'limit'), anyValue) },
  { weight: 1, arbitrary: fc.tuple(junkName, anyValue) },
);

/** How one pair is written: the URL parser decides what it means, exactly as for a client. */
type Spelling = 'encoded' | 'raw' | 'all-percent' | 'plus-spaces' | 'no-equals' | 'comma-encoded';
const spelling = fc.constantFrom<Spelling>('encoded', 'encoded', 'raw', 'all-percent', 'plus-spaces', 'no-equals', 'comma-encoded');

const percentAll = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
function spell([n, v, how]: [string, string, Spelling]): string {
  switch (how) {
    case 'raw': return `${n}=${v}`;
    case 'all-percent': return `${percentAll(n)}=${percentAll(v)}`;
    case 'plus-spaces': return `${encodeURIComponent(n)}=${encodeURIComponent(v).replaceAll('%20', '+')}`;
    case 'no-equals': return encodeURIComponent(n);
    case 'comma-encoded': return `${encodeURIComponent(n)}=${encodeURIComponent(v).replaceAll(',', '%2C')}`;
    default: return `${encodeURIComponent(n)}=${encodeURIComponent(v).replaceAll('%2C', ',')}`;
  }
}

type Pair = [string, string];
/** One of each parameter at most, sometimes with extra pairs (repeats, junk), in any order. */
const structured = fc
  .tuple(
    fc.array(fc.tuple(fc.constant('cluster'), clusterValue), { maxLength: 2 }),
    fc.option(fc.tuple(fc.constant('sort'), sortValue), { freq: 3 }),
    fc.option(fc.tuple(fc.constant('limit'), limitValue), { freq: 3 }),
    fc.oneof({ weight: 3, arbitrary: fc.constant([] as Pair[]) }, { weight: 1, arbitrary: fc.array(pair, { minLength: 1, maxLength: 2 }) }),
  )
  .chain(([clusters, sort, limit, extra]) => {
    const pairs: Pair[] = [...clusters, ...(sort ? [sort] : []), ...(limit ? [limit] : []), ...extra];
    return fc.shuffledSubarray(pairs, { minLength: pairs.length, maxLength: pairs.length });
  });
const unstructured = fc.array(pair, { maxLength: 5 });

export const queryString = fc
  .tuple(
    fc.oneof({ weight: 3, arbitrary: structured }, { weight: 1, arbitrary: unstructured })
      .chain((pairs) => fc.tuple(...pairs.map(([n, v]) => spelling.map((how): [string, string, Spelling] => [n, v, how])))),
    fc.constantFrom('', '', '&', '&&'),
  )
  .map(([pairs, glue]) => pairs.map(spell).join(glue === '' ? '&' : `&${glue}`));

// ---- The property ----------------------------------------------------------------------------

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** Every rule a response to `/catalog.json?<query>` must obey, given what the URL parser made of it. */
export function expectLawful(url: URL, answer: Answer) {
  const where = `GET ${url.pathname}${url.search} → ${answer.status}`;
  expect(answer.status, where).toBeLessThan(500);
  expect([200, 400], where).toContain(answer.status);
  expect(answer.headers['content-type'], where).toMatch(/^application\/json/);
  expectApiHeaders(answer.headers, { stamp, cacheControl: 'public, max-age=3600', where });
  const body = JSON.parse(answer.text);
  const expected = expectedAnswer(catalog, url.searchParams);

  if (answer.status === 400) {
    expect(body.error, where).toBe('bad_request');
    expect(body.code, where).toBe(body.error);
    const validate = apiValidator('Error');
    expect(validate(body), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
    expect(expected.ok, `${where}: the rules accept this query`).toBe(false);
    // The message names the parameter, quoted as a JSON string when it has characters that need it.
    if (!expected.ok) {
      const named = expected.parameters.flatMap((parameter) => [parameter, JSON.stringify(parameter)]).some((name) => body.message.includes(name));
      expect(named, `${where}: "${body.message}" names none of ${JSON.stringify(expected.parameters)}`).toBe(true);
    }
    return;
  }

  const validate = apiValidator('Catalog');
  expect(validate(body), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
  expect(expected.ok, `${where}: the rules refuse this query`).toBe(true);
  if (!expected.ok) return;
  const { query, skills, bundles, skill_count: skillCount } = body as Catalog;
  expect(query, where).toEqual(expected.query);
  expect(skillCount, where).toBeGreaterThanOrEqual(skills.length);
  expect(skills.length, where).toBeLessThanOrEqual(query.limit ?? Infinity);
  for (const skill of skills) expect(matchesClusters(skill, query.clusters), `${where}: ${skill.slug} is outside the filter`).toBe(true);
  const order = ORDERS[query.sort];
  if (order) for (let i = 1; i < skills.length; i++) expect(order(skills[i - 1], skills[i]), `${where}: ${skills[i - 1].slug} before ${skills[i].slug}`).toBeLessThan(0);
  const listed = new Set(skills.map((skill) => skill.slug));
  for (const skill of skills) expect(skill, where).toEqual(catalog.skills.find((s) => s.slug === skill.slug));
  for (const bundle of bundles) {
    const matching = bundle.skills.filter((member) => matchesClusters(catalog.skills.find((s) => s.slug === member.slug)!, query.clusters));
    expect(matching.length, `${where}: bundle ${bundle.slug}`).toBeGreaterThanOrEqual(2);
    expect(bundle, `${where}: bundle ${bundle.slug} is shown whole`).toEqual(catalog.bundles.find((b) => b.slug === bundle.slug));
  }
  // Exact agreement with the rules: which skills, in which order, how many, which bundles.
  expect(skills.map((skill) => skill.slug), where).toEqual(expected.skills);
  expect(skillCount, where).toBe(expected.skillCount);
  expect(bundles.map((bundle) => bundle.slug), where).toEqual(expected.bundles);
  expect(listed.size, where).toBe(skills.length);
}

