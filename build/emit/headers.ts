/**
 * `_headers`: the header module's set for every static file (Netlify applies it to files only),
 * the security headers for every static file, and rules for what differs by kind of file: Vary on
 * the pages and twins that negotiation chooses between, the media type of twins and listings.
 *
 * A handful of wildcard rules, not one per page: Netlify reads every rule on every deploy, and a
 * catalogue of thousands of skills would otherwise mean tens of thousands of them. No header name
 * is set by two rules that can match one path (Netlify would join the two values). The rules kept
 * by hand in the top-level `_headers` follow, checked not to touch a name set here.
 */
import { apiHeaders, CURRENT_MAJOR, lifecycleHeaders, MAJORS } from '../core/headers.ts';
import type { HeaderSet, MajorLifecycle } from '../core/headers.ts';
import type { CatalogueModel } from '../model.ts';
import { markdownTwinHeaders, negotiatedPageHeaders, plainTextHeaders, securityHeaders, sitemapHeaders } from '../core/page-headers.ts';
import { allPages } from './pages/refs.ts';
import type { Emitter } from './types.ts';

export interface HeaderRule {
  path: string;
  headers: HeaderSet;
}

export const emitHeaders: Emitter = (model) => [{ path: '_headers', bytes: formatHeaderRules(headerRules(model)) }];

export function headerRules(
  model: CatalogueModel,
  { majors = MAJORS, current = CURRENT_MAJOR }: { majors?: Readonly<Record<number, MajorLifecycle>>; current?: number } = {},
): HeaderRule[] {
  // Each folder of pages (`/skills/*`…): its pages, their twins and, under `netlify dev`, the
  // `.html` files the pretty URLs resolve to. The JSON twins there vary on Accept too, harmlessly.
  const sections = [...new Set(allPages(model).flatMap((page) => /^\/([^/]+)\//.exec(page.path)?.[1] ?? []))];
  // An older major that is retiring announces it on its prefix (the current major's dates, if it
  // has any, are in the `/*` rule already).
  const retiring = Object.entries(majors)
    .filter(([major]) => Number(major) !== current)
    .map(([major, lifecycle]) => ({ path: `/v${major}/*`, headers: lifecycleHeaders(lifecycle) }))
    .filter((rule) => Object.keys(rule.headers).length > 0);
  return [
    { path: '/*', headers: { ...apiHeaders(model.stamp, { major: current, majors }), ...securityHeaders() } },
    ...['/', '/index.html', '/index.md', ...sections.map((section) => `/${section}/*`)].map((path) => ({ path, headers: negotiatedPageHeaders() })),
    { path: '/*.md', headers: markdownTwinHeaders() },
    ...['/llms.txt', '/llms-full.txt', '/robots.txt'].map((path) => ({ path, headers: plainTextHeaders() })),
    { path: '/sitemap.xml', headers: sitemapHeaders() },
    ...retiring,
    ...model.handHeaders,
  ];
}

export function formatHeaderRules(rules: readonly HeaderRule[]): string {
  return rules
    .map(({ path, headers }) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'))
    .join('\n\n')
    .concat('\n');
}
