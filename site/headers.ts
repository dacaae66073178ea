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
import { apiHeaders, CURRENT_MAJOR, lifecycleHeaders, majorPrefix, majorPrefixes, MAJORS } from '../core/headers.ts';
import type { MajorLifecycle } from '../core/headers.ts';
import { FANOUT_DIR } from '../core/page-paths.ts';
import type { PageLayout, Section } from '../core/page-paths.ts';
import { draftPages } from './drafts.ts';
import {
  adminHeaders, agentOnlyHeaders, apiCatalogHeaders, contentSecurityHeaders, feedHeaders, framingHeaders, markdownTwinHeaders, negotiatedPageHeaders, plainTextHeaders, sitemapHeaders,
} from '../core/page-headers.ts';
import { ADMIN_DIR } from './admin-config.ts';
import type { PageLocation } from './pages/page-ref.ts';
import type { OutputFile } from './types.ts';
import { AGENT_SKILLS_DIR, API_CATALOG_FILE, FEED_FORMATS, FEEDS_DIR, feedFile, HEADERS_FILE, isLlmsFullPartFile, isPublished, isSitemapFile, LLMS_FILE, LLMS_FULL_FILE, ROBOTS_FILE, SITEMAP_FILE, SKILL_FILE, publishedPath } from '../core/published-files.ts';
import type { FeedFormat } from '../core/published-files.ts';
import type { CatalogueModel, DeployContext, HeaderRule } from './model.ts';

/**
 * What stays at the top only, not copied under each major's prefix (build/mirror.ts): what Netlify
 * does not publish, its own configuration (read there alone), and the content editor, which is no part of the API and answers
 * one origin's editors. `path` is relative to the published folder; a rule path (`/admin/*`) is
 * asked about without its slash.
 */
export function mirrored(path: string): boolean {
  return isPublished(path) && path !== HEADERS_FILE && path !== ADMIN_DIR && !path.startsWith(`${ADMIN_DIR}/`);
}

/** What the header rules are made from: the folders of pages, the paths the Markdown twins'
 * rules name (twinRulePaths), which deploy it is, the rules kept by hand, and the build's stamp.
 * Not the pages themselves: a rule names a page only when a wildcard would catch the wrong one. */
export interface HeaderInput {
  sections: string[];
  twinPaths: string[];
  deploy: DeployContext;
  handHeaders: HeaderRule[];
  stamp: CatalogueModel['stamp'];
}

/** The header rules' input, from the model: a preview's drafts have pages in the sections too, so
 * the twin rules must know them. */
export function headerInput(model: CatalogueModel): HeaderInput {
  const pages = [...model.pages, ...draftPages(model)];
  // Each folder of pages (`/skills/*`…): its pages, their twins and, under `netlify dev`, the
  // `.html` files the pretty URLs resolve to. The JSON twins there vary on Accept too, harmlessly.
  const sections = [...new Set(pages.flatMap((page) => sectionOf(page.path) ?? []))];
  return { sections, twinPaths: twinRulePaths(pages, sections, model.layout), deploy: model.deploy, handHeaders: model.handHeaders, stamp: model.stamp };
}

/**
 * `_headers` for a build whose top-level entries are `topLevel` (topLevelEntries of every other
 * file): it is written last, since the Content-Security-Policy goes on each top-level entry by name
 * (see `policyRules`).
 */
export function emitHeaders(input: HeaderInput, topLevel: readonly string[]): OutputFile[] {
  return [{ path: HEADERS_FILE, bytes: formatHeaderRules(headerRules(input, { topLevel })) }];
}

/**
 * The top-level entries of dist/ as the paths that reach them: `/catalog.json` for a file,
 * `/404.html` and `/404` for a page (Netlify's pretty URLs serve it without its extension),
 * `/skills/*` for a folder; none for what Netlify does not publish.
 */
