/**
 * `_headers`: the header module's set for every static file (Netlify applies it to files only),
 * the security headers for every static file, and rules for what differs by kind of file: Vary on
 * the pages and twins that negotiation chooses between, the media type of twins and listings, and
 * noindex on the files meant for agents.
 *
 * A handful of wildcard rules, not one per page: Netlify reads every rule on every deploy, and a
 * catalogue of thousands of skills would otherwise mean tens of thousands of them. No header name
 * is set by two rules that can match one path (Netlify would join the two values). The rules kept
 * by hand in the top-level `_headers` follow, checked not to touch a name set here.
 *
 * A wildcard is only as precise as Netlify compiles it, and Netlify compiles a `*` inside a segment
 * by leaving the rest of the segment as a regular expression: `/skills/*.md` becomes
 * `^/skills/(.*).md/?$`, whose `.` is any character, so it also matches the page `/skills/cmd`
 * (`netlifyPathPattern` below). Where a page would be caught, the twins get exact rules instead.
 */
import { apiHeaders, CURRENT_MAJOR, lifecycleHeaders, majorPrefix, majorPrefixes, MAJORS } from '../../core/headers.ts';
import type { HeaderSet, MajorLifecycle } from '../../core/headers.ts';
import type { CatalogueModel } from '../model.ts';
import { agentOnlyHeaders, markdownTwinHeaders, negotiatedPageHeaders, plainTextHeaders, securityHeaders, sitemapHeaders } from '../../core/page-headers.ts';
import { allPages } from './pages/refs.ts';
import type { PageRef } from './pages/refs.ts';
import type { Emitter } from './types.ts';

export interface HeaderRule {
  path: string;
  headers: HeaderSet;
}

/** Netlify's file of header rules, read at the top of the published folder only. */
export const HEADERS_FILE = '_headers';

export const emitHeaders: Emitter = (model) => [{ path: HEADERS_FILE, bytes: formatHeaderRules(headerRules(model)) }];

export function headerRules(
  model: CatalogueModel,
  { majors = MAJORS, current = CURRENT_MAJOR }: { majors?: Readonly<Record<number, MajorLifecycle>>; current?: number } = {},
): HeaderRule[] {
  const pages = allPages(model);
  // Each folder of pages (`/skills/*`…): its pages, their twins and, under `netlify dev`, the
  // `.html` files the pretty URLs resolve to. The JSON twins there vary on Accept too, harmlessly.
  const sections = [...new Set(pages.flatMap((page) => sectionOf(page.path) ?? []))];
  // An older major that is retiring announces it on its prefix (the current major's dates, if it
  // has any, are in the `/*` rule already).
  const retiring = Object.entries(majors)
    .filter(([major]) => Number(major) !== current)
    .map(([major, lifecycle]) => ({ path: `${majorPrefix(major)}/*`, headers: lifecycleHeaders(lifecycle) }))
    .filter((rule) => Object.keys(rule.headers).length > 0);
  // What each file gets by its path; the same files under every major's prefix (build/mirror.ts)
  // get the same rules there.
  const byPath: HeaderRule[] = [
    ...['/', '/index.html', '/index.md', ...sections.map((section) => `/${section}/*`)].map((path) => ({ path, headers: negotiatedPageHeaders() })),
    ...twinRules(pages, sections),
    ...['/llms.txt', '/robots.txt'].map((path) => ({ path, headers: plainTextHeaders() })),
    { path: '/llms-full.txt', headers: { ...plainTextHeaders(), ...agentOnlyHeaders() } },
    { path: '/sitemap.xml', headers: sitemapHeaders() },
    ...model.handHeaders,
  ];
  return [
    { path: '/*', headers: { ...apiHeaders(model.stamp, { major: current, majors }), ...securityHeaders() } },
    ...byPath,
    ...majorPrefixes(majors).flatMap((prefix) => byPath.map((rule) => ({ ...rule, path: `${prefix}${rule.path}` }))),
    ...retiring,
  ];
}

/**
 * The Markdown twins' rules: one wildcard per section, unless Netlify's compiled wildcard would
 * also match one of the section's pages (a slug ending in `md`), in which case one exact rule per
 * twin of that section. Twins outside a section (`/index.md`) get exact rules.
 */
function twinRules(pages: readonly PageRef[], sections: readonly string[]): HeaderRule[] {
  const exact = (page: PageRef): HeaderRule => ({ path: page.markdownPath, headers: markdownTwinHeaders() });
  return [
    ...pages.filter((page) => sectionOf(page.path) === undefined).map(exact),
    ...sections.flatMap((section) => {
      const members = pages.filter((page) => sectionOf(page.path) === section);
      const wildcard = `/${section}/*.md`;
      const pattern = netlifyPathPattern(wildcard);
      const catches = members.some((page) => pattern.test(page.path) || pattern.test(`/${page.htmlFile}`) || pattern.test(page.jsonPath));
      return catches ? members.map(exact) : [{ path: wildcard, headers: markdownTwinHeaders() }];
    }),
  ];
}

const sectionOf = (path: string): string | undefined => /^\/([^/]+)\//.exec(path)?.[1];

/**
 * The regular expression Netlify compiles a rule's path into, as @netlify/headers-parser 10.1.1
 * does it (lib/for_regexp.js, `getForRegExp`; netlify-cli's `headersForPath` tests each request
 * path against it): a `:name` segment is one segment, a whole `*` segment anything (including
 * nothing), a `*` inside a segment `(.*)` with the rest of the segment left as it is, so as a
 * regular expression, and any other segment literal; case-insensitive, with an optional trailing
 * slash. A test holds this to the package's own result for every rule written.
 */
export function netlifyPathPattern(path: string): RegExp {
  const parts = path.split('/').map((part) => part.trimEnd()).filter(Boolean).map((part) => {
    if (part.startsWith(':')) return '([^/]+)';
    if (part === '*') return '?(.*)';
    if (part.includes('*')) return part.replaceAll('*', '(.*)');
    return part.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&').replace(/-/g, '\\x2d');
  });
  return new RegExp(`^/${parts.join('/')}/?$`, 'iu');
}

export function formatHeaderRules(rules: readonly HeaderRule[]): string {
  return rules
    .map(({ path, headers }) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'))
    .join('\n\n')
    .concat('\n');
}
