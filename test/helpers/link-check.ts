/**
 * A link checker over a built site: every link a published file holds, in HTML (`href`, `src`,
 * `action`, the sharing meta, JSON-LD), Markdown (twins, llms.txt: links, images, definitions),
 * the sitemap files, robots.txt, the Atom feeds (links and ids), and the JSON files' URL fields
 * (the JSON Feeds' and the API catalog's among them). A link to this site (root-relative, or
 * absolute on the site's base URL) must lead to something it serves: a file, as Netlify's pretty
 * URLs find it (`/x` is `x`, `x.html` or `x/index.html`; `/x/` is `x/index.html`), or a function
 * that answers that path itself (not a catch-all, whose answer is a 404); its fragment, on a page,
 * must name an element's id. A link elsewhere must be a well-formed https:// URL (or a mail address).
 *
 * The site is an interface, so the same checker runs over dist/ (test/pages/links.test.ts) and over
 * an in-memory site with dead links on purpose (test/unit/link-check.test.ts).
 */
import { fromHtml } from 'hast-util-from-html';
import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import type { Root as MdastRoot, Nodes as MdastNodes } from 'mdast';
import { API_CATALOG_FILE, FEEDS_DIR, feedFile, isSitemapFile } from '../../core/published-files.ts';

const isAtomFeed = (file: string) => file === feedFile('atom') || (file.startsWith(`${FEEDS_DIR}/`) && file.endsWith('.xml'));

export interface LinkedSite {
  /** Canonical origin, no trailing slash: absolute links on it are this site's own. */
  baseUrl: string;
  /** Whether a file exists at this path relative to the site's root (no leading slash). */
  isFile(file: string): boolean;
  read(file: string): string;
  /** Whether a function answers GET on this path itself (a catch-all's 404 is no answer). */
  functionAnswers(path: string): boolean;
}

/** One link as a file holds it. */
export interface FoundLink {
  /** The value as written: `/skills/x`, `https://…`, `#top`. */
  value: string;
  /** Where in the file: `a href`, `markdown link`, `sitemap loc`, `json install_url`. */
  where: string;
}

/** A problem, naming the file, where in it the link sits, the link and what is wrong. */
export type LinkProblem = string;

const ATTRIBUTES = ['href', 'src', 'action'] as const;
/** Sharing meta whose content is a URL (Open Graph, https://ogp.me). */
const URL_META = new Set(['og:url', 'og:image']);

function elementsOf(node: HastRoot | Element, found: Element[] = []): Element[] {
  for (const child of node.children as HastContent[]) {
    if (child.type !== 'element') continue;
    found.push(child);
    elementsOf(child, found);
  }
  return found;
}

const text = (node: Element): string => node.children.map((child) => (child.type === 'text' ? child.value : '')).join('');

/** Every string in a JSON value that is an absolute http(s) URL, with the key that holds it. */
function urlsInJson(value: unknown, key: string, found: FoundLink[], where: string): FoundLink[] {
  if (typeof value === 'string') {
    if (/^https?:\/\//i.test(value)) found.push({ value, where: `${where} ${key}` });
  } else if (Array.isArray(value)) value.forEach((item) => urlsInJson(item, key, found, where));
  else if (value !== null && typeof value === 'object') for (const [name, item] of Object.entries(value)) urlsInJson(item, name, found, where);
  return found;
}

export function linksInHtml(html: string): { links: FoundLink[]; ids: Set<string> } {
  const all = elementsOf(fromHtml(html));
  const links: FoundLink[] = [];
  const ids = new Set<string>();
  for (const element of all) {
    if (element.properties.id !== undefined) ids.add(String(element.properties.id));
    for (const name of ATTRIBUTES) {
      const value = element.properties[name];
      if (typeof value === 'string') links.push({ value, where: `${element.tagName} ${name}` });
    }
    const property = element.properties.property;
    if (element.tagName === 'meta' && typeof property === 'string' && URL_META.has(property)) {
      links.push({ value: String(element.properties.content), where: `meta ${property}` });
    }
    if (element.tagName === 'script' && element.properties.type === 'application/ld+json') {
      urlsInJson(JSON.parse(text(element)), '', links, 'JSON-LD');
    }
  }
  return { links, ids };
}

const markdownParser = unified().use(remarkParse).use(remarkGfm);

export function linksInMarkdown(markdown: string): FoundLink[] {
  const links: FoundLink[] = [];
  const visit = (node: MdastNodes) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      // GFM's bare-address links are found in text as written; a mail address becomes `mailto:`.
      links.push({ value: node.url, where: `markdown ${node.type}` });
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(markdownParser.parse(markdown) as MdastRoot);
  return links;
}

export function linksInSitemap(xml: string): FoundLink[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => ({ value: unescapeXml(loc), where: 'sitemap loc' }));
}

export function linksInRobots(robots: string): FoundLink[] {
  return [...robots.matchAll(/^Sitemap:\s*(\S+)\s*$/gim)].map(([, url]) => ({ value: url, where: 'robots Sitemap' }));
}

