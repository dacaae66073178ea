/**
 * The catalogue query: parse `/catalog.json`'s parameters, then filter by cluster, sort, count and
 * cut by limit. Pure; the build and the catalog function share it.
 */
import type { Bundle, Catalog, ClusterId, Skill, SortName } from './types.ts';
import { CLUSTER_IDS } from './types.ts';
import { compareTitles } from './collate.ts';
import { nearest } from './nearest.ts';
import { echo } from './errors.ts';
import { InvariantError } from './invariant.ts';

export interface CatalogQuery {
  /** Canonical: catalogue order, no duplicates; empty means no filter. */
  clusters: ClusterId[];
  sort: SortName;
  limit: number | null;
}

/** `/catalog.json?cluster=<id>`: what a cluster's page, its twins, its count in the index of
 * clusters and its card show. */
export const clusterQuery = (id: ClusterId): CatalogQuery => ({ clusters: [id], sort: 'default', limit: null });

export const LIMIT_MIN = 1;
export const LIMIT_MAX = 200;
export const QUERY_PARAMETERS = ['cluster', 'sort', 'limit'] as const;

/** The guide's short forms, answered with their canonical names in `query.sort`. */
export const SORT_ALIASES: Readonly<Record<string, SortName>> = {
  default: 'default',
  price_asc: 'price_asc',
  price_desc: 'price_desc',
  title: 'title',
  price: 'price_asc',
  '-price': 'price_desc',
};

export interface QueryProblem {
  parameter: string;
  message: string;
  /** A corrected query a client may have meant, offered as a hint, never applied. */
  suggestion?: string;
}

export type QueryParse = { ok: true; query: CatalogQuery } | { ok: false; problem: QueryProblem };

export function parseCatalogQuery(params: URLSearchParams): QueryParse {
  const clusters = new Set<ClusterId>();
  let sort: SortName | undefined;
  let limit: number | undefined;
  const fail = (problem: QueryProblem): QueryParse => ({ ok: false, problem });

  for (const [name, value] of params) {
    if (name === 'cluster') {
      const problem = addClusters(value, clusters);
      if (problem) return fail(problem);
    } else if (name === 'sort') {
      if (sort !== undefined) {
        return fail({ parameter: 'sort', message: 'Parameter "sort" is given more than once; give it at most once.' });
      }
      const canonical = Object.hasOwn(SORT_ALIASES, value) ? SORT_ALIASES[value] : undefined;
      if (canonical === undefined) {
        const near = nearest(value, Object.keys(SORT_ALIASES));
        return fail({
          parameter: 'sort',
          message:
            value === ''
              ? 'Parameter "sort" has an empty value; give one of default, price_asc, price_desc, title.'
              : `Parameter "sort" has the unknown value ${echo(value)}; allowed values are default, price_asc, price_desc, title (or price, -price).`,
          suggestion: near && `sort=${near}`,
        });
      }
      sort = canonical;
    } else if (name === 'limit') {
      if (limit !== undefined) {
        return fail({ parameter: 'limit', message: 'Parameter "limit" is given more than once; give it at most once.' });
      }
      const parsed = parseLimit(value);
      if (typeof parsed !== 'number') return fail(parsed);
      limit = parsed;
    } else {
      const near = nearest(name, QUERY_PARAMETERS);
      return fail({
        parameter: name,
        message: `Unknown parameter ${echo(name)}; /catalog.json takes only cluster, sort and limit.`,
        suggestion: near && value !== '' ? `${near}=${encodeURIComponent(value)}` : undefined,
      });
    }
  }
  return {
    ok: true,
    query: {
      clusters: CLUSTER_IDS.filter((id) => clusters.has(id)),
      sort: sort ?? 'default',
      limit: limit ?? null,
    },
  };
}

/** One `cluster` value (comma-separated ids) added to `into`, or the problem with an empty or
 * unknown id. Every endpoint that filters by cluster parses it here. */
export function addClusters(value: string, into: Set<ClusterId>): QueryProblem | undefined {
  for (const piece of value.split(',')) {
    if (piece === '') {
      return {
        parameter: 'cluster',
        message: `Parameter "cluster" has an empty value; give one or more of ${CLUSTER_IDS.join(', ')}.`,
      };
    }
    if (!(CLUSTER_IDS as readonly string[]).includes(piece)) {
      const near = nearest(piece, CLUSTER_IDS);
      return {
        parameter: 'cluster',
        message: `Parameter "cluster" has the unknown value ${echo(piece)}; allowed values are ${CLUSTER_IDS.join(', ')}.`,
        suggestion: near && `cluster=${near}`,
      };
    }
    into.add(piece as ClusterId);
  }
  return undefined;
}