export function topLevelEntries(files: readonly string[]): string[] {
  const entries = new Set<string>();
  // A build's files come folder by folder, so most are in the folder of the one before: told by a
  // prefix compared, with no string made for them (21,000 files at 4,000 skills, 20 entries).
  let folder = '';
  for (const file of files) {
    if (folder !== '' && file.startsWith(folder) && file.charCodeAt(folder.length) === SLASH) continue;
    if (!isPublished(file)) continue;
    const slash = file.indexOf('/');
    if (slash >= 0) {
      folder = file.slice(0, slash);
      entries.add(`/${folder}/*`);
    } else if (file.endsWith('.html')) entries.add(`/${file}`).add(`/${file.slice(0, -'.html'.length)}`);
    else if (file !== HEADERS_FILE) entries.add(`/${file}`);
  }
  return [...entries].sort();
}

const SLASH = '/'.charCodeAt(0);

/**
 * Which policy each top-level entry gets: the editor's folder its own (admin-config.ts ADMIN_DIR),
 * everything else the pages' strict one, and `/` (the home page's pretty path) with them. Netlify
 * joins the values of a header that two matching rules set, and two Content-Security-Policies are
 * both enforced, so the pages' policy cannot sit on `/*` above the editor's: `/*` carries the rest
 * of the security set, and the policy goes on each entry by name. A file the build writes is always
 * an entry here, since the list is made from the build's own files.
 */
function policyRules(topLevel: readonly string[]): HeaderRule[] {
  const admin = `/${ADMIN_DIR}/*`;
  return [
    ...['/', ...topLevel.filter((path) => path !== admin)].map((path) => ({ path, headers: contentSecurityHeaders() })),
    ...(topLevel.includes(admin) ? [{ path: admin, headers: adminHeaders() }] : []),
  ];
}

export function headerRules(
  model: HeaderInput,
  { majors = MAJORS, current = CURRENT_MAJOR, topLevel = [] }: {
    majors?: Readonly<Record<number, MajorLifecycle>>;
    current?: number;
    /** The top-level entries of dist/ (`topLevelEntries`), each given its Content-Security-Policy. */
    topLevel?: readonly string[];
  } = {},
): HeaderRule[] {
  /** A file's path and, past its limit, those of its numbered parts among the top-level entries. */
  const withParts = (file: string, isPart: (name: string) => boolean) =>
    [...new Set([publishedPath(file), ...topLevel.filter((path) => isPart(path.slice(1)))])];
  const { sections } = model;
  // An older major that is retiring announces it on its prefix (the current major's dates, if it
  // has any, are in the `/*` rule already).
  const retiring = Object.entries(majors)
    .filter(([major]) => Number(major) !== current)
    .map(([major, lifecycle]) => ({ path: `${majorPrefix(major)}/*`, headers: lifecycleHeaders(lifecycle) }))
    .filter((rule) => Object.keys(rule.headers).length > 0);
  // What each file gets by its path; the same files under every major's prefix (build/mirror.ts)
  // get the same rules there.
  const byPath: HeaderRule[] = noindexOnce(model.deploy, [
    ...policyRules(topLevel),
    ...['/', '/index.html', '/index.md', ...sections.map((section) => `/${section}/*`)].map((path) => ({ path, headers: negotiatedPageHeaders() })),
    ...model.twinPaths.map((path) => ({ path, headers: markdownTwinHeaders() })),
    ...[LLMS_FILE, ROBOTS_FILE].map((file) => ({ path: publishedPath(file), headers: plainTextHeaders() })),
    // llms-full.txt and the sitemap and, past their limits, each numbered part (site/llms-full.ts,
    // site/sitemap.ts), by the exact paths written: Netlify compiles `/sitemap-*.xml` with `.` as
    // any character and `*` across slashes (netlifyPathPattern), so a wildcard could catch a page.
    ...withParts(LLMS_FULL_FILE, isLlmsFullPartFile).map((path) => ({ path, headers: { ...plainTextHeaders(), ...agentOnlyHeaders() } })),
    ...withParts(SITEMAP_FILE, isSitemapFile).map((path) => ({ path, headers: sitemapHeaders() })),
    // The feeds by their media types: the catalogue's by name, each cluster's in their own folder.
    ...(Object.keys(FEED_FORMATS) as FeedFormat[]).flatMap((format) => [
      { path: publishedPath(feedFile(format)), headers: feedHeaders(format) },
      { path: `/${FEEDS_DIR}/*${FEED_FORMATS[format]}`, headers: feedHeaders(format) },
    ]),
    { path: publishedPath(API_CATALOG_FILE), headers: apiCatalogHeaders() },
    // The Agent Skills' entry files are Markdown for agents, as the twins are (agent-skill.ts).
    { path: publishedPath(`${AGENT_SKILLS_DIR}/*/${SKILL_FILE}`), headers: markdownTwinHeaders() },
    ...model.handHeaders,
  ]);
  return [
    { path: '/*', headers: { ...apiHeaders(model.stamp, { major: current, majors }), ...framingHeaders(), ...(model.deploy.noindex ? agentOnlyHeaders() : {}) } },
    ...byPath,
    ...majorPrefixes(majors).flatMap((prefix) => byPath.filter((rule) => mirrored(rule.path.slice(1))).map((rule) => ({ ...rule, path: `${prefix}${rule.path}` }))),
    ...retiring,
  ];
}

