/**
 * A real browser on another origin reads the catalogue: headless Chromium loads a page from a
 * second loopback server (another port, so another origin), whose script fetches
 * `/catalog.json?limit=1` with If-None-Match (which forces a preflight) and reads x-build-version.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';
import { serverUrl } from '../helpers/server.ts';
import { distStamp } from '../helpers/dist.ts';

interface Seen {
  status: number;
  version: string | null;
  etag: string | null;
}

/** The page's script: two conditional fetches, the second with the tag the first got. */
function page(api: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another origin</title><link rel="icon" href="data:,"></head>
<body><script type="module">
  const url = ${JSON.stringify(`${api}/catalog.json?limit=1`)};
  const read = async (tag) => {
    const response = await fetch(url, { headers: { 'If-None-Match': tag }, cache: 'no-store' });
    await response.text();
    return { status: response.status, version: response.headers.get('x-build-version'), etag: response.headers.get('etag') };
  };
  try {
    const first = await read('"not-the-current-tag"');
    const second = await read(first.etag);
    window.__result = { first, second };
  } catch (error) {
    window.__result = { error: String(error) };
  }
</script></body></html>`;
}

describe('the catalogue from a page on another origin', () => {
  let pageServer: Server;
  let pageUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    pageServer = createServer((request, response) => {
      if (request.url !== '/') {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(serverUrl));
    });
    await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
    const { port } = pageServer.address() as { port: number };
    pageUrl = `http://127.0.0.1:${port}/`;
    browser = await chromium.launch(chromiumLaunchOptions());
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (pageServer ? pageServer.close(() => resolve()) : resolve()));
  });

  it('reads x-build-version through a preflighted conditional fetch, then gets 304 for the tag', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const problems: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    tab.on('pageerror', (error) => problems.push(String(error)));

    expect(new URL(pageUrl).origin).not.toBe(new URL(serverUrl).origin);
    await tab.goto(pageUrl);
    await tab.waitForFunction(() => (window as unknown as { __result?: unknown }).__result !== undefined, undefined, { timeout: 20_000 });
    const result = await tab.evaluate(() => (window as unknown as { __result: { first?: Seen; second?: Seen; error?: string } }).__result);
    await context.close();

    expect(result.error).toBeUndefined();
    const { buildVersion } = distStamp();
    expect(result.first).toMatchObject({ status: 200, version: buildVersion });
    expect(result.first!.etag).toMatch(/^"[^"]+"$/);
    expect(result.second).toMatchObject({ status: 304, version: buildVersion });
    expect(problems).toEqual([]);
  }, 60_000);
});
