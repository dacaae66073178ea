/**
 * The listing pages of a catalogue of 10,000 and of 50,000 skills (5,000 bundles): the small
 * fixture's skills and bundles copied under new slugs (test/helpers/large-catalogue.ts), and the
 * pages made from the whole catalogue rendered by the same code as a build renders them
 * (cataloguePages). No HTML page among them passes
 * 200 KB; each listing (`/skills/`, `/bundles/`, every cluster's page) is walked from page 1 by its
 * next links, page and twin alike, and the walk meets every page the model names (the sitemap's and
 * `_headers`' pages) once, with every item once; a later page gets page 1's headers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllHeaders } from '@netlify/headers-parser';
import { build } from '../../build/index.ts';
import { siteFrame } from '../../build/emit/assets.ts';
import { markdownTwinPath } from '../../core/negotiate.ts';
import { majorPrefixes } from '../../core/headers.ts';
import { llmsTxt } from '../../site/llms.ts';
import { headersForPath } from '../../dev/static.ts';
import type { HeaderRule } from '../../dev/static.ts';
import { formatHeaderRules, headerInput, headerRules, topLevelEntries } from '../../site/headers.ts';
import { sitemapFiles } from '../../site/sitemap.ts';
import { allPages, catalogueView, cataloguePages } from '../../site/pages/registry.ts';
import { LISTING_PAGE_SIZE } from '../../site/pages/pagination.ts';
import type { PageLocation } from '../../site/pages/page-ref.ts';
import type { CatalogueModel } from '../../site/model.ts';
import { largeModel } from '../helpers/large-catalogue.ts';

/** No listing page's HTML may pass this many bytes, at any size of catalogue. */
const MAX_HTML_BYTES = 200_000;
/** The kinds of page that list the catalogue over pages (site/pages/pagination.ts). */
const PAGED_KINDS = new Set(['skill-index', 'bundle-index', 'cluster']);

let folder: string;
let model: CatalogueModel;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'listings-scale-'));
  ({ model } = await build({ contentDir: join(import.meta.dirname, '../fixtures/content-small'), outDir: join(folder, 'dist'), constantsFile: null }));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** What the walk reads of a page or twin: its size, its next link and its items. */
interface Seen {
  bytes: number;
  next?: string;
  canonical?: string;
  items: number;
}

/** Every file the catalogue's pages make, read as it is made and let go; llms.txt kept whole. */
function renderListings(large: CatalogueModel): { seen: Map<string, Seen>; llms: string } {
  const seen = new Map<string, Seen>();
  const frame = siteFrame(large);
  const view = catalogueView(large);
  const llms = llmsTxt(frame, view.catalog, view.docs);
  for (const file of cataloguePages(frame, view)) {
    const text = typeof file.bytes === 'string' ? file.bytes : Buffer.from(file.bytes).toString('utf8');
    if (file.path.endsWith('.html')) {
      seen.set(file.path, {
        bytes: Buffer.byteLength(text),
        next: /<link rel="next" href="([^"]+)">/.exec(text)?.[1],
        canonical: /<link rel="canonical" href="([^"]+)">/.exec(text)?.[1],
        items: text.match(/<li class="card">/g)?.length ?? 0,
      });
    } else if (file.path.endsWith('.md')) {
      seen.set(file.path, {
        bytes: Buffer.byteLength(text),
        next: /\[next page\]\(([^)]+)\)/.exec(text)?.[1],
        // A twin's items are its list lines that link a skill or a bundle.
        items: text.match(/^- \[[^\n]*\]\([^)\n]*\/(skills|bundles)\/[^)\n]*\)[ ,]/gm)?.length ?? 0,
      });
    }
  }
  return { seen, llms };
}

/** The listings' pages the model names (the sitemap's and `_headers`' pages), each listing's in order. */
function listings(large: CatalogueModel): Map<string, PageLocation[]> {
  const byListing = new Map<string, PageLocation[]>();
  for (const page of allPages(large).filter((each) => PAGED_KINDS.has(each.kind))) {
    const first = page.path.replace(/\/page\/\d+\/$/, '/').replace(/^(\/clusters\/[^/]+)\/$/, '$1');
    byListing.set(first, [...(byListing.get(first) ?? []), page]);
  }
  return byListing;
}