/** A `limit` value (LIMIT_MIN to LIMIT_MAX), or the problem. Every endpoint that limits parses it here. */
export function parseLimit(value: string): number | QueryProblem {
  // Base-10 digits only: "1e2", "0x10", " 5", "5.0" and "+5" are not guessed at.
  const parsed = /^[1-9][0-9]{0,2}$/.test(value) ? Number(value) : NaN;
  if (parsed >= LIMIT_MIN && parsed <= LIMIT_MAX) return parsed;
  return {
    parameter: 'limit',
    message:
      value === ''
        ? `Parameter "limit" has an empty value; give a whole number from ${LIMIT_MIN} to ${LIMIT_MAX}.`
        : `Parameter "limit" must be a whole number from ${LIMIT_MIN} to ${LIMIT_MAX}, not ${echo(value)}.`,
    suggestion: nearestLimit(value),
  };
}

/** The canonical query string of a query: one spelling per distinct answer (cache keys, ETags). */
export function canonicalQueryString(query: CatalogQuery): string {
  const parts: string[] = [];
  if (query.clusters.length > 0) parts.push(`cluster=${query.clusters.join(',')}`);
  if (query.sort !== 'default') parts.push(`sort=${query.sort}`);
  if (query.limit !== null) parts.push(`limit=${query.limit}`);
  return parts.join('&');
}

/**
 * Everything a query needs, computed once per catalogue by the build: cluster bit masks and the
 * skill positions in each sort order, so answering a query is one pass over an array. Plain JSON,
 * so the functions get it precomputed.
 */
export interface CatalogIndex {
  clusterMasks: readonly number[];
  orders: Readonly<Record<SortName, readonly number[]>>;
  bundleMembers: readonly (readonly number[])[];
}

const clusterBit = (id: ClusterId) => 1 << CLUSTER_IDS.indexOf(id);

export function indexCatalog(catalog: Catalog): CatalogIndex {
  const { skills } = catalog;
  const clusterMasks = new Array<number>(skills.length).fill(0);
  const position = new Map<string, number>();
  skills.forEach((skill, i) => {
    position.set(skill.slug, i);
    for (const cluster of skill.clusters) clusterMasks[i] |= clusterBit(cluster.id);
  });
  const positions = skills.map((_, i) => i);
  const byTitle = [...positions].sort((a, b) => compareTitles(skills[a], skills[b]));
  const titleRank = new Int32Array(skills.length);
  byTitle.forEach((skillIndex, rank) => (titleRank[skillIndex] = rank));
  const cents = (i: number) => skills[i].price.amount_cents;
  return {
    clusterMasks,
    orders: {
      default: positions,
      title: byTitle,
      price_asc: [...positions].sort((a, b) => cents(a) - cents(b) || titleRank[a] - titleRank[b]),
      price_desc: [...positions].sort((a, b) => cents(b) - cents(a) || titleRank[a] - titleRank[b]),
    },
    bundleMembers: catalog.bundles.map((bundle) =>
      bundle.skills.map((member) => {
        const at = position.get(member.slug);
        if (at === undefined) throw new InvariantError(`bundle ${bundle.slug} names ${member.slug}, which the catalogue does not list`);
        return at;
      }),
    ),
  };
}

export interface QuerySelection {
  /** Positions in catalog.skills, in answer order, after limit. */
  skills: number[];
  /** Matches before limit. */
  skillCount: number;
  /** Positions in catalog.bundles, catalogue order. */
  bundles: number[];
}

export function selectCatalog(index: CatalogIndex, query: CatalogQuery): QuerySelection {
  const mask = query.clusters.reduce((bits, id) => bits | clusterBit(id), 0);
  const matches = (i: number) => mask === 0 || (index.clusterMasks[i] & mask) !== 0;
  const limit = query.limit ?? Infinity;
  const skills: number[] = [];
  let skillCount = 0;
  for (const i of index.orders[query.sort]) {
    if (!matches(i)) continue;
    if (skillCount < limit) skills.push(i);
    skillCount++;
  }
  const bundles: number[] = [];
  index.bundleMembers.forEach((members, b) => {
    let matching = 0;
    for (const i of members) if (matches(i) && ++matching >= 2) break;
    if (matching >= 2) bundles.push(b);
  });
  return { skills, skillCount, bundles };
}

/** The Catalog body for a query, as objects (the functions join pre-serialised bytes instead). */
export function catalogFor(catalog: Catalog, index: CatalogIndex, query: CatalogQuery): Catalog {
  const selection = selectCatalog(index, query);
  return {
    ...catalog,
    query: { clusters: [...query.clusters], sort: query.sort, limit: query.limit },
    skill_count: selection.skillCount,
    skills: selection.skills.map((i): Skill => catalog.skills[i]),
    bundles: selection.bundles.map((b): Bundle => catalog.bundles[b]),
  };
}

/**
 * The limit a client most likely meant, or none: `010` meant 10, `5.0` meant 5, `0` the smallest and
 * `500` the largest; text that is no number at all suggests nothing.
 */
function nearestLimit(value: string): string | undefined {
  const meant = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(meant)) return undefined;
  return `limit=${Math.min(LIMIT_MAX, Math.max(LIMIT_MIN, Math.round(meant)))}`;
}
