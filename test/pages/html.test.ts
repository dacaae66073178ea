/** Every HTML page in dist/: valid (html-validate, recommended preset, .htmlvalidate.json), one
 * h1 and headings in order, the head the twins need, and no internal link that leads nowhere. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import type { Element } from 'hast';
import { DIST, HAS_GUIDE, baseUrl, elements, exists, htmlFiles, pagePathOf, parseHtml, resolves } from './dist.ts';

const pages = htmlFiles();
const attr = (element: Element, name: string) => {
  const value = element.properties[name];
  return Array.isArray(value) ? value.join(' ') : value === undefined || value === null ? undefined : String(value);
};

describe('HTML pages in dist/', () => {
  it('exist for the overview, the 404 and at least one skill, bundle, cluster and the guide', () => {
    expect(pages).toContain('index.html');
    expect(pages).toContain('404.html');
    if (HAS_GUIDE) expect(pages).toContain('docs/api.html');
    for (const section of ['skills', 'bundles', 'clusters']) expect(pages.some((page) => page.startsWith(`${section}/`))).toBe(true);
  });

  it('pass html-validate', async () => {
    const validator = new HtmlValidate(new FileSystemConfigLoader());
    const failures: string[] = [];
    for (const page of pages) {
      const report = await validator.validateFile(join(DIST, page));
      for (const result of report.results) {
        for (const message of result.messages) failures.push(`${page}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('have no internal link, source or fragment that leads nowhere', () => {
    const broken: string[] = [];
    const idsOf = new Map<string, Set<string>>();
    const ids = (file: string) => {
      if (!idsOf.has(file)) idsOf.set(file, new Set(elements(parseHtml(file)).flatMap((el) => (el.properties.id ? [String(el.properties.id)] : []))));
      return idsOf.get(file)!;
    };
    for (const page of pages) {
      for (const element of elements(parseHtml(page))) {
        for (const name of ['href', 'src']) {
          const value = attr(element, name);
          if (value === undefined) continue;
          if (value.startsWith('#')) {
            if (value !== '#' && !ids(page).has(decodeURIComponent(value.slice(1)))) broken.push(`${page}: ${value}`);
          } else if (value.startsWith('/') && !value.startsWith('//')) {
            if (!resolves(value)) broken.push(`${page}: ${value}`);
            const [path, fragment] = value.split('#');
            if (fragment) {
              const target = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
              if (!exists(target) || !ids(target).has(fragment)) broken.push(`${page}: ${value} (no #${fragment})`);
            }
          } else if (!/^(https?:|mailto:)/.test(value)) {
            broken.push(`${page}: ${value} (neither root-relative nor absolute)`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('carry lang, one h1, headings that never skip a level, and a skip link to main', () => {
    for (const page of pages) {
      const all = elements(parseHtml(page));
      expect(attr(all.find((el) => el.tagName === 'html')!, 'lang'), page).toBe('en');
      const levels = all.filter((el) => /^h[1-6]$/.test(el.tagName)).map((el) => Number(el.tagName[1]));
      expect(levels.filter((level) => level === 1), page).toHaveLength(1);
      expect(levels[0], page).toBe(1);
      levels.forEach((level, i) => {
        if (i > 0) expect(level - levels[i - 1], `${page}: h${levels[i - 1]} → h${level}`).toBeLessThanOrEqual(1);
      });
      const skip = all.find((el) => el.tagName === 'a');
      expect(attr(skip!, 'href'), page).toBe('#main');
      expect(all.filter((el) => el.tagName === 'main').map((el) => attr(el, 'id')), page).toEqual(['main']);
    }
  });

  it('have no inline script or style anywhere (the CSP allows neither; JSON-LD data blocks are never run)', () => {
    for (const page of pages) {
      for (const element of elements(parseHtml(page))) {
        // The one script is a file of the site's own (the search box's), with its SRI digest and no text.
        if (element.tagName === 'script' && element.properties.src !== undefined) {
          expect(String(element.properties.src), page).toMatch(/^\/assets\/search\.[0-9a-f]{10}\.js$/);
          expect(String(element.properties.integrity), page).toMatch(/^sha384-/);
          expect(element.children, page).toEqual([]);
        } else if (element.tagName === 'script') expect(element.properties.type, page).toBe('application/ld+json');
        expect(element.tagName, page).not.toBe('style');
        expect(Object.keys(element.properties).filter((name) => /^on/i.test(name) || name === 'style'), page).toEqual([]);
      }
    }
  });

  it('name their canonical URL, description and twins in the head', () => {
    const base = baseUrl();
    for (const page of pages.filter((file) => file !== '404.html')) {
      const head = elements(parseHtml(page)).filter((el) => el.tagName === 'link' || el.tagName === 'meta');
      const link = (rel: string, type?: string) =>
        head.find((el) => el.tagName === 'link' && attr(el, 'rel') === rel && (type === undefined || attr(el, 'type') === type));
      const path = pagePathOf(page);
      expect(attr(link('canonical')!, 'href'), page).toBe(path === '/' ? `${base}/` : `${base}${path}`);
      // Twins beside the page's file: `skills/x.md`, and `index.md` for `/` and a folder's index page.
      const twin = (extension: string) => `/${page.replace(/\.html$/, extension)}`;
      expect(attr(link('alternate', 'text/markdown')!, 'href'), page).toBe(twin('.md'));
      const json = link('alternate', 'application/json');
      // Every page's JSON twin at its own path (the spec's "same path"); the overview's, and the
      // skills' and bundles' indexes', is the catalogue, which lists them.
      const listsCatalogue = ['index.html', 'skills/index.html', 'bundles/index.html'].includes(page);
      // A skill's install page shows facts of the skill alone: its JSON twin is the skill's.
      const installs = /^install\/([^/]+)\.html$/.exec(page)?.[1];
      expect(attr(json!, 'href'), page).toBe(listsCatalogue ? '/catalog.json' : installs ? `/skills/${installs}.json` : twin('.json'));
      const description = head.find((el) => el.tagName === 'meta' && attr(el, 'name') === 'description');
      expect(attr(description!, 'content')?.length, page).toBeGreaterThan(10);
    }
  });

  it('the 404 page is not indexed and links only root-relative (it answers at any depth)', () => {
    const all = elements(parseHtml('404.html'));
    expect(all.some((el) => el.tagName === 'meta' && el.properties.name === 'robots' && el.properties.content === 'noindex')).toBe(true);
    expect(all.some((el) => el.tagName === 'link' && attr(el, 'rel') === 'canonical')).toBe(false);
    for (const el of all) {
      const href = attr(el, 'href') ?? attr(el, 'src');
      if (href !== undefined && !/^(https?:|#)/.test(href)) expect(href.startsWith('/'), href).toBe(true);
    }
  });
});
