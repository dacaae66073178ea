/**
 * Content negotiation between a page and its Markdown twin: pure, so the Edge Function that makes
 * the decision at request time is a thin adapter and the decision itself is tested in vitest.
 * Web-standard only (no `node:` imports): the Edge Function runs it under Deno.
 */
import defs from '../schema/defs.schema.json' with { type: 'json' };
import { majorPrefixes } from './headers.ts';
import { INDEXED_SECTIONS, LISTING_PAGE_DIR, PAGE_SECTIONS, PAGED_INDEXES, PAGED_SECTION, pageFileIn, SECTION_INDEX } from './page-paths.ts';
import type { PageLayout } from './page-paths.ts';

/** One media range of an Accept header, as RFC 9110 §12.5.1 defines it. */
interface MediaRange {
  type: string;
  subtype: string;
  /** Weight from `q`, 0 to 1. */
  q: number;
  /** How specific the range is: `*\/*` 0, `type/*` 1, `type/subtype` 2, plus 1 with parameters. */
  specificity: number;
  params: ReadonlyMap<string, string>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 9110 §12.4.2: at most three decimals, never above 1.
const QVALUE = /^(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/;

/** Parse an Accept header; malformed ranges are dropped, as if the client had not sent them. */
export function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of splitOutsideQuotes(header, ',')) {
    const [mediaType, ...parameters] = splitOutsideQuotes(part, ';').map((piece) => piece.trim());
    const slash = mediaType.indexOf('/');
    if (slash < 0) continue;
    const type = mediaType.slice(0, slash).trim().toLowerCase();
    const subtype = mediaType.slice(slash + 1).trim().toLowerCase();
    if (!TOKEN.test(type) || !TOKEN.test(subtype) || (type === '*' && subtype !== '*')) continue;
    let q = 1;
    let valid = true;
    const params = new Map<string, string>();
    for (const parameter of parameters) {
      if (parameter === '') continue;
      const equals = parameter.indexOf('=');
      const name = (equals < 0 ? parameter : parameter.slice(0, equals)).trim().toLowerCase();
      const value = equals < 0 ? '' : unquote(parameter.slice(equals + 1).trim());
      if (name === 'q') {
        if (!QVALUE.test(value)) valid = false;
        q = Number(value);
        // Parameters after q are accept-extensions (RFC 2616 heritage), not part of the range.
        break;
      }
      params.set(name, value.toLowerCase());
    }
    if (!valid) continue;
    const specificity = (type === '*' ? 0 : subtype === '*' ? 1 : 2) + (params.size > 0 ? 1 : 0);
    ranges.push({ type, subtype, q, specificity, params });
  }
  return ranges;
}

/**
 * The weight a client gives a representation: the q of the most specific range that matches it
 * (RFC 9110 §12.5.1, "the most specific reference has precedence"); 0 when none matches. Between
 * equally specific matches the highest weight wins, so a repeated range is never read as a refusal.
 */
export function weightOf(ranges: readonly MediaRange[], mediaType: string, params: Readonly<Record<string, string>> = {}): number {
  const [type, subtype] = mediaType.toLowerCase().split('/');
  let best: MediaRange | undefined;
  for (const range of ranges) {
    if (range.type !== '*' && range.type !== type) continue;
    if (range.subtype !== '*' && range.subtype !== subtype) continue;
    // Only parameters the representation declares can rule a range out (`charset=latin1` does;
    // RFC 7763's `variant=CommonMark` does not: every variant reads the twin).
    if ([...range.params].some(([name, value]) => Object.hasOwn(params, name) && params[name].toLowerCase() !== value)) continue;
    if (!best || range.specificity > best.specificity || (range.specificity === best.specificity && range.q > best.q)) best = range;
  }
  return best?.q ?? 0;
}

const PAGE_PARAMS = { charset: 'utf-8' };

/**
 * Whether a request should get the Markdown twin rather than the HTML page: only when the client
 * weighs text/markdown above zero and strictly above text/html. A tie, an absent header and `*\/*`
 * all keep HTML, the page's default.
 */
export function prefersMarkdown(acceptHeader: string | null | undefined): boolean {
  if (!acceptHeader || acceptHeader.trim() === '') return false;
  const ranges = parseAccept(acceptHeader);
  const markdown = weightOf(ranges, 'text/markdown', PAGE_PARAMS);
  return markdown > 0 && markdown > weightOf(ranges, 'text/html', PAGE_PARAMS);
}

