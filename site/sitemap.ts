/**
 * `sitemap.xml` (sitemaps.org 0.9): every indexable HTML page, absolute, with `lastmod` from its
 * content file's last commit; the overview, the folders' index pages (`/skills/`, `/bundles/`,
 * `/clusters/`, with the slash they are served at) and the cluster pages take their newest member's date.
 * Drafts have no page, so they have no entry either.
 */
import type { Emitter } from './types.ts';
import { allPages } from './pages/registry.ts';
import { SITEMAP_FILE } from '../core/published-files.ts';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

export const emitSitemap: Emitter = (model) => {
  const urls = allPages(model).map((page) =>
    `  <url>\n    <loc>${escapeXml(page.url)}</loc>\n    <lastmod>${escapeXml(page.lastModified)}</lastmod>\n  </url>\n`,
  );
  return [{ path: SITEMAP_FILE, bytes: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${urls.join('')}</urlset>\n` }];
};
