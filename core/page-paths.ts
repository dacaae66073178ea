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
