/**
 * `/search.json`'s parameters (and the search page's, which takes the same): parsed strictly, as
 * `/catalog.json`'s are, with the catalogue's own parsers for `cluster` and `limit`. Pure.
 */
import type { ClusterId, SkillKind } from './types.ts';
import { CLUSTER_IDS } from './types.ts';
import { addClusters, parseLimit } from './query.ts';
import type { QueryProblem } from './query.ts';
import { nearest } from './nearest.ts';
import { echo } from './errors.ts';
import { SEARCH_DEFAULT_LIMIT, SEARCH_TYPES } from './search.ts';
import { SKILL_KINDS } from './types.ts';
import type { SearchQuery, SearchType } from './search.ts';

export const SEARCH_PARAMETERS = ['q', 'cluster', 'kind', 'type', 'limit'] as const;

/**
 * The longest query text taken. Every word is looked up with its completions and typos, so the
 * cost grows with the words; a person or an agent asking for something says it in far fewer.
 */
export const SEARCH_Q_MAX = 200;

/** A query in canonical form: what the answer echoes, and one spelling per distinct answer. */
export interface CanonicalSearchQuery {
  /** Trimmed, inner runs of white space as one space. */
  q: string;
  /** Catalogue order, no duplicates; empty means every cluster. */
  clusters: ClusterId[];
  kind: SkillKind | null;
  /** SEARCH_TYPES order, no duplicates; empty means every type. */
  types: SearchType[];
  limit: number;
}

export type SearchParse = { ok: true; query: CanonicalSearchQuery } | { ok: false; problem: QueryProblem };

/** `q` may be absent only where the caller allows it (the search page shows its empty form). */
export function parseSearchParams(params: URLSearchParams, { requireQ = true } = {}): SearchParse {
  let q: string | undefined;
  const clusters = new Set<ClusterId>();
  let kind: SkillKind | undefined;
  const types = new Set<SearchType>();
  let limit: number | undefined;
  const fail = (problem: QueryProblem): SearchParse => ({ ok: false, problem });
  const once = (parameter: string, seen: unknown) =>
    seen === undefined ? undefined : { parameter, message: `Parameter "${parameter}" is given more than once; give it at most once.` };

  for (const [name, value] of params) {
    if (name === 'q') {
      const repeated = once('q', q);
      if (repeated) return fail(repeated);
      q = value.trim().replace(/\s+/g, ' ');
      if (q === '' && requireQ) {
        return fail({ parameter: 'q', message: 'Parameter "q" has an empty value; give the words to search for.' });
      }
      if ([...q].length > SEARCH_Q_MAX) {
        return fail({ parameter: 'q', message: `Parameter "q" is longer than ${SEARCH_Q_MAX} characters: ${echo(q)}.` });
      }
    } else if (name === 'cluster') {
      const problem = addClusters(value, clusters);
      if (problem) return fail(problem);
    } else if (name === 'kind') {
      const repeated = once('kind', kind);
      if (repeated) return fail(repeated);
      if (!(SKILL_KINDS as readonly string[]).includes(value)) return fail(unknownValue('kind', value, SKILL_KINDS));
      kind = value as SkillKind;
    } else if (name === 'type') {
      for (const piece of value.split(',')) {
        if (!(SEARCH_TYPES as readonly string[]).includes(piece)) return fail(unknownValue('type', piece, SEARCH_TYPES));
        types.add(piece as SearchType);
      }
    } else if (name === 'limit') {
      const repeated = once('limit', limit);
      if (repeated) return fail(repeated);
      const parsed = parseLimit(value);
      if (typeof parsed !== 'number') return fail(parsed);
      limit = parsed;
    } else {
      const near = nearest(name, SEARCH_PARAMETERS);
      return fail({
        parameter: name,
        message: `Unknown parameter ${echo(name)}; /search.json takes only ${SEARCH_PARAMETERS.join(', ')}.`,
        suggestion: near && value !== '' ? `${near}=${encodeURIComponent(value)}` : undefined,
      });
    }
  }
  if (q === undefined && requireQ) {
    return fail({ parameter: 'q', message: 'Parameter "q" is missing; give the words to search for, as in ?q=pricing.', suggestion: 'q=pricing' });
  }
  return {
    ok: true,
    query: {
      q: q ?? '',
      clusters: CLUSTER_IDS.filter((id) => clusters.has(id)),
      kind: kind ?? null,
      types: SEARCH_TYPES.filter((type) => types.has(type)),
      limit: limit ?? SEARCH_DEFAULT_LIMIT,
    },
  };
}

function unknownValue(parameter: string, value: string, allowed: readonly string[]): QueryProblem {
  const near = value === '' ? undefined : nearest(value, allowed);
  return {
    parameter,
    message:
      value === ''
        ? `Parameter "${parameter}" has an empty value; give one of ${allowed.join(', ')}.`
        : `Parameter "${parameter}" has the unknown value ${echo(value)}; allowed values are ${allowed.join(', ')}.`,
    suggestion: near && `${parameter}=${near}`,
  };
}

/** The canonical query string: the ETag's key and the search page's own address. */
export function canonicalSearchString(query: CanonicalSearchQuery): string {
  const parts = [`q=${encodeURIComponent(query.q)}`];
  if (query.clusters.length > 0) parts.push(`cluster=${query.clusters.join(',')}`);
  if (query.kind !== null) parts.push(`kind=${query.kind}`);
  if (query.types.length > 0) parts.push(`type=${query.types.join(',')}`);
  if (query.limit !== SEARCH_DEFAULT_LIMIT) parts.push(`limit=${query.limit}`);
  return parts.join('&');
}

/** The core's query for a canonical one. */
export const toSearchQuery = (query: CanonicalSearchQuery): SearchQuery => ({
  q: query.q,
  cluster: query.clusters,
  kind: query.kind ?? undefined,
  type: query.types,
  limit: query.limit,
});
