/**
 * The names of the files the build publishes that other code must find: the functions read some
 * of them at request time, pages link to others, header rules and tests name them. Each is written
 * here once; its emitter and every reader import it. Paths are relative to the published folder.
 */
import { SECTION, SECTION_INDEX } from './page-paths.ts';

export const CATALOG_FILE = 'catalog.json';
/**
 * The most bytes a text file of the published folder holds, 10 MB, what a reader fetches and holds
 * in one go; `catalog.json` (and its copy `index.json`) alone may pass it, as the spec's whole
 * catalogue. Past it `llms-full.txt` splits (site/llms-full.ts) and a cluster's JSON twin is answered
 * by the catalog function rather than written (site/layout.ts).
 */
export const TEXT_FILE_MAX_BYTES = 10_000_000;
/** The unfiltered catalogue's static copy, served for `/catalog.json` without a query. */
export const STATIC_CATALOG_FILE = 'index.json';
export const VERSION_FILE = 'version.json';
export const OPENAPI_FILE = 'openapi.json';
export const SITEMAP_FILE = 'sitemap.xml';
/** Numbered files `<prefix><n><suffix>`, for a file split once it passes a limit: the name of part n, and whether a file is one. */
function numberedFiles(prefix: string, suffix: string) {
  return {
    file: (n: number): string => `${prefix}${n}${suffix}`,
    is: (file: string): boolean => file.startsWith(prefix) && file.endsWith(suffix) && /^\d+$/.test(file.slice(prefix.length, -suffix.length)),
  };
}
/** A numbered urlset, listed by `sitemap.xml` once the pages pass one file's limits (site/sitemap.ts). */
const SITEMAP_PART = numberedFiles('sitemap-', '.xml');
export const sitemapPartFile = SITEMAP_PART.file;
/** `sitemap.xml` or one of its numbered urlsets. */
export const isSitemapFile = (file: string): boolean => file === SITEMAP_FILE || SITEMAP_PART.is(file);
export const ROBOTS_FILE = 'robots.txt';
/** The feeds of new and changed skills and bundles (site/feeds.ts): the whole catalogue's at the
 * top, Atom and JSON Feed, and each cluster's in `feeds/`, where no rule of a folder of pages reaches. */
export const FEED_FORMATS = { atom: '.xml', json: '.json' } as const;
export type FeedFormat = keyof typeof FEED_FORMATS;
export const FEEDS_DIR = 'feeds';
export const feedFile = (format: FeedFormat, cluster?: string): string => (cluster === undefined ? `feed${FEED_FORMATS[format]}` : `${FEEDS_DIR}/${cluster}${FEED_FORMATS[format]}`);
/** The API catalog (RFC 9727): where a client that knows only the domain finds the API. */
export const API_CATALOG_FILE = '.well-known/api-catalog';
export const LLMS_FILE = 'llms.txt';
export const LLMS_FULL_FILE = 'llms-full.txt';
/** A numbered part of the full text, listed by `llms-full.txt` once the twins pass one file's limit (site/llms-full.ts). */
const LLMS_FULL_PART = numberedFiles('llms-full-', '.txt');
export const llmsFullPartFile = LLMS_FULL_PART.file;
export const isLlmsFullPartFile = LLMS_FULL_PART.is;
/** Netlify's file of header rules, read at the top of the published folder only (never served). */
export const HEADERS_FILE = '_headers';
/** The page Netlify's not-found function answers unknown page paths with. */
export const NOT_FOUND_PAGE = '404.html';
/** The search function's data (core/search.ts): the index's folder, its manifest and its shards of
 * postings, and the frame its results page is drawn in. The index is the function's alone: in a
 * folder Netlify does not publish (isPublished), bundled with the function by netlify.toml. */
export const SEARCH_INDEX_DIR = '.search-index';
export const SEARCH_MANIFEST_FILE = `${SEARCH_INDEX_DIR}/manifest.json`;
const SEARCH_SHARD = numberedFiles(`${SEARCH_INDEX_DIR}/terms-`, '.json');
export const searchShardFile = SEARCH_SHARD.file;
export const SEARCH_PAGE_FRAME_FILE = 'search-page.json.gz';
/** Every cluster with its skills, the JSON twin of `/clusters/`. */
export const CLUSTER_LIST_FILE = `${SECTION.cluster}/${SECTION_INDEX}.json`;

/**
 * Whether a file of the built folder is published: Netlify deploys no file or folder whose name
 * starts with a dot, `.well-known` aside (netlify-cli's deploy filter, `getDeployFilesFilter` in
 * src/commands/deploy/deploy.ts, "the behaviour matches our buildbot"), so the build keeps its own
 * record of the folder there (build/output.ts), and the search function its index. Netlify's
 * staff on git-backed deploys: "This behavior is not limited to our CLI deploys"
 * (github.com/netlify/cli/issues/11).
 */
export const isPublished = (file: string): boolean =>
  // Asked of every file of every build: most names have no dot to start with, which one search tells.
  !(file.startsWith('.') || file.includes('/.')) || file.split('/').every((name) => !name.startsWith('.') || name === '.well-known');

/** The root-relative URL a published file answers at: `catalog.json` → `/catalog.json`. */
export const publishedPath = (file: string): string => `/${file}`;

/** Agent Skills Discovery (Cloudflare's RFC, v0.2.0): the index of the skills this site publishes,
 * and each skill's folder beside it (`<name>/SKILL.md`). */
export const AGENT_SKILLS_DIR = '.well-known/agent-skills';
export const AGENT_SKILLS_INDEX_FILE = `${AGENT_SKILLS_DIR}/index.json`;
/** A skill's entry file (agentskills.io): front matter with `name` and `description`, then instructions. */
export const SKILL_FILE = 'SKILL.md';
export const agentSkillFile = (name: string): string => `${AGENT_SKILLS_DIR}/${name}/${SKILL_FILE}`;
