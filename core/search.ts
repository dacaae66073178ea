/**
 * The search core: one index of skills, bundles and prose pages, made by the build
 * (site/search-index.ts writes dist/search-index.json) and queried by the search function,
 * the search page and any other caller (the MCP `search_skills` tool). Pure: no I/O; the caller
 * reads the index file and hands over its text or parsed JSON.
 *
 * Interface:
 *
 *   loadSearch(indexJson: string | object): Search
 *     Throws SearchIndexError (naming the field and what was expected) on an index this code did
 *     not write (another format version, missing parts).
 *
 *   search.query({ q, cluster?, kind?, type?, limit? }): { results, total }
 *     q        free text; words are matched by prefix ("onboard" finds "onboarding") and with typos
 *              (one edit in words of 4+ letters, two in words of 8+: "pricng" finds "pricing").
 *              Every word must match (AND); when none can, words may match alone (OR), so a query
 *              with one stray word still finds something. An empty or blank q matches nothing.
 *     cluster  cluster ids (ClusterId); a skill matches when any of its clusters is listed, a
 *              bundle when at least two of its skills do (the catalogue's rule), a doc never.
 *     kind     'command' | 'reference': only skills of that kind (bundles and docs have no kind).
 *     type     ('skill' | 'bundle' | 'doc')[]: only items of these types; absent or empty = all.
 *     limit    1..200 (LIMIT_MIN..LIMIT_MAX of query.ts), default SEARCH_DEFAULT_LIMIT (20).
 *     results  best first (score descending, then type, then catalogue title order), each the item
 *              as published: a Skill or Bundle exactly as in catalog.json, or a DocSummary (a
 *              Doc twin without its `markdown`, `type: "doc"`), plus `score` (a positive number,
 *              relative to this query only).
 *     total    how many items matched before `limit` cut the list.
 *
 * Field boosts: title over tags (commands, cluster labels, author) over summary (problem, outcome,
 * summary, blurb, why, description, you_get) over body text.
 */

import MiniSearch from 'minisearch';
import type { AsPlainObject, Options, SearchResult as MiniSearchHit } from 'minisearch';
import type { Bundle, ClusterId, ScoredBundle, ScoredDocSummary, ScoredSkill, SearchType, Skill, SkillKind } from './types.ts';
import { CLUSTER_IDS, SKILL_KINDS } from './types.ts';
import { LIMIT_MAX, LIMIT_MIN } from './query.ts';
import { SEARCH_INDEX_FILE } from './published-files.ts';
import { detached } from './detached.ts';
import { InvariantError } from './invariant.ts';

/** The index file in dist/, gzipped JSON (site/search-index.ts); search-source.ts reads it. */

/** Bumped when the file's shape changes: a function never answers from a file it cannot read right. */
export const SEARCH_INDEX_VERSION = 1;

export const SEARCH_DEFAULT_LIMIT = 20;

export const SEARCH_TYPES: readonly SearchType[] = ['skill', 'bundle', 'doc'];
export type { SearchType };

/** A prose page as search lists it: its JSON twin without the text, typed `doc`. */
export type DocSummary = Omit<ScoredDocSummary, 'score'>;

export type SearchItem = Skill | Bundle | DocSummary;
/** An item of `results`: the types come from schema/api/search-results.schema.json. */
export type ScoredItem = ScoredSkill | ScoredBundle | ScoredDocSummary;

export interface SearchQuery {
  q: string;
  cluster?: readonly string[];
  kind?: SkillKind;
  type?: readonly SearchType[];
  limit?: number;
}

export interface SearchAnswer {
  results: ScoredItem[];
  total: number;
}

export interface Search {
  query(query: SearchQuery): SearchAnswer;
  /** How many items the index holds. */
  readonly size: number;
}

/** What the build indexes of one item (site/search-index.ts gathers it from the model). */
export interface SearchDocument {
  item: SearchItem;
  /** Short labels: commands, cluster labels, author. */
  tags: readonly string[];
  /** One-line texts: problem, outcome, summary, blurb, description, what you get. */
  summary: readonly string[];
  /** The editor's Markdown body, as plain text. */
  body: string;
}

/** Per item, what the filters look at; kept beside the item so no item is parsed to be filtered. */
type ItemFacets =
  | { type: 'skill'; kind: SkillKind; clusters: ClusterId[] }
  | { type: 'bundle'; members: ClusterId[][] }
  | { type: 'doc' };