/** An Atom feed's links and ids: each entry's id is its page's address (site/feeds.ts). */
export function linksInAtom(xml: string): FoundLink[] {
  return [
    ...[...xml.matchAll(/<link\b[^>]*\bhref="([^"]*)"/g)].map(([, href]) => ({ value: unescapeXml(href), where: 'atom link' })),
    ...[...xml.matchAll(/<id>([^<]*)<\/id>/g)].map(([, id]) => ({ value: unescapeXml(id), where: 'atom id' })),
  ];
}

export function linksInJson(json: string): FoundLink[] {
  return urlsInJson(JSON.parse(json), '', [], 'json');
}

const unescapeXml = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!);

/** The links a file of the site holds, by its kind; null for a kind that holds none. */
export function linksInFile(site: LinkedSite, file: string): { links: FoundLink[]; ids?: Set<string> } | null {
  const name = file.split('/').at(-1)!;
  if (file.endsWith('.html')) return linksInHtml(site.read(file));
  if (file.endsWith('.md') || name === 'llms.txt' || name === 'llms-full.txt') return { links: linksInMarkdown(site.read(file)) };
  if (isSitemapFile(name)) return { links: linksInSitemap(site.read(file)) };
  if (name === 'robots.txt') return { links: linksInRobots(site.read(file)) };
  if (isAtomFeed(file)) return { links: linksInAtom(site.read(file)) };
  if (file.endsWith('.json') || file === API_CATALOG_FILE) return { links: linksInJson(site.read(file)) };
  return null;
}

/**
 * The file Netlify serves for a root-relative path, as its pretty URLs find one
 * (https://docs.netlify.com/site-deploys/post-processing/#pretty-urls); undefined for none.
 * `/x` (no slash) on a folder is answered with a redirect to `/x/`, which still leads there.
 */
export function fileFor(site: LinkedSite, path: string): string | undefined {
  const file = path.replace(/^\/+/, '');
  const candidates = file === '' ? ['index.html'] : file.endsWith('/') ? [`${file}index.html`] : [file, `${file}.html`, `${file}/index.html`];
  return candidates.find((candidate) => site.isFile(candidate));
}

/** Why a link a file holds leads nowhere, or null when it leads somewhere. */
export function linkProblem(site: LinkedSite, file: string, link: FoundLink, ownIds: ReadonlySet<string> | undefined, idsOf: (file: string) => ReadonlySet<string>): LinkProblem | null {
  const say = (why: string) => `${file}: ${link.where} ${JSON.stringify(link.value)}: ${why}`;
  const { value } = link;
  if (value.startsWith('#')) {
    if (ownIds === undefined) return null;
    const id = safeDecode(value.slice(1));
    if (id === null) return say('a fragment with malformed percent-encoding');
    return id === '' || ownIds.has(id) ? null : say(`no element with id "${id}" on this page`);
  }
  let url: URL;
  try {
    url = new URL(value, `${site.baseUrl}/`);
  } catch {
    return say('not a well-formed URL');
  }
  const own = value.startsWith('/') && !value.startsWith('//') ? true : url.origin === new URL(site.baseUrl).origin;
  if (!own) return externalProblem(url, value, say);
  const path = safeDecode(url.pathname);
  if (path === null) return say('a path with malformed percent-encoding');
  const target = fileFor(site, path);
  if (target === undefined && !site.functionAnswers(url.pathname)) return say('nothing answers it: no file in the site and no function route');
  const fragment = url.hash === '' ? '' : safeDecode(url.hash.slice(1));
  if (fragment === null) return say('a fragment with malformed percent-encoding');
  if (fragment && target?.endsWith('.html') && !idsOf(target).has(fragment)) return say(`${target} has no element with id "${fragment}"`);
  return null;
}

/** A link to another site: a well-formed https:// URL with a host, or a mail address. */
function externalProblem(url: URL, value: string, say: (why: string) => string): LinkProblem | null {
  if (url.protocol === 'mailto:') return /^[^@\s]+@[^@\s]+$/.test(decodeURIComponent(url.pathname)) ? null : say('not a mail address');
  if (url.protocol !== 'https:') return say(`expected an https:// URL, got scheme ${url.protocol}`);
  if (!/^https:\/\/[^/?#\s]+/i.test(value) || url.hostname === '' || /\s/.test(value)) return say('not a well-formed https:// URL');
  if (url.username !== '' || url.password !== '') return say('a user name before "@": the link goes to the host after it');
  return null;
}

const safeDecode = (value: string): string | null => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

/** Every problem of every link the given files hold. */
export function checkLinks(site: LinkedSite, files: readonly string[]): LinkProblem[] {
  const ids = new Map<string, ReadonlySet<string>>();
  const idsOf = (file: string) => {
    if (!ids.has(file)) ids.set(file, linksInHtml(site.read(file)).ids);
    return ids.get(file)!;
  };
  return files.flatMap((file) => {
    const found = linksInFile(site, file);
    if (!found) return [];
    if (found.ids) ids.set(file, found.ids);
    return found.links.flatMap((link) => linkProblem(site, file, link, found.ids, idsOf) ?? []);
  });
}
