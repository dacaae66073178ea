/**
 * catalog.json written so that every skill and bundle is a known byte range of the file. A query's
 * answer is then a concatenation of slices of the file's own bytes: no JSON.parse of the catalogue
 * at start-up, no JSON.stringify or UTF-8 encoding per request, and exactly the bytes
 * JSON.stringify would give.
 */
import { indexCatalog, selectCatalog } from './query.ts';
import type { CatalogIndex, CatalogQuery } from './query.ts';
import { strongEtag } from './etag.ts';
import type { Bundle, Catalog, Skill } from './types.ts';
import { InvariantError } from './invariant.ts';

export interface CatalogLayout {
  /** Byte length of catalog.json, to recognise the file this layout describes. */
  length: number;
  /** ETag of the whole file (the unfiltered answer). */
  etag: string;
  /** Everything before the query echo: `{"version":…,"site":…,"generated_at":…,"query":`. */
  prefix: string;
  /** Between the query echo and the skill count: `,"pricing":{…},"skill_count":`. */
  afterQuery: string;
  skillSlugs: string[];
  bundleSlugs: string[];
  /** Byte ranges [start, end) of each skill's JSON, and of each bundle's, in catalogue order. */
  skillRanges: number[];
  bundleRanges: number[];
  index: CatalogIndex;
}

const json = (value: unknown) => JSON.stringify(value);

/** catalog.json's bytes and their layout. The bytes are UTF-8 from the start: as one string the
 * file would take two bytes a character once any character is past Latin-1 (33 MB at 10,000
 * skills, held by the build for its whole length). `onItem` is told each skill's and bundle's JSON
 * text as it is made (the build names each item by it). */
export function serialiseCatalog(catalog: Catalog, onItem?: (item: object, text: string) => void): { bytes: Buffer; layout: CatalogLayout } {
  // Key order is the Catalog's own, so the result equals `${JSON.stringify(catalog)}\n`.
  const prefix = `{"version":${json(catalog.version)},"site":${json(catalog.site)},"generated_at":${json(catalog.generated_at)},"query":`;
  const afterQuery = `,"pricing":${json(catalog.pricing)},"skill_count":`;
  const parts: string[] = [];
  let offset = 0;
  const write = (text: string) => {
    parts.push(text);
    offset += Buffer.byteLength(text);
  };
  const place = (items: readonly unknown[], ranges: number[]) => {
    items.forEach((item, i) => {
      if (i > 0) write(',');
      const start = offset;
      const text = json(item);
      onItem?.(item as object, text);
      write(text);
      ranges.push(start, offset);
    });
  };
  const skillRanges: number[] = [];
  const bundleRanges: number[] = [];
  write(`${prefix}${json(catalog.query)}${afterQuery}${catalog.skill_count},"skills":[`);
  place(catalog.skills, skillRanges);
  write('],"bundles":[');
  place(catalog.bundles, bundleRanges);
  write(']}\n');
  const bytes = Buffer.allocUnsafe(offset);
  let at = 0;
  for (const part of parts) at += bytes.write(part, at);
  return {
    bytes,
    layout: {
      length: offset,
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

/**
 * True when `bytes` is the very file `layout` was made for. The hash, not a spot check: an edit that
 * keeps the length (a price changed digit for digit) must not be answered with the old layout's
 * order and ETag. One hash per function instance, at its first request.
 */
export function layoutFits(bytes: Uint8Array, layout: CatalogLayout): boolean {
  return bytes.length === layout.length && strongEtag(bytes) === layout.etag;
}

/** What an answer holds besides its skills' and bundles' bytes: its head, the separators and its tail. */
function answerFrame(layout: CatalogLayout, query: CatalogQuery, skillCount: number) {
  return {
    head: `${layout.prefix}${json({ clusters: query.clusters, sort: query.sort, limit: query.limit })}${layout.afterQuery}${skillCount},"skills":[`,
    between: '],"bundles":[',
    tail: ']}\n',
  };
}

/** The answer to a query, concatenated from the catalogue's own bytes. */
export function renderCatalogQuery(bytes: Uint8Array, layout: CatalogLayout, query: CatalogQuery): Buffer {
  const selection = selectCatalog(layout.index, query);
  const frame = answerFrame(layout, query, selection.skillCount);
  const comma = Buffer.from(',');
  const chunks: Uint8Array[] = [Buffer.from(frame.head)];
  const add = (ranges: number[], positions: number[]) => {
    positions.forEach((i, n) => {
      if (n > 0) chunks.push(comma);
      chunks.push(bytes.subarray(ranges[2 * i], ranges[2 * i + 1]));
    });
  };
  add(layout.skillRanges, selection.skills);
  chunks.push(Buffer.from(frame.between));
  add(layout.bundleRanges, selection.bundles);
  chunks.push(Buffer.from(frame.tail));
  return Buffer.concat(chunks);
}

/** How many bytes renderCatalogQuery's answer to `query` has, worked out from the layout alone. */
export function catalogQueryLength(layout: CatalogLayout, query: CatalogQuery): number {
  const selection = selectCatalog(layout.index, query);
  const frame = answerFrame(layout, query, selection.skillCount);
  const items = (ranges: number[], positions: number[]) =>
    positions.reduce((sum, i) => sum + ranges[2 * i + 1] - ranges[2 * i], Math.max(0, positions.length - 1));
  return Buffer.byteLength(frame.head) + items(layout.skillRanges, selection.skills) + frame.between.length +
    items(layout.bundleRanges, selection.bundles) + frame.tail.length;
}

/** catalog.json as a reader of single items has it: its layout, and the text of any byte range
 * (runtime/catalog-source.ts reads only the ranges asked for). */
export interface CatalogItems {
  layout: CatalogLayout;
  /** Bytes [start, end) of catalog.json as UTF-8 text. */
  slice(start: number, end: number): Promise<string>;
}

/** The skill or bundle of `slug` as catalog.json holds it, or undefined when none is published. */
export async function itemOf<Kind extends 'skill' | 'bundle'>(items: CatalogItems, kind: Kind, slug: string): Promise<(Kind extends 'skill' ? Skill : Bundle) | undefined> {
  const { layout } = items;
  const [slugs, ranges] = kind === 'skill' ? [layout.skillSlugs, layout.skillRanges] : [layout.bundleSlugs, layout.bundleRanges];
  const i = slugs.indexOf(slug);
  if (i === -1) return undefined;
  // A file of the layout's length that is not its file holds something else at the range.
  const notIts = (cause?: unknown) => new InvariantError(`catalog.json's ${kind} at ${ranges[2 * i]} is not ${slug}: the file is not the one its layout describes`, { cause });
  const text = await items.slice(ranges[2 * i], ranges[2 * i + 1]);
  let item: Skill | Bundle;
  try {
    item = JSON.parse(text) as Skill | Bundle;
  } catch (error) {
    throw notIts(error);
  }
  if (item?.slug !== slug) throw notIts();
  return item as Kind extends 'skill' ? Skill : Bundle;
}
