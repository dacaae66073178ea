/**
 * `_headers`: the header module's set for every static file (Netlify applies it to files only),
 * the security headers for every static file, and per-file rules for what differs by file: Vary on
 * each page and twin that negotiation chooses between, the media type of twins and listings.
 *
 * Netlify joins the values when two matching rules set one header name, so no name appears in two
 * rules that can match one path: `/*` rules never set vary or content-type, and the per-file rules
 * name exact paths.
 */
import { apiHeaders } from '../core/headers.ts';
import type { HeaderSet } from '../core/headers.ts';
import { markdownTwinHeaders, negotiatedPageHeaders, plainTextHeaders, securityHeaders, sitemapHeaders } from '../core/page-headers.ts';
import { allPages } from './html/pages.ts';
import type { Emitter } from './types.ts';

export interface HeaderRule {
  path: string;
  headers: HeaderSet;
}

export const emitHeaders: Emitter = (model) => [
  {
    path: '_headers',
    bytes: formatHeaderRules([
      { path: '/*', headers: { ...apiHeaders(model.stamp), ...securityHeaders() } },
      ...allPages(model).flatMap((page): HeaderRule[] => [
        { path: page.path, headers: negotiatedPageHeaders() },
        // The file's own path too: `netlify dev` matches rules against the file a pretty URL
        // resolved to. Should production match both, `Vary: Accept, Accept` means the same.
        { path: `/${page.htmlFile}`, headers: negotiatedPageHeaders() },
        { path: page.markdownPath, headers: markdownTwinHeaders() },
      ]),
      ...['/llms.txt', '/llms-full.txt', '/robots.txt'].map((path) => ({ path, headers: plainTextHeaders() })),
      { path: '/sitemap.xml', headers: sitemapHeaders() },
    ]),
  },
];

export function formatHeaderRules(rules: readonly HeaderRule[]): string {
  return rules
    .map(({ path, headers }) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'))
    .join('\n\n')
    .concat('\n');
}