/** dist/search-index.json. Items are kept serialised: reading the file parses no item, and a query
 * parses only the ones it answers with. */
export interface SearchIndexFile {
  version: typeof SEARCH_INDEX_VERSION;
  items: string[];
  facets: ItemFacets[];
  index: AsPlainObject;
}

/** Thrown by loadSearch on a file this code did not write. */
export class SearchIndexError extends Error {
  override readonly name = 'SearchIndexError';
}

/** Thrown by Search.query on a value outside its range; the message names the field and what it takes. */
export class SearchQueryError extends Error {
  override readonly name = 'SearchQueryError';
  constructor(readonly field: keyof SearchQuery, message: string) {
    super(message);
  }
}

// ---- Matching: one home for how text becomes terms and how terms are weighed ----

const FIELDS = ['title', 'tags', 'summary', 'body'] as const;
type Field = (typeof FIELDS)[number];

/** Title over tags over summaries over body text. */
export const FIELD_BOOSTS: Readonly<Record<Field, number>> = { title: 6, tags: 3, summary: 2, body: 1 };

/**
 * Words too common to tell items apart. Dropped from the index and from queries alike, so "the
 * pricing" matches as "pricing" would, and the OR fallback is never flooded by "the".
 */
const STOP_WORDS = new Set(
  'a an and are as at be by do for from has have how i if in into is it its me my no not of on or our so than that the their them then there these they this to was we what when which who why will with you your'.split(' '),
);

const ASCII = /^[\0-\x7f]*$/;

/** Lower case without accents ("Café" is "cafe"), so a query need not match an editor's spelling of them. */
function processTerm(term: string): string | null {
  // ASCII has nothing to decompose or strip: most words skip both steps.
  const plain = (ASCII.test(term) ? term : term.normalize('NFD').replace(/\p{M}+/gu, '')).toLowerCase();
  return plain === '' || STOP_WORDS.has(plain) ? null : plain;
}

/** Letters and digits make words; everything else (spaces, punctuation, "/" and "-" in commands) splits them. */
const tokenize = (text: string): string[] => text.split(/[^\p{L}\p{N}]+/u);

