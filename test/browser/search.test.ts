/**
 * The search box in headless Chromium against the local Netlify runtime, with the site's CSP in
 * force: results as you type from /search.json, the keyboard alone (Tab to the box, arrows, Enter,
 * Escape), the search page refreshing in place, and with JavaScript off, the form's GET to the
 * search page answered with the results drawn on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';
import { serverUrl as base } from '../helpers/server.ts';

const BOX = '#site-search-q';
const LIST = '#site-search-q-results';
/** How long to wait for an answer to show: the server's first search loads the index. Never a timing assertion. */
const WAIT = { timeout: 20_000 };

describe('search in Chromium', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions());
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function open(path: string, javaScriptEnabled = true): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ javaScriptEnabled });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    expect(response?.status(), path).toBe(200);
    return { page, errors };
  }

  it('shows results as you type in the header box, from /search.json', async () => {
    const { page, errors } = await open('/');
    const answered = page.waitForResponse((response) => response.url().includes('/search.json?q=onboard'));
    await page.locator(BOX).pressSequentially('onboard', { delay: 30 });
    expect((await answered).status()).toBe(200);
    const list = page.locator(LIST);
    await list.waitFor({ state: 'visible' });
    await expect.poll(() => list.locator('[role="option"]').first().textContent(), WAIT).toContain('Onboarding');
    expect(await page.locator(BOX).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator(BOX).getAttribute('role')).toBe('combobox');
    expect(errors).toEqual([]);
  });

  it('works from the keyboard alone: Tab to the box, type, arrow down, Enter opens the result; Escape closes', async () => {
    const { page, errors } = await open('/');
    // From the top of the page: the skip link first, then the header's links, then the box.
    let reached = false;
    for (let i = 0; i < 15 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.id === 'site-search-q');
    }
    expect(reached).toBe(true);
    await page.keyboard.type('pricng', { delay: 30 });
    const options = page.locator(`${LIST} [role="option"]`);
    await expect.poll(() => options.count(), WAIT).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(LIST).isHidden(), WAIT).toBe(true);
    await page.keyboard.type('e', { delay: 30 });
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.locator(LIST).isVisible(), WAIT).toBe(true);
    await page.keyboard.press('ArrowDown');
    const active = await page.locator(BOX).getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(await page.locator(`#${active}`).getAttribute('aria-selected')).toBe('true');
    const href = await page.locator(`#${active} a`).getAttribute('href');
    await Promise.all([page.waitForURL(`${base}${href}`), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).toBe(href);
    expect(errors).toEqual([]);
  });

  it('searches on Enter with no result chosen: the form goes to the search page', async () => {
    const { page } = await open('/');
    await page.locator(BOX).fill('launch');
    await Promise.all([page.waitForURL(/\/search\?q=launch$/), page.locator(BOX).press('Enter')]);
    await expect.poll(() => page.locator('#search-results li').count(), WAIT).toBeGreaterThan(0);
  });

  it('refreshes the search page in place as you type, and its address with it', async () => {
    const { page, errors } = await open('/search?q=launch');
    const input = page.locator('#search-page-q');
    await input.fill('');
    await input.pressSequentially('hook', { delay: 30 });
    await expect.poll(() => page.locator('#search-status').textContent(), WAIT).toMatch(/for “hook”/);
    await expect.poll(() => page.locator('#search-results').textContent(), WAIT).toContain('Trigger');
    await expect.poll(() => new URL(page.url()).search, WAIT).toBe('?q=hook');
    expect(errors).toEqual([]);
  });

  it('with JavaScript off, submitting the header form shows results drawn on the server', async () => {
    const { page } = await open('/', false);
    await page.locator(BOX).fill('interveiw');
    await Promise.all([page.waitForURL(/\/search\?q=interveiw$/), page.locator(BOX).press('Enter')]);
    expect(await page.locator('#search-status').textContent()).toMatch(/results? for “interveiw”/);
    expect(await page.locator('#search-results a[href="/skills/mom-test-interviews"]').count()).toBe(1);
    // No suggestion list exists without the script: the box is a plain search field.
    expect(await page.locator(LIST).count()).toBe(0);
  });
});