// The schema's slug, without its anchors, to sit inside a path pattern.
const SLUG = defs.$defs.Slug.pattern.replace(/^\^|\$$/g, '');
// Every major's prefix serves the same pages (the build publishes them there, build/mirror.ts).
const MAJOR_PREFIX = `(?:${majorPrefixes().join('|')})?`;

/**
 * Every path of a page with a Markdown twin, as anchored regular expressions (sources): the
 * catalogue (`/`, `/v1`, `/v1/`), one page of a section, a section's index page (`/skills/`,
 * `/skills`), and a later page of a listing (`/skills/page/2/`, `/clusters/jobs/page/2/`), each
 * with or without `/v1` and a trailing slash. Nothing with a dot matches, so no `.json`, `.md`, `.txt`, `.xml`, asset or function path
 * does. The Edge Function routes on exactly these (its `pattern`), so it never runs in front of
 * the API.
 */
export const PAGE_PATH_PATTERNS: readonly string[] = [
  `^${MAJOR_PREFIX}/?$`,
  `^${MAJOR_PREFIX}/(${PAGE_SECTIONS.join('|')})/(${SLUG})/?$`,
  `^${MAJOR_PREFIX}/(${INDEXED_SECTIONS.join('|')})/?$`,
  `^${MAJOR_PREFIX}/((?:${PAGED_INDEXES.join('|')}|${PAGED_SECTION}/${SLUG})/${LISTING_PAGE_DIR}/(?:[2-9]|[1-9][0-9]+))/?$`,
];

const [CATALOGUE_PAGE, SECTION_PAGE, SECTION_INDEX_PAGE, LISTING_PAGE] = PAGE_PATH_PATTERNS.map((source) => new RegExp(source));

/**
 * The Markdown twin of a page path, or null when the path is not a page that has one. A `/v1`
 * prefix is dropped: the twin is the same file under every version. Explicit extensions
 * (`/skills/x.html`, `.json`, `.md`) name their representation and are left alone.
 */
export function markdownTwinPath(pathname: string): string | null {
  if (CATALOGUE_PAGE.test(pathname)) return `/${SECTION_INDEX}.md`;
  const index = SECTION_INDEX_PAGE.exec(pathname);
  if (index) return `/${index[1]}/${SECTION_INDEX}.md`;
  // A listing's later page is a folder's index page too (core/page-paths.ts, listingPageName).
  const listing = LISTING_PAGE.exec(pathname);
  if (listing) return `/${listing[1]}/${SECTION_INDEX}.md`;
  const match = SECTION_PAGE.exec(pathname);
  return match ? `/${match[1]}/${match[2]}.md` : null;
}

const SECTION_FILE = new RegExp(`^(${MAJOR_PREFIX})/(${PAGE_SECTIONS.join('|')})/(${SLUG})(?:/|(\\.md))?$`);

/**
 * The path of the file that answers a page path or a Markdown twin's path of a section `layout`
 * fans out (`/v1/skills/mom-test` → `/v1/skills/_/3f/mom-test.html`), the major's prefix kept, or
 * null when the path's own file answers it. Its `.html` by name: a pretty path without the
 * extension would also match `/skills/*.md`'s compiled pattern for a slug ending in `md`.
 */
export function movedFile(pathname: string, layout: PageLayout): string | null {
  const match = SECTION_FILE.exec(pathname);
  if (!match) return null;
  const [, prefix, section, slug, twin] = match;
  const file = `${section}/${slug}${twin ? '.md' : '.html'}`;
  const moved = pageFileIn(layout, file);
  return moved === file ? null : `${prefix}/${moved}`;
}

/**
 * The Edge Function's routes for `layout`: every page path, and the Markdown twins' paths of the
 * sections whose twins are in sub-folders, which have no file at their own path any more.
 */
export function edgePatterns(layout: PageLayout): string[] {
  const moved = PAGE_SECTIONS.filter((section) => layout.fannedOut.includes(section));
  return [...PAGE_PATH_PATTERNS, ...(moved.length === 0 ? [] : [`^${MAJOR_PREFIX}/(${moved.join('|')})/(${SLUG})\\.md$`])];
}

/** Add `Accept` to a Vary header value without repeating it. */
export function varyWithAccept(vary: string | null | undefined): string {
  const names = (vary ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept')) return names.join(', ');
  return [...names, 'Accept'].join(', ');
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const pieces: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '\\' && i + 1 < text.length) {
      current += char + text[++i];
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      pieces.push(current);
      current = '';
    } else current += char;
  }
  pieces.push(current);
  return pieces;
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
}
