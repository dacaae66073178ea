/**
 * What /catalog.json must answer for a query, worked out independently of core/query.ts from
 * the specification's rules and DESIGN.md's decisions, over the unfiltered catalogue.
 */
import type { Catalog, Skill } from '../../core/types.ts';

export const CLUSTERS = ['ideas', 'ship', 'design', 'activation', 'positioning', 'pricing', 'gtm'] as const;
export const SORTS = ['default', 'price_asc', 'price_desc', 'title'] as const;
export const SHORT_SORTS: Record<string, (typeof SORTS)[number]> = { price: 'price_asc', '-price': 'price_desc' };

export interface Echo {
  clusters: string[];
  sort: string;
  limit: number | null;
}

export type Expected =
  | { ok: true; query: Echo; skills: string[]; skillCount: number; bundles: string[] }
  | { ok: false; parameters: string[] };

/** DESIGN.md: title order is case- and accent-insensitive, then by slug. */
const collator = new Intl.Collator('en', { sensitivity: 'base' });
export const byTitle = (a: Skill, b: Skill) => collator.compare(a.title, b.title) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

export const ORDERS: Record<string, (a: Skill, b: Skill) => number> = {
  title: byTitle,
  price_asc: (a, b) => a.price.amount_cents - b.price.amount_cents || byTitle(a, b),
  price_desc: (a, b) => b.price.amount_cents - a.price.amount_cents || byTitle(a, b),
};

/**
 * The query a parameter list means, or every parameter that makes it a 400 (an answer may name any
 * one of them: the specification does not say which problem is reported first).
 */
export function readQuery(params: URLSearchParams): { ok: true; query: Echo } | { ok: false; parameters: string[] } {
  const clusters = new Set<string>();
  let sort: string | undefined;
  let limit: number | undefined;
  const wrong = new Set<string>();
  for (const [name, value] of params) {
    if (name === 'cluster') {
      const pieces = value.split(',');
      if (pieces.some((piece) => !(CLUSTERS as readonly string[]).includes(piece))) wrong.add(name);
      else pieces.forEach((piece) => clusters.add(piece));
    } else if (name === 'sort') {
      const canonical = (SORTS as readonly string[]).includes(value) ? value : Object.hasOwn(SHORT_SORTS, value) ? SHORT_SORTS[value] : undefined;
      if (sort !== undefined || canonical === undefined) wrong.add(name);
      sort ??= canonical ?? '';
    } else if (name === 'limit') {
      const n = /^[0-9]+$/.test(value) && !value.startsWith('0') ? Number(value) : NaN;
      if (limit !== undefined || !(n >= 1 && n <= 200)) wrong.add(name);
      limit ??= n;
    } else {
      wrong.add(name);
    }
  }
  if (wrong.size > 0) return { ok: false, parameters: [...wrong] };
  return { ok: true, query: { clusters: CLUSTERS.filter((id) => clusters.has(id)), sort: sort ?? 'default', limit: limit ?? null } };
}

export const matchesClusters = (skill: Skill, clusters: readonly string[]) =>
  clusters.length === 0 || skill.clusters.some((cluster) => clusters.includes(cluster.id));

/** The answer the specification's rules give for a query over the unfiltered catalogue. */
export function expectedAnswer(catalog: Catalog, params: URLSearchParams): Expected {
  const read = readQuery(params);
  if (!read.ok) return read;
  const { query } = read;
  const matching = catalog.skills.filter((skill) => matchesClusters(skill, query.clusters));
  const order = ORDERS[query.sort];
  const sorted = order ? [...matching].sort(order) : matching;
  const matchingSlugs = new Set(matching.map((skill) => skill.slug));
  return {
    ok: true,
    query,
    skills: sorted.slice(0, query.limit ?? Infinity).map((skill) => skill.slug),
    skillCount: matching.length,
    bundles: catalog.bundles.filter((bundle) => bundle.skills.filter((member) => matchingSlugs.has(member.slug)).length >= 2).map((bundle) => bundle.slug),
  };
}
