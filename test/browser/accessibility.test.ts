/**
 * axe-core (@axe-core/playwright) on every kind of page with the rules of WCAG 2.0, 2.1 and 2.2 at
 * levels A and AA, at a desktop width and a phone's, and on the phone in dark mode too (its own
 * colours): a violation fails naming the page, the width, the rule and each element's selector.
 * Lighthouse runs a subset of these rules and scores them, so a page can score 100 and still fail
 * one (a target under 24×24 px, a scrolling region the keyboard cannot reach). axe-core does not
 * test reflow (WCAG 1.4.10), so each page is also loaded 320 px wide, where it must not scroll
 * sideways (a code block or a table scrolls instead).
 *
 * The pages are the sample's, as the test server serves them, and the listings of a catalogue large
 * enough that each runs over two pages or more (test/helpers/large-listings.ts): their first and
 * second pages, where the pager shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import fg from 'fast-glob';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';
import { allPages } from '../../site/pages/registry.ts';
import { DIST } from '../helpers/dist.ts';
import { serveLargeListings } from '../helpers/large-listings.ts';
import type { LargeListings } from '../helpers/large-listings.ts';
import { serverUrl } from '../helpers/server.ts';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA, as axe-core tags its rules. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Where axe-core looks: each view named as a failure names it. */
const VIEWS: { name: string; options: BrowserContextOptions }[] = [
  { name: '1280 px', options: { viewport: { width: 1280, height: 900 } } },
  { name: '390 px', options: { viewport: { width: 390, height: 844 } } },
  { name: '390 px, dark', options: { viewport: { width: 390, height: 844 }, colorScheme: 'dark' } },
];
/** The width WCAG 1.4.10 asks a page to fit without scrolling sideways (1280 px at 400 % zoom). */
const REFLOW = { width: 320, height: 844 };
/** Enough for 100 skills in a cluster and 100 bundles: every listing has a second page. */
const LARGE = { skills: 1_000, bundles: 150 };

/** Item pages only: a folder's index page (skills/index.html) is no item. */
const first = (glob: string) => `/${fg.sync(glob, { cwd: DIST, ignore: ['*/index.html'] }).sort()[0]?.replace(/\.html$/, '')}`;
const prose = fg.sync('docs/*.html', { cwd: DIST }).sort().map((file) => `/${file.replace(/\.html$/, '')}`);

interface Visit {
  /** What it is, for the test's name. */
  kind: string;
  path: string;
  /** The status the page answers with. */
  status?: number;
  /** How many search results it shows, when it is the search page. */
  results?: number | 'some';
}

/** The sample's pages, served by the test server (the search page and the 404 are functions). */
const SAMPLE: Visit[] = [
  { kind: 'home', path: '/' },
  { kind: 'skill', path: first('skills/*.html') },
  { kind: 'bundle', path: first('bundles/*.html') },
  { kind: 'cluster', path: first('clusters/*.html') },
  { kind: 'install', path: first('install/*.html') },
  ...prose.map((path) => ({ kind: path === '/docs/api' ? 'API guide' : 'prose page', path })),
  { kind: 'every skill', path: '/skills/' },
  { kind: 'every bundle', path: '/bundles/' },
  { kind: 'every cluster', path: '/clusters/' },
  { kind: 'search with hits', path: '/search?q=pricing', results: 'some' },
  { kind: 'search without hits', path: '/search?q=qqqqzzzz', results: 0 },
  { kind: 'not found', path: '/skills/no-such-skill', status: 404 },
];

describe('axe-core, WCAG 2.2 A and AA, at 1280 and 390 px, and reflow at 320 px', () => {
  let browser: Browser;
  let large: LargeListings | undefined;

  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions());
    large = await serveLargeListings(LARGE.skills, LARGE.bundles);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await large?.close();
  });

  /** The page in a fresh context with these options, answered as expected, and what `look` finds there. */
  async function open(base: string, { path, status = 200, results }: Visit, options: BrowserContextOptions, look: (page: Page) => Promise<string[]>): Promise<string[]> {
    const context = await browser.newContext(options);
    try {
      const page = await context.newPage();
      const response = await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(status);
      if (results !== undefined) {
        const shown = await page.locator('.search-results > li').count();
        if (results === 'some') expect(shown, `${path} shows results`).toBeGreaterThan(0);
        else expect(shown, `${path} shows no result`).toBe(results);
      }
      return await look(page);
    } finally {
      await context.close();
    }
  }

  /** Every violation on the page in each view, one line per element: page, view, rule, selector. */
  async function violations(base: string, visit: Visit): Promise<string[]> {
    const found: string[] = [];
    for (const view of VIEWS) {
      found.push(...await open(base, visit, view.options, async (page) => {
        const { violations: seen } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        return seen.flatMap((violation) => violation.nodes.map((node) =>
          `${visit.path} at ${view.name}: ${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${violation.help}`));
      }));
    }
    found.push(...await open(base, visit, { viewport: REFLOW }, async (page) => {
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
      return scrollWidth > clientWidth ? [`${visit.path} at ${REFLOW.width} px: reflow (WCAG 1.4.10) the page is ${scrollWidth} px wide`] : [];
    }));
    return found;
  }

  it('has the sample pages under test, one of each kind', () => {
    expect(SAMPLE.every(({ path }) => !path.includes('undefined')), JSON.stringify(SAMPLE)).toBe(true);
    expect(prose).toContain('/docs/api');
  });

  it.each(SAMPLE)('finds no violation on the $kind page ($path)', async (visit) => {
    expect(await violations(serverUrl, visit)).toEqual([]);
  }, 120_000);

  it('finds no violation on the first and second pages of a listing of skills, of bundles and of a cluster', async () => {
    const pages = allPages(large!.model);
    // One listing of each kind: the folders' indexes of skills and bundles, and a cluster.
    const seconds = [...Map.groupBy(pages.filter((page) => page.path.endsWith('/page/2/')), (page) => page.kind).values()].map(([page]) => page);
    expect(seconds.length).toBe(3);
    const found: string[] = [];
    for (const second of seconds) {
      const firstPage = pages.find((page) => page.kind === second.kind && `${page.path.replace(/\/$/, '')}/page/2/` === second.path);
      expect(firstPage, `the first page of ${second.path}`).toBeDefined();
      found.push(...await violations(large!.base, { kind: second.kind, path: firstPage!.path }), ...await violations(large!.base, { kind: second.kind, path: second.path }));
    }
    expect(found).toEqual([]);
  }, 300_000);
});
