/**
 * catalog.json written so that every skill and bundle is a known slice of its bytes. A query's
 * answer is then a join of slices: no JSON.parse of the catalogue at start-up and no
 * JSON.stringify per request, and the bytes are exactly those JSON.stringify would give.
 */
import { indexCatalog } from './query.ts';
import type { CatalogIndex, CatalogQuery, QuerySelection } from './query.ts';
import { selectCatalog } from './query.ts';
import { strongEtag } from './etag.ts';
import type { Catalog } from './types.ts';

export interface CatalogLayout {
  /** Length of catalog.json as a string, to recognise the file this layout describes. */
  length: number;
  etag: string;
  /** Everything before the query echo: `{"version":…,"site":…,"generated_at":…,"query":`. */
  prefix: string;
  /** Between the query echo and the skill count: `,"pricing":{…},"skill_count":`. */
  afterQuery: string;
  skillSlugs: string[];
  bundleSlugs: string[];
  /** [start, end) of each skill's JSON, then of each bundle's, in catalogue order. */
  skillRanges: number[];
  bundleRanges: number[];
  index: CatalogIndex;
}

const json = (value: unknown) => JSON.stringify(value);

export function serialiseCatalog(catalog: Catalog): { bytes: string; layout: CatalogLayout } {
  // Key order is the Catalog's own, so the result equals `${JSON.stringify(catalog)}\n`.
  const prefix = `{"version":${json(catalog.version)},"site":${json(catalog.site)},"generated_at":${json(catalog.generated_at)},"query":`;
  const afterQuery = `,"pricing":${json(catalog.pricing)},"skill_count":`;
  let bytes = `${prefix}${json(catalog.query)}${afterQuery}${catalog.skill_count},"skills":[`;
  const place = (items: readonly unknown[], ranges: number[]) => {
    items.forEach((item, i) => {
      if (i > 0) bytes += ',';
      const start = bytes.length;
      bytes += json(item);
      ranges.push(start, bytes.length);
    });
  };
  const skillRanges: number[] = [];
  const bundleRanges: number[] = [];
  place(catalog.skills, skillRanges);
  bytes += '],"bundles":[';
  place(catalog.bundles, bundleRanges);
  bytes += ']}\n';
  return {
    bytes,
    layout: {
      length: bytes.length,
      etag: strongEtag(bytes),
      prefix,
      afterQuery,
      skillSlugs: catalog.skills.map((skill) => skill.slug),
      bundleSlugs: catalog.bundles.map((bundle) => bundle.slug),
      skillRanges,
      bundleRanges,
      index: indexCatalog(catalog),
    },
  };
}

/** True when `bytes` is plausibly the file `layout` was made for: same length, items where expected. */
export function layoutFits(bytes: string, layout: CatalogLayout): boolean {
  if (bytes.length !== layout.length || !bytes.startsWith(layout.prefix)) return false;
  const bounds = [...layout.skillRanges, ...layout.bundleRanges];
  for (let i = 0; i < bounds.length; i += 2) {
    if (bytes[bounds[i]] !== '{' || bytes[bounds[i + 1] - 1] !== '}') return false;
  }
  return true;
}

/** The answer to a query as bytes, joined from the catalogue's own slices. */
export function renderCatalogQuery(bytes: string, layout: CatalogLayout, query: CatalogQuery): string {
  const selection: QuerySelection = selectCatalog(layout.index, query);
  const slice = (ranges: number[], i: number) => bytes.slice(ranges[2 * i], ranges[2 * i + 1]);
  const echo = json({ clusters: query.clusters, sort: query.sort, limit: query.limit });
  return (
    `${layout.prefix}${echo}${layout.afterQuery}${selection.skillCount},"skills":[` +
    selection.skills.map((i) => slice(layout.skillRanges, i)).join(',') +
    '],"bundles":[' +
    selection.bundles.map((b) => slice(layout.bundleRanges, b)).join(',') +
    ']}\n'
  );
}
