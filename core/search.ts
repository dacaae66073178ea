/**
 * The search core: one index of skills, bundles and prose pages, made by the build
 * (site/search-index.ts) and queried by the search function, the search page and any other caller
 * (the MCP `search_skills` tool). Pure: no I/O; the caller hands over a reader of the index's files.
 *
 * The index is MiniSearch's (its tokenizer, its BM25 scoring, its prefix and typo matching), kept
 * in pieces so that neither side handles it whole:
 *
 * - the build indexes each item alone (`searchPart`: the words of its fields and how often each
 *   occurs), keeps that part by the item's digest, and joins the parts (`joinSearchIndex`) into a
 *   manifest (every term, each item's facets and field lengths) and shards of postings, a term's
 *   shard by a hash of it: one edit indexes one item again;
 * - a query reads the manifest once, finds the terms its words match (exact, prefix and typo, by
 *   MiniSearch's own radix tree), reads only their shards, and hands MiniSearch just those postings
 *   and the documents they name, with the counts and average lengths of the whole index: the
 *   scores are the ones the whole index would give.
 *
 * Interface:
 *
 *   loadSearch(files: SearchFiles): Search
 *     Throws SearchIndexError (naming the file, the field and what was expected) on an index this
 *     code did not write (another format version, missing parts).
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
import SearchableMap from 'minisearch/SearchableMap';
import type { Bundle, ClusterId, ScoredBundle, ScoredDocSummary, ScoredSkill, SearchType, Skill, SkillKind } from './types.ts';
import { CLUSTER_IDS, SKILL_KINDS } from './types.ts';
import { LIMIT_MAX, LIMIT_MIN } from './query.ts';
import { detached } from './detached.ts';
import { strongEtag } from './etag.ts';

/** Bumped when the files' shape changes: a function never answers from files it cannot read right. */
export const SEARCH_INDEX_VERSION = 3;

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
  /** The item's title, indexed word for word. */
  title: string;
  /** Short labels: commands, cluster labels, author. */
  tags: readonly string[];
  /** One-line texts: problem, outcome, summary, blurb, description, what you get. */
  summary: readonly string[];
  /** The editor's Markdown body, as plain text. */
  body: string;
}

/** Per item, what the filters look at; kept beside the item so no item is parsed to be filtered. */
export type ItemFacets =
  | { type: 'skill'; kind: SkillKind; clusters: ClusterId[] }
  | { type: 'bundle'; members: ClusterId[][] }
  | { type: 'doc' };

/**
 * An item's facets as the manifest holds them: one string of words, its type first, then for a
 * skill its kind and its clusters, for a bundle each member's clusters, the ids of one set
 * joined by commas ("skill command ideas,gtm", "bundle ideas,gtm pricing", "doc"). A string an
 * item parses far faster than an object and its arrays (the manifest of 50,000 items in a third
 * of the time), and is read only for the hits of a filtered query.
 */
export type FacetsCode = string;

const ids = (group: readonly string[]) => group.join(',');
const idsOf = (group: string) => (group === '' ? [] : group.split(',')) as ClusterId[];

export function facetsCode(facets: ItemFacets): FacetsCode {
  switch (facets.type) {
    case 'skill': return ['skill', facets.kind, ids(facets.clusters)].join(' ');
    case 'bundle': return ['bundle', ...facets.members.map(ids)].join(' ');
    case 'doc': return 'doc';
  }
}

export function facetsOfCode(code: FacetsCode): ItemFacets {
  const [type, ...words] = code.split(' ');
  switch (type) {
    case 'skill': return { type: 'skill', kind: words[0] as SkillKind, clusters: idsOf(words[1] ?? '') };
    case 'bundle': return { type: 'bundle', members: words.map(idsOf) };
    default: return { type: 'doc' };
  }
}

/** Thrown by loadSearch on files this code did not write. */
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
const TITLE = FIELDS.indexOf('title');

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

