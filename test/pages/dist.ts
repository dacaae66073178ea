/** Reading the built dist/ for the page suites: files by kind, text, parsed HTML. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { fromHtml } from 'hast-util-from-html';
import type { Element, Root } from 'hast';
import { parse as parseYaml } from 'yaml';
import { ADMIN_DIR } from '../../site/admin-config.ts';
import { majorPrefixes } from '../../core/headers.ts';

export const DIST = join(import.meta.dirname, '../../dist');
export const PROJECT = join(import.meta.dirname, '../..');
/** The content folder the global setup built (a fixture when TEST_CONTENT_DIR says so). */
export const CONTENT = process.env.TEST_CONTENT_DIR ?? join(PROJECT, 'content');

/** Whether the built content has prose pages (content/docs/); a fixture may have none. */
export const HAS_GUIDE = existsSync(join(CONTENT, 'docs/api.md'));

export const read = (path: string) => readFileSync(join(DIST, path), 'utf8');
export const exists = (path: string) => existsSync(join(DIST, path));
/** The files of dist/ matching `glob`, without the copies every major's prefix publishes (`v1/…`,
 * build/mirror.ts): those are held to their originals byte for byte by headers.test.ts. */
export const files = (glob: string) => fg.sync(glob, { cwd: DIST, onlyFiles: true, ignore: MIRRORS }).sort();
const MIRRORS = majorPrefixes().map((prefix) => `${prefix.slice(1)}/**`);

/** The site's pages: not the content editor's shell under /admin/ (test/build/cms-admin.test.ts checks that). */
export const htmlFiles = () => fg.sync('**/*.html', { cwd: DIST, onlyFiles: true, ignore: [...MIRRORS, `${ADMIN_DIR}/**`] }).sort();
export const markdownFiles = () => files('**/*.md');

export const baseUrl = () => (JSON.parse(read('version.json')) as Record<string, string>)['x-base-url'];

export function parseHtml(path: string): Root {
  return fromHtml(read(path));
}

export function elements(tree: Root | Element, found: Element[] = []): Element[] {
  for (const child of tree.children) {
    if (child.type !== 'element') continue;
    found.push(child);
    elements(child, found);
    // <template> content is not rendered, but hast keeps it apart; nothing here uses one.
  }
  return found;
}

export function textContent(node: Root | Element): string {
  return node.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textContent(child) : '')).join('');
}

/** The page path a dist/ HTML file answers at: `skills/x.html` → `/skills/x`, `index.html` → `/`,
 * a folder's `skills/index.html` → `/skills/`. */
export function pagePathOf(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;
}

/** An item's page (`skills/<slug>.html`), not a folder's index page. */
export const isItemPage = (file: string) => /^(skills|bundles)\/[^/]+\.html$/.test(file) && !file.endsWith('/index.html');

/**
 * Does a root-relative URL resolve to something that answers? A file in dist/ (as is, or with
 * `.html` the way Netlify's pretty URLs serve pages), or the catalog function's path.
 */
export function resolves(href: string): boolean {
  const url = new URL(href, 'http://site.invalid');
  const path = decodeURIComponent(url.pathname.replace(/^\/v1(?=\/)/, ''));
  if (path === '/catalog.json') return true;
  if (path === '/') return exists('index.html');
  if (url.search !== '') return false;
  const file = path.slice(1);
  return exists(file) && !file.endsWith('/') ? true : exists(`${file}.html`) || exists(`${file}/index.html`);
}

/** Split a twin into its front matter (parsed) and its Markdown. */
export function splitTwin(text: string): { matter: Record<string, unknown>; keys: string[]; markdown: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) throw new Error('no front matter');
  const matter = parseYaml(match[1]) as Record<string, unknown>;
  return { matter, keys: Object.keys(matter), markdown: text.slice(match[0].length) };
}
