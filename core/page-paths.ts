/**
 * Where the site's pages live: the folders of pages and the shape of a page's path, its twins'
 * paths and its files in the published folder. The build's page kinds, the API objects' URLs, the
 * Markdown negotiation at the edge and the not-found hints all take their paths from here, so a
 * page, its twins and every link to it agree. Web-standard only: the Edge Function imports it.
 */

/** Each folder of pages, by the kind of page in it. */
export const SECTION = {
  skill: 'skills',
  bundle: 'bundles',
  cluster: 'clusters',
  doc: 'docs',
  install: 'install',
} as const;
export type Section = (typeof SECTION)[keyof typeof SECTION];

/** The folders of pages that have a Markdown twin; the catalogue itself is `/`. */
export const PAGE_SECTIONS: readonly Section[] = Object.values(SECTION);

/** The folders with an index page of their own (`/skills/`), listing every page inside. */
export const INDEXED_SECTIONS = [SECTION.skill, SECTION.bundle, SECTION.cluster] as const;
export type IndexedSection = (typeof INDEXED_SECTIONS)[number];

/**
 * The file name of a folder's index page, as `/` is `index.html` with its twin `/index.md`:
 * `/skills/` is `skills/index.html`, twin `/skills/index.md`. So no skill or bundle may be called
 * `index` (the build refuses the slug).
 */
export const SECTION_INDEX = 'index';

/** A page's name under the site root, without extension: `skills/mom-test`. */
export const pageName = (section: Section, slug: string): string => `${section}/${slug}`;

/** Root-relative path a page answers at: `/skills/mom-test`. */
export const pagePath = (section: Section, slug: string): string => `/${pageName(section, slug)}`;

/** A page's JSON twin in the published folder: `skills/mom-test.json`. */
export const jsonTwinFile = (section: Section, slug: string): string => `${pageName(section, slug)}.json`;

/** The absolute URLs of a page and its twins, as the API objects carry them. */
export function twinUrls(baseUrl: string, section: Section, slug: string): { url: string; markdown_url: string; json_url: string } {
  const url = `${baseUrl}${pagePath(section, slug)}`;
  return { url, markdown_url: `${url}.md`, json_url: `${url}.json` };
}

/**
 * The folder inside a listing's own that holds its pages after the first: page 2 of `/skills/` is
 * `/skills/page/2/` (files `skills/page/2/index.html` and its twin `skills/page/2/index.md`, as
 * `/skills/` is `skills/index.html`), page 2 of `/clusters/jobs` is `/clusters/jobs/page/2/`. One
 * folder per listing, so the listing's section does not gain a file per page.
 */
export const LISTING_PAGE_DIR = 'page';

/** The listings that run over several pages: these folders' index pages, and each page of the
 * clusters' folder (site/pages/pagination.ts). */
export const PAGED_INDEXES = [SECTION.skill, SECTION.bundle] as const;
export const PAGED_SECTION = SECTION.cluster;

/** Page `n` (2 and up) of the listing whose folder is `listing` (`skills`, `clusters/jobs`): `skills/page/2`. */
export const listingPageName = (listing: string, n: number): string => `${listing}/${LISTING_PAGE_DIR}/${n}`;

/**
 * Where a section's pages and Markdown twins are written once, flat, they would pass the most
 * entries a folder of the published folder may hold (site/layout.ts): the JSON twins, the API's
 * files, stay at their own paths in the section, and the pages and Markdown twins move to
 * `<section>/_/<shard>/`, from where the Edge Function serves them at their own addresses
 * (functions/edge/markdown-twin.ts). `_` is no slug (the schema's slugs are `[a-z0-9-]+`), so the
 * sub-folder never meets a page.
 */
export const FANOUT_DIR = '_';
/** How many sub-folders a fanned-out section spreads its pages over (two hex digits). */
export const FANOUT_SHARDS = 256;

/** Where the build put the files whose place depends on the catalogue's size; every other file is
 * where its address says. The build decides it (site/layout.ts) and tells the functions and the edge. */
export interface PageLayout {
  /** The sections whose pages and Markdown twins live in sub-folders. */
  fannedOut: readonly Section[];
  /** The clusters whose JSON twin is no file, being past a text file's most bytes: the Edge
   * Function hands `/clusters/<id>.json` to the catalog function as `/catalog.json?cluster=<id>`,
   * the same answer, compressed (functions/edge/catalog-static.ts). */
  queriedClusters: readonly string[];
}
export const FLAT_LAYOUT: PageLayout = { fannedOut: [], queriedClusters: [] };

/** A slug's sub-folder: FNV-1a (32 bits) of its characters, low byte in hex; the same under Node and Deno. */
export function shardOf(slug: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < slug.length; i++) hash = Math.imul(hash ^ slug.charCodeAt(i), 0x01000193);
  return ((hash >>> 0) % FANOUT_SHARDS).toString(16).padStart(2, '0');
}

const PAGE_FILE = /^([^/]+)\/([^/]+)\.(html|md)$/;

/**
 * Where `layout` puts a page's file, named as its address names it (`skills/mom-test.html`,
 * `skills/mom-test.md`): the same path, or in a fanned-out section `skills/_/3f/mom-test.html`.
 * A folder's index page stays where it is, and so does every other file.
 */
export function pageFileIn(layout: PageLayout, file: string): string {
  // Asked of every page's files in every build: in a layout with no section fanned out, no match is needed.
  if (layout.fannedOut.length === 0) return file;
  const match = PAGE_FILE.exec(file);
  if (!match || match[2] === SECTION_INDEX || !layout.fannedOut.includes(match[1] as Section)) return file;
  const [, section, slug, extension] = match;
  return `${section}/${FANOUT_DIR}/${shardOf(slug)}/${slug}.${extension}`;
}