/** Typos: none in words of up to 3 letters (too many neighbours), one from 4, two from 8. */
export function typoAllowance(term: string): number {
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/** Partial words: a term of two letters or more also matches the words it begins. */
const prefixAllowed = (term: string) => term.length >= 2;

const INDEX_OPTIONS: Options = { fields: [...FIELDS], storeFields: [], tokenize, processTerm };

const MATCH_OPTIONS = {
  boost: FIELD_BOOSTS,
  prefix: prefixAllowed,
  fuzzy: (term: string) => typoAllowance(term) || false,
  // A typo counts for less than an exact word, a completion for less than both.
  weights: { fuzzy: 0.45, prefix: 0.35 },
} as const;

// ---- The build's side ----

const facetsOf = (item: SearchItem, clustersOf: ReadonlyMap<string, ClusterId[]>): ItemFacets => {
  switch (item.type) {
    case 'skill': return { type: 'skill', kind: item.kind, clusters: item.clusters.map((cluster) => cluster.id) };
    case 'bundle': return { type: 'bundle', members: item.skills.map((member) => clustersOf.get(member.slug) ?? []) };
    case 'doc': return { type: 'doc' };
  }
};

/**
 * A word found in more than this share of the items' text in one field is not indexed in that
 * field (titles keep every word). Such a word tells items apart by almost nothing (its BM25 weight
 * tends to zero as its share grows), yet it is what makes a query slow: each query costs in
 * proportion to the items its words are listed for, and a word on every item lists them all.
 * The words themselves are not dropped from queries, so "pricing" still finds the items with
 * "pricing" in their title or tags when every body mentions it.
 */
export const COMMON_WORD_SHARE = 0.5;

type IndexedFields = Record<Field, string> & { id: number };

/** processTerm remembered per word for one index: a catalogue says the same few thousand words
 * over and over, and each is read twice (the common words, then the index). A word is kept
 * detached from the body it was cut from, which the index would otherwise keep alive. */
function rememberedTerms(): (token: string) => string | null {
  const terms = new Map<string, string | null>();
  return (token) => {
    let term = terms.get(token);
    if (term === undefined) {
      const made = processTerm(token);
      term = made === null ? null : detached(made);
      terms.set(detached(token), term);
    }
    return term;
  };
}

const rowOf = (document: SearchDocument, id: number): IndexedFields => ({
  id,
  title: document.item.title,
  tags: document.tags.join('\n'),
  summary: document.summary.join('\n'),
  body: document.body,
});

/**
 * The index file's content for these documents, in the order results tie-break on (catalogue order).
 *
 * `documents` is read twice, one document at a time: once to count in how many items each word
 * appears (the common words, dropped from the index), once to index them. An array will do; the
 * build hands an iterable that reads each body as it is asked for, so that no step holds every
 * body of the catalogue at once.
 */
export function makeSearchIndex(documents: Iterable<SearchDocument>): SearchIndexFile {
  const termOf = rememberedTerms();
  // Per field (but the title), in how many items each word appears.
  const counts = new Map<Field, Map<string, number>>(FIELDS.filter((field) => field !== 'title').map((field) => [field, new Map()]));
  const clustersOf = new Map<string, ClusterId[]>();
  let count = 0;
  for (const document of documents) {
    const { item } = document;
    if (item.type === 'skill') clustersOf.set(item.slug, item.clusters.map((cluster) => cluster.id));
    const row = rowOf(document, count);
    count += 1;
    for (const [field, seenIn] of counts) {
      const seen = new Set<string>();
      for (const token of tokenize(row[field])) {
        const term = termOf(token);
        if (term !== null) seen.add(term);
      }
      for (const term of seen) seenIn.set(term, (seenIn.get(term) ?? 0) + 1);
    }
  }
  const common = new Map([...counts].map(([field, seenIn]) => [field, new Set([...seenIn].filter(([, n]) => n > count * COMMON_WORD_SHARE).map(([term]) => term))]));
  const engine = new MiniSearch({
    ...INDEX_OPTIONS,
    processTerm: (token: string, field?: string) => {
      const term = termOf(token);
      return term !== null && field !== undefined && common.get(field as Field)?.has(term) ? null : term;
    },
  });
  const items: string[] = [];
  const facets: ItemFacets[] = [];
  for (const document of documents) {
    engine.add(rowOf(document, items.length));
    items.push(JSON.stringify(document.item));
    facets.push(facetsOf(document.item, clustersOf));
  }
  if (items.length !== count) throw new InvariantError(`search documents: the second reading gave ${items.length} documents, the first ${count}`);
  return { version: SEARCH_INDEX_VERSION, items, facets, index: engine.toJSON() };
}

// ---- The query side ----

export function loadSearch(indexJson: string | object): Search {
  let file: unknown = indexJson;
  if (typeof indexJson === 'string') {
    try {
      file = JSON.parse(indexJson);
    } catch (error) {
      throw new SearchIndexError(`${SEARCH_INDEX_FILE}: expected JSON, got text that does not parse (${(error as Error).message})`);
    }
  }
  const index = checkedIndexFile(file);
  let engine: MiniSearch;
  try {
    engine = MiniSearch.loadJS(index.index, INDEX_OPTIONS);
  } catch (error) {
    throw new SearchIndexError(`${SEARCH_INDEX_FILE}: index: expected a MiniSearch index, got one it cannot load (${(error as Error).message})`);
  }
  if (engine.documentCount !== index.items.length) {
    throw new SearchIndexError(`${SEARCH_INDEX_FILE}: index: expected ${index.items.length} documents (one per item), got ${engine.documentCount}`);
  }
  return new IndexedSearch(engine, index);
}

function checkedIndexFile(file: unknown): SearchIndexFile {
  const fail = (field: string, expected: string, got: unknown) =>
    new SearchIndexError(`${SEARCH_INDEX_FILE}: ${field}: expected ${expected}, got ${describe(got)}`);
  if (typeof file !== 'object' || file === null || Array.isArray(file)) throw fail('(top level)', 'an object', file);
  const candidate = file as Partial<Record<keyof SearchIndexFile, unknown>>;
  if (candidate.version !== SEARCH_INDEX_VERSION) throw fail('version', String(SEARCH_INDEX_VERSION), candidate.version);
  if (!Array.isArray(candidate.items)) throw fail('items', 'an array of serialised items', candidate.items);
  if (!Array.isArray(candidate.facets) || candidate.facets.length !== candidate.items.length) {
    throw fail('facets', `an array of ${candidate.items.length} entries (one per item)`, candidate.facets);
  }
  if (typeof candidate.index !== 'object' || candidate.index === null) throw fail('index', 'a MiniSearch index', candidate.index);
  return candidate as SearchIndexFile;
}

const describe = (value: unknown): string =>
  Array.isArray(value) ? `an array of ${value.length}` : value === null ? 'null' : typeof value === 'object' ? 'an object' : JSON.stringify(value) ?? typeof value;

class IndexedSearch implements Search {
  readonly #engine: MiniSearch;
  readonly #items: readonly string[];
  readonly #facets: readonly ItemFacets[];

  constructor(engine: MiniSearch, file: SearchIndexFile) {
    this.#engine = engine;
    this.#items = file.items;
    this.#facets = file.facets;
  }

  get size(): number {
    return this.#items.length;
  }

  query(query: SearchQuery): SearchAnswer {
    const { q, limit, matches } = checkedQuery(query);
    if (!this.#engine.termCount || q === '') return { results: [], total: 0 };
    const filter = (hit: MiniSearchHit) => matches(this.#facets[hit.id as number]);
    // Every word must match; only when no item has them all may one match alone.
    let hits = this.#engine.search(q, { ...MATCH_OPTIONS, combineWith: 'AND', filter });
    if (hits.length === 0) hits = this.#engine.search(q, { ...MATCH_OPTIONS, combineWith: 'OR', filter });
    // Equal scores keep catalogue order, so the same query always lists the same items.
    hits.sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number));
    return {
      total: hits.length,
      results: hits.slice(0, limit).map((hit) => ({ ...(JSON.parse(this.#items[hit.id as number]) as SearchItem), score: shownScore(hit.score) })),
    };
  }
}

/** Four significant digits: enough to order by, and never 0 for a match. */
const shownScore = (score: number): number => Number(score.toPrecision(4));

interface CheckedQuery {
  q: string;
  limit: number;
  matches: (facets: ItemFacets) => boolean;
}

/** The query's values checked for callers that build it themselves (the HTTP layer has parsed strings already). */
function checkedQuery(query: SearchQuery): CheckedQuery {
  if (typeof query.q !== 'string') throw new SearchQueryError('q', `q: expected a string, got ${describe(query.q)}`);
  const limit = query.limit ?? SEARCH_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < LIMIT_MIN || limit > LIMIT_MAX) {
    throw new SearchQueryError('limit', `limit: expected a whole number from ${LIMIT_MIN} to ${LIMIT_MAX}, got ${describe(limit)}`);
  }
  const clusters = new Set<string>(query.cluster ?? []);
  for (const id of clusters) {
    if (!(CLUSTER_IDS as readonly string[]).includes(id)) {
      throw new SearchQueryError('cluster', `cluster: expected ids from ${CLUSTER_IDS.join(', ')}, got ${describe(id)}`);
    }
  }
  const { kind } = query;
  if (kind !== undefined && !SKILL_KINDS.includes(kind)) {
    throw new SearchQueryError('kind', `kind: expected one of ${SKILL_KINDS.join(', ')}, got ${describe(kind)}`);
  }
  const types = new Set<string>(query.type ?? []);
  for (const type of types) {
    if (!(SEARCH_TYPES as readonly string[]).includes(type)) {
      throw new SearchQueryError('type', `type: expected values from ${SEARCH_TYPES.join(', ')}, got ${describe(type)}`);
    }
  }
  const inClusters = (ids: readonly string[]) => ids.some((id) => clusters.has(id));
  const matches = (facets: ItemFacets): boolean => {
    if (types.size > 0 && !types.has(facets.type)) return false;
    if (kind !== undefined && (facets.type !== 'skill' || facets.kind !== kind)) return false;
    if (clusters.size === 0) return true;
    switch (facets.type) {
      case 'skill': return inClusters(facets.clusters);
      // The catalogue's rule for bundles under a filter: two of its skills match.
      case 'bundle': return facets.members.filter(inClusters).length >= 2;
      case 'doc': return false;
    }
  };
  return { q: query.q.trim(), limit, matches };
}