/**
 * In a deploy that is noindex as a whole (a preview, drafts: build/deploy-context.ts), `/*` carries
 * `X-Robots-Tag: noindex` for every file, the drafts' included, so no other rule may set it too:
 * Netlify would join the two values.
 */
function noindexOnce(deploy: DeployContext, rules: HeaderRule[]): HeaderRule[] {
  if (!deploy.noindex) return rules;
  const name = Object.keys(agentOnlyHeaders())[0];
  return rules.map((rule) => ({ ...rule, headers: Object.fromEntries(Object.entries(rule.headers).filter(([header]) => header.toLowerCase() !== name)) }))
    .filter((rule) => Object.keys(rule.headers).length > 0);
}

/**
 * The Markdown twins' rules: one wildcard per section, unless Netlify's compiled wildcard would
 * also match one of the section's pages (a slug ending in `md`), in which case one exact rule per
 * twin of that section. Twins outside a section (`/index.md`) get exact rules. In a section whose
 * twins are in sub-folders (site/layout.ts), the wildcard covers their files too; exact rules name
 * the addresses only, so the sub-folders get a wildcard of their own, which holds nothing but pages
 * (`.html`) and twins.
 */
function twinRulePaths(pages: readonly PageLocation[], sections: readonly string[], layout: PageLayout): string[] {
  const bySection = new Map<string | undefined, PageLocation[]>();
  for (const page of pages) {
    const section = sectionOf(page.path);
    let members = bySection.get(section);
    if (!members) bySection.set(section, (members = []));
    members.push(page);
  }
  return [
    ...(bySection.get(undefined) ?? []).map((page) => page.markdownPath),
    ...sections.flatMap((section) => {
      const members = bySection.get(section) ?? [];
      const wildcard = `/${section}/*.md`;
      const pattern = netlifyPathPattern(wildcard);
      const catches = members.some((page) => pattern.test(page.path) || pattern.test(`/${page.htmlFile}`) || pattern.test(page.jsonPath));
      if (!catches) return [wildcard];
      const files = layout.fannedOut.includes(section as Section) ? [`/${section}/${FANOUT_DIR}/*.md`] : [];
      return [...members.map((page) => page.markdownPath), ...files];
    }),
  ];
}

const sectionOf = (path: string): string | undefined => {
  // Asked of every page twice in every build: a search for the slash, not a regular expression's match.
  const end = path.indexOf('/', 1);
  return path.startsWith('/') && end > 1 ? path.slice(1, end) : undefined;
};

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
