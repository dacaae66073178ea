/**
 * The content editor in headless Chromium, as an editor uses it on their own machine: `npm run
 * cms`'s servers (scripts/cms-server.ts: the built site, and Decap's local proxy server writing
 * files) over a temporary copy of content/, never the repository's own. An editor creates a skill
 * through the form and saves it: the file appears, its front matter is what was typed, it passes
 * `npm run check` and the site builds with its page. Saving without a required field is refused
 * and writes nothing. Throughout, the page runs under /admin/'s Content-Security-Policy with no
 * violation, loads nothing from another origin, and the preview is the site's own skill page.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { build, checkContent, PROJECT_ROOT } from '../../build/index.ts';
import { ADMIN_DIR } from '../../site/admin-config.ts';
import { ADMIN_CONTENT_SECURITY_POLICY } from '../../core/page-headers.ts';
import { startCms } from '../../scripts/cms-server.ts';
import type { CmsServer } from '../../scripts/cms-server.ts';
import { DIST } from '../helpers/dist.ts';

/** Decap parses 5 MB of script before it shows anything; a wait, never a timing assertion. */
const WAIT = { timeout: 90_000 };
const SLUG = 'price-probe-interviews';

describe('the content editor at /admin/, on the local proxy server', () => {
  let work: string;
  let repo: string;
  let cms: CmsServer;
  let browser: Browser;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'cms-'));
    repo = join(work, 'repo');
    cpSync(join(PROJECT_ROOT, 'content'), join(repo, 'content'), { recursive: true });
    cms = await startCms({ distDir: DIST, repoDir: repo });
    browser = await chromium.launch(chromiumLaunchOptions());
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await cms?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** The editor, signed in to the local backend, with what went wrong on the page collected. */
  async function openEditor(): Promise<{ page: Page; problems: string[]; requests: string[] }> {
    const page = await browser.newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('request', (request) => requests.push(request.url()));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    const response = await page.goto(`${cms.url}/${ADMIN_DIR}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(ADMIN_CONTENT_SECURITY_POLICY);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    // The local backend's sign-in is one button, no account.
    await page.getByRole('button', { name: /login/i }).click(WAIT);
    await page.getByRole('link', { name: /^skills$/i }).first().waitFor(WAIT);
    return { page, problems, requests };
  }

  const skillFiles = () => readdirSync(join(repo, 'content/skills'), { recursive: true }).map(String).filter((file) => file.endsWith('.md')).sort();

  it('creates a skill through the form: the file holds what was typed, checks clean and builds', async () => {
    const { page, problems, requests } = await openEditor();
    await page.goto(`${cms.url}/${ADMIN_DIR}/#/collections/skills/new`);
    await page.locator('[id^="title-field"]').fill('Price Probe Interviews', WAIT);
    await page.locator('[id^="author-field"]').fill('Ann Editor');
    await page.locator('[id^="clusters-field"]').click();
    await page.keyboard.type('Set prices');
    await page.keyboard.press('Enter');
    await page.locator('[id^="kind-field"]').click();
    await page.keyboard.type('reference');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Add you get/i }).click();
    await page.locator('[id^="item-field"]').last().fill('A list of interview questions about price');
    await page.locator('[contenteditable="true"]').click();
    await page.keyboard.type('How to ask about price without leading the answer.');

    // The preview is the site's skill page, drawn with its stylesheet, as the form changes.
    const preview = page.frameLocator('iframe').first();
    await expect.poll(() => preview.locator('h1').textContent(), WAIT).toBe('Price Probe Interviews');
    expect(await preview.locator('p.byline').textContent()).toBe('by Ann Editor');
    expect(await preview.locator('.item').count()).toBe(1);
    const stylesheets = await preview.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(stylesheets.some((href) => /^\/assets\/site\.[0-9a-f]+\.css$/.test(href ?? ''))).toBe(true);

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Publish now').click();
    const file = join(repo, 'content/skills', `${SLUG}.md`);
    await expect.poll(() => existsSync(file), WAIT).toBe(true);

    const text = readFileSync(file, 'utf8');
    const [, matter, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!;
    expect(parse(matter)).toEqual({
      title: 'Price Probe Interviews',
      author: 'Ann Editor',
      problem: null,
      outcome: null,
      summary: null,
      clusters: ['pricing'],
      kind: 'reference',
      commands: [],
      you_get: ['A list of interview questions about price'],
      wont_do: [],
      source: null,
      draft: false,
    });
    expect(body.trim()).toBe('How to ask about price without leading the answer.');

    // `npm run check` and the build, over the copy the editor wrote into.
    await expect(checkContent(join(repo, 'content'))).resolves.toBeTruthy();
    const out = join(work, 'dist');
    await build({ contentDir: join(repo, 'content'), outDir: out, constantsFile: null });
    expect(readFileSync(join(out, 'skills', `${SLUG}.html`), 'utf8')).toContain('Price Probe Interviews');

    expect(problems).toEqual([]);
    // Everything came from this origin: no CDN, no other host.
    expect(requests.filter((url) => !url.startsWith(cms.url) && !url.startsWith('data:') && !url.startsWith('blob:') && url !== 'about:blank')).toEqual([]);
    await page.close();
  }, 240_000);

  it('refuses to save a skill without its required title, and writes nothing', async () => {
    const before = skillFiles();
    const { page, problems } = await openEditor();
    await page.goto(`${cms.url}/${ADMIN_DIR}/#/collections/skills/new`);
    await page.locator('[id^="author-field"]').fill('Nobody', WAIT);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Publish now').click();
    await page.getByText(/missed a required field/i).waitFor(WAIT);
    await expect.poll(() => page.getByText(/title is required/i).count(), WAIT).toBeGreaterThan(0);
    expect(skillFiles()).toEqual(before);
    // Decap stops the save by rejecting it with no reason at all (an unhandled rejection of
    // `undefined`); anything else, a CSP violation above all, is a problem.
    expect(problems.filter((problem) => problem !== 'page error: undefined')).toEqual([]);
    await page.close();
  }, 240_000);

  it('loads only files of this deploy from /admin/: the measured size of what the editor loads', async () => {
    const { page, requests } = await openEditor();
    const own = [...new Set(requests.filter((url) => new URL(url).pathname.startsWith(`/${ADMIN_DIR}/`) && !url.includes('/api/')))];
    const sizes = own.map((url) => {
      const bytes = readFileSync(join(DIST, new URL(url).pathname === `/${ADMIN_DIR}/` ? `${ADMIN_DIR}/index.html` : new URL(url).pathname));
      return { path: new URL(url).pathname, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
    const total = sizes.reduce((sum, file) => ({ bytes: sum.bytes + file.bytes, gzip: sum.gzip + file.gzip }), { bytes: 0, gzip: 0 });
    console.log(`/admin/ loads ${sizes.length} files: ${total.bytes} bytes minified, ${total.gzip} bytes gzipped (level 9)\n${sizes.map((file) => `  ${file.path} ${file.bytes} / ${file.gzip}`).join('\n')}`);
    expect(sizes.map((file) => file.path)).toEqual(expect.arrayContaining([`/${ADMIN_DIR}/config.yml`, expect.stringMatching(/decap-cms\.js$/)]));
    await page.close();
  }, 240_000);
});