/**
 * A word found in more than this share of the items' text in one field is not indexed in that
 * field (titles keep every word). Such a word tells items apart by almost nothing (its BM25 weight
 * tends to zero as its share grows), yet it is what makes a query slow: each query costs in
 * proportion to the items its words are listed for, and a word on every item lists them all.
 * The words themselves are not dropped from queries, so "pricing" still finds the items with
 * "pricing" in their title or tags when every body mentions it.
 */
export const COMMON_WORD_SHARE = 0.5;

// ---- The build's side: each item's part, then the join ----

/** One item's part of the index, from its own words alone: kept between builds by its digest. */
export interface SearchPart {
  /** Each field's length as MiniSearch counts it: how many different words it holds, before any is dropped. */
  lengths: number[];
  /** Each field's terms, with how often each occurs, in the order they first occur. */
  terms: [term: string, count: number][][];
}

/** processTerm remembered per word within one item: each word is kept detached from the body it
 * was cut from, which the part would otherwise keep alive. */
function termsOf(text: string): { length: number; terms: [string, number][] } {
  const tokens = tokenize(text);
  const counts = new Map<string, number>();
  for (const token of tokens) {
    const term = processTerm(token);
    if (term !== null) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return { length: new Set(tokens).size, terms: [...counts].map(([term, count]) => [detached(term), count]) };
}

/** An item's part of the index, as MiniSearch's `add` would count its fields. */
export function searchPart(document: SearchDocument): SearchPart {
  const fields = [document.title, document.tags.join('\n'), document.summary.join('\n'), document.body].map(termsOf);
  return { lengths: fields.map((field) => field.length), terms: fields.map((field) => field.terms) };
}

/**
 * Where results come from: the skills and bundles are catalog.json's own (an item's place in
 * catalogue order is its place there, skills first), so the index holds none of their text; the
 * prose pages, which catalog.json does not list, are here.
 */
export interface SearchCatalogue {
  /** catalog.json's length in bytes: the file whose bytes the ranges name. */
  length: number;
  /** Where each skill's and each bundle's JSON is in catalog.json: [start, end) byte offsets, in
   * catalogue order (core/catalog-layout.ts). */
  skillRanges: number[];
  bundleRanges: number[];
  docs: DocSummary[];
}

/** The manifest: what every query reads first, once per instance. */
export interface SearchManifest {
  version: typeof SEARCH_INDEX_VERSION;
  /** How many shards the postings are in (a term's shard is `shardOf(term, shards)`), and the
   * digest of them all, so the manifest changes whenever any shard does. */
  shards: number;
  shardsDigest: string;
  documentCount: number;
  averageFieldLength: number[];
  /** Every term the index holds, sorted: what a query's words are matched against. */
  terms: string[];
  /** Each item's facets, and its fields' lengths (FIELDS.length numbers an item, one item after
   * another), by its place in catalogue order: flat, so 50,000 items are not 50,000 arrays. */
  facets: FacetsCode[];
  lengths: number[];
  catalogue: SearchCatalogue;
}

/** A shard: each of its terms with its postings, as MiniSearch serialises them (field, then item, then count). */
export type SearchShard = [term: string, postings: Record<string, Record<string, number>>][];

/** The index's files as the build writes them: the manifest and each shard, as JSON text. */
export interface JoinedSearchIndex {
  manifest: string;
  shards: string[];
}

/** A shard's worth of postings, as the join aims for: a query reads a few small files. */
const SHARD_POSTINGS = 20_000;
const MAX_SHARDS = 256;

/** A term's shard, among `shards`: FNV-1a of its UTF-16 units, so every reader finds it alike. */
export function shardOf(term: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) hash = Math.imul(hash ^ term.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}

const facetsOf = (item: SearchItem, clustersOf: ReadonlyMap<string, ClusterId[]>): ItemFacets => {
  switch (item.type) {
    case 'skill': return { type: 'skill', kind: item.kind, clusters: item.clusters.map((cluster) => cluster.id) };
    case 'bundle': return { type: 'bundle', members: item.skills.map((member) => clustersOf.get(member.slug) ?? []) };
    case 'doc': return { type: 'doc' };
  }
};

/** Each item's facets, in the order of `items` (catalogue order). */
export function searchFacets(items: readonly SearchItem[]): FacetsCode[] {
  const clustersOf = new Map(items.flatMap((item) => (item.type === 'skill' ? [[item.slug, item.clusters.map((cluster) => cluster.id)] as const] : [])));
  return items.map((item) => facetsCode(facetsOf(item, clustersOf)));
}

/**
 * Parts as the join reads them: each part's terms as places in one list of terms, and each part
 * one array of numbers: its fields' lengths, then for each field how many terms it has and each
 * term's place and count. So joining 50,000 items reads numbers, not words.
 */
export interface NumberedParts {
  terms: readonly string[];
  parts: readonly ArrayLike<number>[];
}

/** Calls `visit` with each term of a numbered part: its field, and where its place is in the part
 * (the count follows it). */
export function eachNumberedTerm(part: ArrayLike<number>, visit: (field: number, at: number) => void): void {
  let at = FIELDS.length;
  for (let field = 0; field < FIELDS.length; field++) {
    const end = at + 1 + 2 * part[at];
    for (at += 1; at < end; at += 2) visit(field, at);
  }
}

/** How many numbers the numbered part at `at` of `numbers` has: one part laid after another is
 * read back by it. */
export function numberedPartLength(numbers: ArrayLike<number>, at: number): number {
  let end = at + FIELDS.length;
  for (let field = 0; field < FIELDS.length; field++) end += 1 + 2 * numbers[end];
  return end - at;
}

/** A part as NumberedParts hold it, its terms numbered by `placeOf`: 32-bit integers, half the
 * memory of an array of numbers, as the build cache holds a part it read (build/search-parts.ts). */
export function numberedPart(part: SearchPart, placeOf: (term: string) => number): Int32Array {
  let length = part.lengths.length;
  for (const terms of part.terms) length += 1 + 2 * terms.length;
  const numbers = new Int32Array(length);
  numbers.set(part.lengths);
  let at = part.lengths.length;
  for (const terms of part.terms) {
    numbers[at++] = terms.length;
    for (const [term, count] of terms) {
      numbers[at++] = placeOf(term);
      numbers[at++] = count;
    }
  }
  return numbers;
}

/**
 * The index of these items' parts, in the order results tie-break on (catalogue order): what
 * MiniSearch would hold had every item been added to it in that order, each common word left out
 * of its field.
 */
export function joinSearchIndex({ terms, parts }: NumberedParts, facets: readonly FacetsCode[], catalogue: SearchCatalogue): JoinedSearchIndex {
  const count = parts.length;
  const fields = FIELDS.length;
  // Plain loops over each part's numbers (NumberedParts): the join reads every term of every item.
  // Per field, in how many items each term appears.
  const seenIn = FIELDS.map(() => new Int32Array(terms.length));
  for (const part of parts) {
    let at = fields;
    for (let field = 0; field < fields; field++) {
      const seen = seenIn[field];
      for (let end = at + 1 + 2 * part[at], i = at + 1; i < end; i += 2) seen[part[i]] += 1;
      at += 1 + 2 * part[at];
    }
  }
  // Per field (but the title), the terms left out of it: those in more than the common share of items.
  const keep = seenIn.map((seen, field) => {
    const kept = new Uint8Array(terms.length);
    for (let term = 0; term < terms.length; term++) kept[term] = field === TITLE || seen[term] <= count * COMMON_WORD_SHARE ? 1 : 0;
    return kept;
  });
  // Each kept term's postings per field, in item order, as a counting sort lays them out: the
  // postings of (term, field) are ids[start..start + seen] of one array per field, so the join
  // makes no string and no array per posting.
  const starts = seenIn.map((seen, field) => {
    const start = new Int32Array(terms.length + 1);
    for (let term = 0; term < terms.length; term++) start[term + 1] = start[term] + (keep[field][term] ? seen[term] : 0);
    return start;
  });
  const ids = starts.map((start) => new Int32Array(start[terms.length]));
  const counts = starts.map((start) => new Int32Array(start[terms.length]));
  const filled = starts.map((start) => start.slice(0, terms.length));
  // MiniSearch keeps each field's average length as it adds documents, one after another.
  const averageFieldLength = FIELDS.map(() => 0);
  for (let id = 0; id < count; id++) {
    const part = parts[id];
    for (let field = 0; field < fields; field++) averageFieldLength[field] = (averageFieldLength[field] * id + part[field]) / (id + 1);
    let at = fields;
    for (let field = 0; field < fields; field++) {
      const kept = keep[field];
      const next = filled[field];
      for (let end = at + 1 + 2 * part[at], i = at + 1; i < end; i += 2) {
        const term = part[i];
        if (!kept[term]) continue;
        const slot = next[term]++;
        ids[field][slot] = id;
        counts[field][slot] = part[i + 1];
      }
      at += 1 + 2 * part[at];
    }
  }
  let total = 0;
  const indexed: number[] = [];
  for (let term = 0; term < terms.length; term++) {
    let postings = 0;
    for (let field = 0; field < fields; field++) postings += starts[field][term + 1] - starts[field][term];
    if (postings > 0) indexed.push(term);
    total += postings;
  }
  indexed.sort((a, b) => (terms[a] < terms[b] ? -1 : terms[a] > terms[b] ? 1 : 0));
  let shards = 1;
  while (shards < MAX_SHARDS && total / shards > SHARD_POSTINGS) shards *= 2;
  // Each term as MiniSearch serialises its postings: field, then `"item":count` in item order.
  const files: string[][] = Array.from({ length: shards }, () => []);
  for (const term of indexed) {
    let text = `[${JSON.stringify(terms[term])},{`;
    let firstField = true;
    for (let field = 0; field < fields; field++) {
      const from = starts[field][term];
      const to = starts[field][term + 1];
      if (from === to) continue;
      text += `${firstField ? '' : ','}"${field}":{`;
      firstField = false;
      const fieldIds = ids[field];
      const fieldCounts = counts[field];
      for (let k = from; k < to; k++) text += `${k === from ? '' : ','}"${fieldIds[k]}":${fieldCounts[k]}`;
      text += '}';
    }
    files[shardOf(terms[term], shards)].push(`${text}}]`);
  }
  const texts = files.map((file) => `[${file.join(',')}]`);
  const manifest: SearchManifest = {
    version: SEARCH_INDEX_VERSION,
    shards,
    shardsDigest: strongEtag(texts.join('\n')),
    documentCount: count,
    averageFieldLength,
    terms: indexed.map((term) => terms[term]),
    facets: [...facets],
    lengths: parts.flatMap((part) => Array.from({ length: fields }, (_, field) => part[field])),
    catalogue,
  };
  return { manifest: JSON.stringify(manifest), shards: texts };
}

/** The index of these items' parts, numbered here: what the tests and any caller with parts in hand join. */
export function searchIndexOf(parts: readonly SearchPart[], facets: readonly FacetsCode[], catalogue: SearchCatalogue): JoinedSearchIndex {
  const terms: string[] = [];
  const places = new Map<string, number>();
  const placeOf = (term: string) => {
    let place = places.get(term);
    if (place === undefined) places.set(term, (place = terms.push(term) - 1));
    return place;
  };
  return joinSearchIndex({ terms, parts: parts.map((part) => numberedPart(part, placeOf)) }, facets, catalogue);
}

// ---- The query side ----

/** The index's files as a query reads them: the manifest, a shard when its terms are asked for,
 * and a range of catalog.json's bytes, as text. */
export interface SearchFiles {
  /** Where the files are, for errors. */
  name: string;
  manifest: unknown;
  shard(n: number): unknown;
  catalogText(start: number, end: number): string;
}

export function loadSearch(files: SearchFiles): Search {
  return new ShardedSearch(files, checkedManifest(files.name, files.manifest));
}

function checkedManifest(name: string, file: unknown): SearchManifest {
  const fail = (field: string, expected: string, got: unknown) => new SearchIndexError(`${name}: ${field}: expected ${expected}, got ${describe(got)}`);
  if (typeof file !== 'object' || file === null || Array.isArray(file)) throw fail('(top level)', 'an object', file);
  const candidate = file as Partial<Record<keyof SearchManifest, unknown>>;
  if (candidate.version !== SEARCH_INDEX_VERSION) throw fail('version', String(SEARCH_INDEX_VERSION), candidate.version);
  if (!Number.isInteger(candidate.shards) || (candidate.shards as number) < 1) throw fail('shards', 'a whole number of shards, 1 or more', candidate.shards);
  if (!Number.isInteger(candidate.documentCount)) throw fail('documentCount', 'a whole number', candidate.documentCount);
  const count = candidate.documentCount as number;
  if (!Array.isArray(candidate.facets) || candidate.facets.length !== count || !candidate.facets.every((code) => typeof code === 'string')) {
    throw fail('facets', `an array of ${count} strings (one per item)`, candidate.facets);
  }
  if (!Array.isArray(candidate.lengths) || candidate.lengths.length !== count * FIELDS.length) throw fail('lengths', `an array of ${count * FIELDS.length} numbers (${FIELDS.length} per item)`, candidate.lengths);
  if (!Array.isArray(candidate.terms)) throw fail('terms', 'an array of terms', candidate.terms);
  if (!Array.isArray(candidate.averageFieldLength) || candidate.averageFieldLength.length !== FIELDS.length) throw fail('averageFieldLength', `an array of ${FIELDS.length} numbers`, candidate.averageFieldLength);
  const catalogue = candidate.catalogue as Partial<SearchCatalogue> | undefined;
  if (typeof catalogue !== 'object' || catalogue === null || !Array.isArray(catalogue.docs) || !Array.isArray(catalogue.skillRanges) || !Array.isArray(catalogue.bundleRanges)) {
    throw fail('catalogue', 'the ranges of the skills and bundles in catalog.json and the prose pages', catalogue);
  }
  const items = (catalogue.skillRanges.length + catalogue.bundleRanges.length) / 2 + catalogue.docs.length;
  if (items !== count) throw fail('catalogue', `${count} items (skills, bundles and prose pages)`, items);
  return candidate as SearchManifest;
}

const describe = (value: unknown): string =>
  Array.isArray(value) ? `an array of ${value.length}` : value === null ? 'null' : typeof value === 'object' ? 'an object' : JSON.stringify(value) ?? typeof value;

const FIELD_IDS = Object.fromEntries(FIELDS.map((field, i) => [field, i]));

class ShardedSearch implements Search {
  readonly #files: SearchFiles;
  readonly #manifest: SearchManifest;
  /** Every term, as the radix tree MiniSearch matches words against (made on first use). */
  #terms: SearchableMap<true> | undefined;
  readonly #shards = new Map<number, Map<string, Record<string, Record<string, number>>>>();

  constructor(files: SearchFiles, manifest: SearchManifest) {
    this.#files = files;
    this.#manifest = manifest;
  }

  get size(): number {
    return this.#manifest.documentCount;
  }

  query(query: SearchQuery): SearchAnswer {
    const { q, limit, matches } = checkedQuery(query);
    if (this.#manifest.terms.length === 0 || q === '') return { results: [], total: 0 };
    const engine = this.#engineFor(q);
    const { facets } = this.#manifest;
    const filter = matches && ((hit: MiniSearchHit) => matches(facetsOfCode(facets[hit.id as number])));
    // Every word must match; only when no item has them all may one match alone.
    let hits = engine.search(q, { ...MATCH_OPTIONS, combineWith: 'AND', filter });
    if (hits.length === 0) hits = engine.search(q, { ...MATCH_OPTIONS, combineWith: 'OR', filter });
    // Equal scores keep catalogue order, so the same query always lists the same items.
    hits.sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number));
    return {
      total: hits.length,
      results: hits.slice(0, limit).map((hit) => ({ ...this.#item(hit.id as number), score: shownScore(hit.score) })),
    };
  }

  /** A MiniSearch index of the terms `q`'s words can match and the items those terms are in, with
   * the whole index's counts: MiniSearch scores from nothing else. */
  #engineFor(q: string): MiniSearch {
    this.#terms ??= SearchableMap.from<true>(this.#manifest.terms.map((term) => [term, true]));
    const matched = new Set<string>();
    for (const term of tokenize(q).map(processTerm)) {
      if (term === null) continue;
      if (this.#terms.has(term)) matched.add(term);
      if (prefixAllowed(term)) for (const found of this.#terms.atPrefix(term).keys()) matched.add(found);
      const typos = typoAllowance(term);
      if (typos > 0) for (const found of this.#terms.fuzzyGet(term, typos).keys()) matched.add(found);
    }
    const index: AsPlainObject['index'] = [];
    const ids = new Set<number>();
    for (const term of [...matched].sort()) {
      const postings = this.#shard(shardOf(term, this.#manifest.shards)).get(term);
      if (!postings) throw new SearchIndexError(`${this.#files.name}: shard ${shardOf(term, this.#manifest.shards)}: expected the postings of "${term}", found none`);
      for (const items of Object.values(postings)) for (const id of Object.keys(items)) ids.add(Number(id));
      index.push([term, postings]);
    }
    const documentIds: Record<string, number> = {};
    const fieldLength: Record<string, number[]> = {};
    const { lengths } = this.#manifest;
    for (const id of ids) {
      documentIds[id] = id;
      fieldLength[id] = lengths.slice(id * FIELDS.length, (id + 1) * FIELDS.length);
    }
    return MiniSearch.loadJS({
      documentCount: this.#manifest.documentCount,
      nextId: this.#manifest.documentCount,
      documentIds,
      fieldIds: FIELD_IDS,
      fieldLength,
      averageFieldLength: this.#manifest.averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index,
      serializationVersion: 2,
    }, INDEX_OPTIONS);
  }

  #shard(n: number): Map<string, Record<string, Record<string, number>>> {
    let shard = this.#shards.get(n);
    if (shard) return shard;
    const file = this.#files.shard(n);
    if (!Array.isArray(file)) throw new SearchIndexError(`${this.#files.name}: shard ${n}: expected an array of terms and their postings, got ${describe(file)}`);
    shard = new Map(file as SearchShard);
    this.#shards.set(n, shard);
    return shard;
  }

  #item(id: number): SearchItem {
    const { skillRanges, bundleRanges, docs } = this.#manifest.catalogue;
    const skills = skillRanges.length / 2;
    const bundles = bundleRanges.length / 2;
    if (id >= skills + bundles) return docs[id - skills - bundles];
    const [type, ranges, place] = id < skills ? ['skill', skillRanges, id] as const : ['bundle', bundleRanges, id - skills] as const;
    let item: SearchItem;
    try {
      item = JSON.parse(this.#files.catalogText(ranges[2 * place], ranges[2 * place + 1])) as SearchItem;
    } catch (error) {
      throw new SearchIndexError(`${this.#files.name}: ${type} ${place} of catalog.json: expected its JSON, got text that does not parse (${(error as Error).message})`);
    }
    if (item?.type !== type) throw new SearchIndexError(`${this.#files.name}: ${type} ${place} of catalog.json: expected a ${type}, got ${describe(item?.type)}`);
    return item;
  }
}

/** Four significant digits: enough to order by, and never 0 for a match. */
const shownScore = (score: number): number => Number(score.toPrecision(4));

interface CheckedQuery {
  q: string;
  limit: number;
  /** Undefined when the query filters nothing. */
  matches: ((facets: ItemFacets) => boolean) | undefined;
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
  return { q: query.q.trim(), limit, matches: types.size > 0 || kind !== undefined || clusters.size > 0 ? matches : undefined };
}