describe.each([
  { skills: 10_000, bundles: 1_000 },
  { skills: 50_000, bundles: 5_000 },
])('the listings of $skills skills and $bundles bundles', ({ skills, bundles }) => {
  let large: CatalogueModel;
  let seen: Map<string, Seen>;
  let llms: string;
  let named: Map<string, PageLocation[]>;
  beforeAll(() => {
    large = largeModel(model, skills, bundles);
    ({ seen, llms } = renderListings(large));
    named = listings(large);
  }, 240_000);

  it(`writes no HTML page over ${MAX_HTML_BYTES} bytes, and no listing page over ${LISTING_PAGE_SIZE} items`, () => {
    const html = [...seen].filter(([path]) => path.endsWith('.html'));
    const largest = html.reduce((most, [path, page]) => (page.bytes > most.bytes ? { path, bytes: page.bytes } : most), { path: '', bytes: 0 });
    console.log(`${skills} skills: ${html.length} HTML pages from the whole catalogue, the largest ${largest.path} at ${largest.bytes} bytes`);
    for (const [path, page] of html) expect(page.bytes, path).toBeLessThanOrEqual(MAX_HTML_BYTES);
    for (const pages of named.values()) for (const page of pages) expect(seen.get(page.htmlFile)!.items, page.htmlFile).toBeLessThanOrEqual(LISTING_PAGE_SIZE);
  });

  it('makes exactly the listing pages the model names, each with its twin', () => {
    const rendered = [...seen.keys()].filter((path) => /^(skills|bundles)\/(index|page\/)|^clusters\/(?!index\.)[^/]+(\.|\/page\/)/.test(path)).sort();
    const pages = [...named.values()].flat();
    expect(rendered).toEqual(pages.flatMap((page) => [page.htmlFile, page.markdownFile]).sort());
    expect(named.get('/skills/')).toHaveLength(Math.ceil(skills / LISTING_PAGE_SIZE));
    expect(named.get('/bundles/')).toHaveLength(Math.ceil(bundles / LISTING_PAGE_SIZE));
    // Every page in the sitemap, and every later page negotiated to its own twin.
    const sitemap = sitemapFiles(large.site.baseUrl, allPages(large)).map((file) => String(file.bytes)).join('');
    for (const page of pages) {
      expect(sitemap, page.url).toContain(`<loc>${page.url}</loc>`);
      expect(markdownTwinPath(page.path), page.path).toBe(page.markdownPath);
    }
  });

  it('reaches every page of each listing from page 1 by next links, every item once, pages and twins alike', () => {
    const byUrl = new Map([...named.values()].flat().map((page) => [page.url, page] as const));
    const byTwinUrl = new Map([...named.values()].flat().map((page) => [page.markdownUrl, page] as const));
    for (const [listing, pages] of named) {
      const walk = (start: PageLocation, file: (page: PageLocation) => string, lookup: Map<string, PageLocation>, absolute: (href: string) => string) => {
        const visited: PageLocation[] = [];
        for (let page: PageLocation | undefined = start; page; ) {
          expect(visited, `${listing}: ${page.path} twice`).not.toContain(page);
          visited.push(page);
          const next: string | undefined = seen.get(file(page))!.next;
          page = next === undefined ? undefined : lookup.get(absolute(next));
          if (next !== undefined) expect(page, `${listing}: ${next}`).toBeDefined();
        }
        return visited;
      };
      expect(walk(pages[0], (page) => page.htmlFile, byUrl, (href) => `${large.site.baseUrl}${href}`), listing).toEqual(pages);
      expect(walk(pages[0], (page) => page.markdownFile, byTwinUrl, (href) => href), listing).toEqual(pages);
      for (const page of pages) expect(seen.get(page.htmlFile)!.canonical, page.path).toBe(page.url);
      const items = (file: (page: PageLocation) => string) => pages.reduce((sum, page) => sum + seen.get(file(page))!.items, 0);
      expect(items((page) => page.markdownFile), listing).toBe(items((page) => page.htmlFile));
    }
    const total = (listing: string) => named.get(listing)!.reduce((sum, page) => sum + seen.get(page.htmlFile)!.items, 0);
    expect(total('/skills/')).toBe(skills);
    expect(total('/bundles/')).toBe(bundles);
  });

  it('keeps the links of llms.txt to the listings\' twins on twins the listings wrote', () => {
    const base = large.site.baseUrl;
    const twins = [...llms.matchAll(/\]\(([^)\s]+\.md)\)/g)].map(([, url]) => url).filter((url) => url.startsWith(`${base}/`) && !url.startsWith(`${base}/docs/`));
    expect(twins).toContain(named.get('/skills/')![0].markdownUrl);
    expect(twins).toContain(named.get('/bundles/')![0].markdownUrl);
    for (const url of twins) expect(seen.has(url.slice(base.length + 1)), url).toBe(true);
  });

  it('gives a later page and its twin, under each major\'s prefix too, the headers of page 1 and its twin', async () => {
    const rules = headerRules(headerInput(large), { topLevel: topLevelEntries([...seen.keys()]) });
    const file = join(folder, `_headers-${skills}`);
    writeFileSync(file, formatHeaderRules(rules));
    const { headers, errors } = await parseAllHeaders({ headersFiles: [file], configHeaders: [], minimal: false });
    expect(errors).toEqual([]);
    const parsed = headers as HeaderRule[];
    for (const [listing, pages] of named) {
      const [first, second] = pages;
      if (!second) continue;
      for (const prefix of ['', ...majorPrefixes()]) {
        expect(headersForPath(parsed, `${prefix}${second.path}`), `${prefix}${second.path}`).toEqual(headersForPath(parsed, `${prefix}${first.path}`));
        expect(headersForPath(parsed, `${prefix}${second.markdownPath}`), `${prefix}${second.markdownPath}`).toEqual(headersForPath(parsed, `${prefix}${first.markdownPath}`));
      }
      expect(headersForPath(parsed, second.path)['content-security-policy'], listing).toBeDefined();
      expect(headersForPath(parsed, second.markdownPath)['content-type'], listing).toMatch(/^text\/markdown/);
    }
  });
});
