/**
 * The pages in a real browser (headless Chromium) served by the local Netlify runtime, with the
 * `_headers` CSP in force: no console error, no failed request, no CSP violation. Screenshots go to
 * test/artifacts/ for a human to look at.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';
import fg from 'fast-glob';
import { serverUrl as base } from '../helpers/server.ts';


const ARTIFACTS = join(import.meta.dirname, '../artifacts');
const DIST = join(import.meta.dirname, '../../dist');
// Item pages only: a folder's index page (skills/index.html) is no item.
const pagesIn = (glob: string | string[]) => fg.sync(glob, { cwd: DIST, ignore: ['*/index.html'] }).sort();
const skill = pagesIn('skills/*.html')[0]?.replace(/\.html$/, '');
const bundle = pagesIn('bundles/*.html')[0]?.replace(/\.html$/, '');
const cluster = pagesIn('clusters/*.html').at(-1)?.replace(/\.html$/, '');
const guide = existsSync(join(DIST, 'docs/api.html'));

interface Visit {
  errors: string[];
  failed: string[];
  violations: string[];
}

async function visit(page: Page, path: string): Promise<Visit> {
  const seen: Visit = { errors: [], failed: [], violations: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
    // Chromium reports CSP refusals on the console as well as through the event below.
    if (/Content Security Policy/i.test(message.text())) seen.violations.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('requestfailed', (request) => seen.failed.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) seen.failed.push(`${response.url()} ${response.status()}`);
  });
  const response = await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  expect(response?.status(), path).toBe(200);
  // Any violation the page saw, reported by the page itself (no script of ours runs on the site).
  const reported = await page.evaluate(() => (globalThis as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  seen.violations.push(...reported);
  return seen;
}

describe('pages in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await chromium.launch(chromiumLaunchOptions());
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function check(path: string, name: string, viewport = { width: 1280, height: 900 }, colorScheme: 'light' | 'dark' = 'light') {
    const context = await browser.newContext({ viewport, colorScheme });
    // Collect CSP violations from inside the page: an init script is the browser's, not the site's,
    // so the site's CSP does not apply to it.
    await context.addInitScript(() => {
      const store: string[] = [];
      (globalThis as unknown as { __cspViolations: string[] }).__cspViolations = store;
      document.addEventListener('securitypolicyviolation', (event) => store.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const page = await context.newPage();
    try {
      const seen = await visit(page, path);
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
      expect(seen.errors, `${path}: console errors`).toEqual([]);
      expect(seen.failed, `${path}: failed requests`).toEqual([]);
      expect(seen.violations, `${path}: CSP violations`).toEqual([]);
      // The stylesheet loaded and applied (SRI and CSP both let it through).
      const styled = await page.evaluate(() => getComputedStyle(document.querySelector('.site-header')!).borderBottomStyle);
      expect(styled).toBe('solid');
      return page;
    } finally {
      await context.close();
    }
  }

  it('loads the catalogue overview cleanly', async () => {
    await check('/', 'home');
  });

  it('loads a skill page cleanly', async () => {
    await check(`/${skill}`, 'skill');
  });

  it('loads a bundle page, a cluster page, the guide and the 404 page cleanly', async () => {
    await check(`/${bundle}`, 'bundle');
    await check(`/${cluster}`, 'cluster');
    if (guide) await check('/docs/api', 'guide');
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${base}/skills/no-such-skill`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    await page.screenshot({ path: join(ARTIFACTS, 'not-found.png'), fullPage: true });
    await context.close();
  });

  it('looks right on a phone and in dark mode', async () => {
    await check(`/${skill}`, 'skill-phone', { width: 390, height: 844 });
    await check('/', 'home-dark', { width: 1280, height: 900 }, 'dark');
  });

  it('shows a shopper the price and its buttons inside the first screen of a phone, on every skill and bundle page', async () => {
    const phone = { width: 390, height: 844 };
    const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    const page = await context.newPage();
    const items = pagesIn(['skills/*.html', 'bundles/*.html']).map((file) => `/${file.replace(/\.html$/, '')}`);
    expect(items.length).toBeGreaterThan(0);
    const below: string[] = [];
    for (const path of items) {
      await page.goto(`${base}${path}`, { waitUntil: 'load' });
      // Bottom edges in CSS pixels from the top of the page, as the page first shows.
      // The buttons are what the page offers: Install on a skill, and Add to cart on both when
      // site.yaml names a shop (without one there is no cart to send anyone to).
      const edges = await page.evaluate(() => {
        const price = document.querySelector('.buy .price')?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY;
        const buttons = [...document.querySelectorAll('.buy .actions .button')].map((button) => button.getBoundingClientRect().bottom);
        return { price, buttons };
      });
      if (!(edges.price <= phone.height)) below.push(`${path}: the price ends at ${edges.price} px`);
      for (const edge of edges.buttons) if (!(edge <= phone.height)) below.push(`${path}: a button ends at ${edge} px`);
      if (path.startsWith('/skills/') && edges.buttons.length === 0) below.push(`${path}: no Install button`);
    }
    await page.goto(`${base}${items[0]}`, { waitUntil: 'load' });
    await page.screenshot({ path: join(ARTIFACTS, 'item-phone-first-screen.png') });
    await context.close();
    expect(below).toEqual([]);
  });

  it('moves keyboard focus to the skip link first, with a visible outline', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/${skill}`);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { text: el.textContent, outline: style.outlineStyle, width: style.outlineWidth, top: el.getBoundingClientRect().top };
    });
    expect(focused.text).toBe('Skip to content');
    expect(focused.outline).toBe('solid');
    expect(parseFloat(focused.width)).toBeGreaterThanOrEqual(2);
    expect(focused.top).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS, 'skip-link.png') });
    await context.close();
  });
});
