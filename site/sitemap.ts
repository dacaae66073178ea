/**
 * `sitemap.xml` (sitemaps.org 0.9): every indexable HTML page, absolute, with `lastmod` from its
 * content file's last commit; the overview, the folders' index pages (`/skills/`, `/bundles/`,
 * `/clusters/`, with the slash they are served at) and the cluster pages take their newest member's date.
 * Drafts have no page, so they have no entry either.
 *
 * The protocol allows a sitemap file at most 50,000 URLs and 50 MB uncompressed
 * (https://www.sitemaps.org/protocol.html#index). Within both, `sitemap.xml` is that one urlset.
 * Past either, `sitemap.xml` becomes a sitemap index listing numbered urlsets (`sitemap-0.xml`, …,
 * as Astro's @astrojs/sitemap numbers them), each dated by its newest page: robots.txt, the pages'
 * footer link and anything a site owner submitted keep one address at every size.
 */
import type { Emitter, OutputFile } from './types.ts';
import type { DatedPage } from './pages/page-ref.ts';
import { newestDate } from './pages/newest.ts';
import { PublishLimitError } from './errors.ts';
import { SITEMAP_FILE, publishedPath, sitemapPartFile } from '../core/published-files.ts';
import { escapeXml } from './render/xml.ts';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** What one sitemap file (urlset or index) may hold: entries, and UTF-8 bytes uncompressed. */
export interface SitemapLimits {
  entries: number;
  bytes: number;
}

/** The protocol's limits: 50,000 URLs (or sitemaps) and 50 MB (52,428,800 bytes) per file. */
export const SITEMAP_LIMITS: SitemapLimits = { entries: 50_000, bytes: 52_428_800 };


type SitemapPage = Pick<DatedPage, 'url' | 'lastModified'>;

const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET = { open: `${PROLOG}<urlset xmlns="${SITEMAP_NAMESPACE}">\n`, close: '</urlset>\n', entry: 'url' };
const INDEX = { open: `${PROLOG}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n`, close: '</sitemapindex>\n', entry: 'sitemap' };
type Container = typeof URLSET;

const entryOf = (container: Container, page: SitemapPage) =>
  `  <${container.entry}>\n    <loc>${escapeXml(page.url)}</loc>\n    <lastmod>${escapeXml(page.lastModified)}</lastmod>\n  </${container.entry}>\n`;

/**
 * The entries of `pages` in as few files of `container` as the limits allow, in order; each run
 * keeps its pages for the index's dates. An entry that alone would pass the byte limit is an error.
 */
function split(container: Container, pages: readonly SitemapPage[], limits: SitemapLimits): { pages: SitemapPage[]; bytes: string }[] {
  const frame = Buffer.byteLength(container.open) + Buffer.byteLength(container.close);
  const files: { pages: SitemapPage[]; entries: string[]; size: number }[] = [];
  for (const page of pages) {
    const entry = entryOf(container, page);
    const size = Buffer.byteLength(entry);
    if (frame + size > limits.bytes) throw new PublishLimitError(`${SITEMAP_FILE}: the entry for ${page.url} alone passes the sitemap limit of ${limits.bytes} bytes`);
    let last = files.at(-1);
    if (last === undefined || last.entries.length === limits.entries || last.size + size > limits.bytes) files.push(last = { pages: [], entries: [], size: frame });
    last.pages.push(page);
    last.entries.push(entry);
    last.size += size;
  }
  if (files.length === 0) files.push({ pages: [], entries: [], size: frame });
  return files.map((file) => ({ pages: file.pages, bytes: `${container.open}${file.entries.join('')}${container.close}` }));
}

/**
 * The sitemap files for `pages`, on the site at `baseUrl`: `sitemap.xml` alone while one urlset
 * holds them all, else `sitemap.xml` as the index of `sitemap-0.xml`, `sitemap-1.xml`, …
 */
export function sitemapFiles(baseUrl: string, pages: readonly SitemapPage[], limits: SitemapLimits = SITEMAP_LIMITS): OutputFile[] {
  const urlsets = split(URLSET, pages, limits);
  if (urlsets.length === 1) return [{ path: SITEMAP_FILE, bytes: urlsets[0].bytes }];
  const parts = urlsets.map((urlset, n) => ({
    path: sitemapPartFile(n),
    bytes: urlset.bytes,
    url: `${baseUrl}${publishedPath(sitemapPartFile(n))}`,
    lastModified: newestDate(urlset.pages.map((page) => page.lastModified))!,
  }));
  const index = split(INDEX, parts, limits);
  if (index.length > 1) throw new PublishLimitError(`${SITEMAP_FILE}: ${parts.length} sitemaps pass what one sitemap index may list (${limits.entries} entries, ${limits.bytes} bytes)`);
  return [{ path: SITEMAP_FILE, bytes: index[0].bytes }, ...parts.map(({ path, bytes }) => ({ path, bytes }))];
}

export const emitSitemap: Emitter<'site' | 'pages'> = (model) => sitemapFiles(model.site.baseUrl, model.pages);
