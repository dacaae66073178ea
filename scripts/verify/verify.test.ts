/**
 * `npm run verify` can fail: run as a process against small servers on 127.0.0.1 that answer
 * wrongly, answer nothing or never finish, it exits non-zero and names the failing rows.
 */
import { createServer } from 'node:http';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { describeRows, runVerify } from '../../test/helpers/verify-cli.ts';

const servers: Server[] = [];

async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  })));
});

describe('verify against a site that answers wrongly', () => {
  /** A version.json without the header set, and an HTML "Not Found" for everything else. */
  const wrongSite = (base: () => string): RequestListener => (request, response) => {
    if (request.url === '/version.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ 'x-build-version': '1.0.0+wrong', 'x-base-url': base() }));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end(request.method === 'HEAD' ? undefined : '<h1>Not Found</h1>');
  };

  it('exits 1 and names each failing check with its URL and what was wrong', async () => {
    let base = '';
    base = await serve(wrongSite(() => base));
    const run = await runVerify([base, '--max', '2']);
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    const failing = run.rows.filter((row) => row.result === 'FAIL');
    const failed = (check: string, url: string) => failing.find((row) => row.check === check && row.url === url);
    expect(failed('version.json', '/version.json')?.detail, describeRows(failing)).toContain('header api-version: expected "1", got none');
    expect(failed('catalogue', '/catalog.json')?.detail).toContain('status: expected 200, got 404');
    expect(failed('JSON 404', '/verify-no-such-document.json')?.detail).toContain('header content-type: expected application/json, got "text/html"');
    expect(failed('CORS preflight', '/catalog.json')?.detail).toContain('status: expected 204, got 404');
    expect(failed('payment health', '/api/public/health/payment')?.detail).toContain('status: expected 200 or 503, got 404');
    expect(failed('sitemap.xml', '/sitemap.xml')?.detail).toContain('status: expected 200, got 404');
    expect(run.stdout).toMatch(/\d+ checks \(\d+ requests\): \d+ passed, [1-9]\d* failed/);
  });

  it('reads a sitemap index at /sitemap.xml, and the pages of each urlset it lists', async () => {
    let base = '';
    const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
    const ns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
    const files: Record<string, string> = {
      '/sitemap.xml': xml(`<sitemapindex ${ns}><sitemap><loc>BASE/sitemap-0.xml</loc></sitemap><sitemap><loc>BASE/sitemap-1.xml</loc></sitemap></sitemapindex>`),
      '/sitemap-0.xml': xml(`<urlset ${ns}><url><loc>BASE/</loc></url><url><loc>BASE/skills/a</loc></url></urlset>`),
      '/sitemap-1.xml': xml(`<urlset ${ns}><url><loc>BASE/skills/b</loc></url></urlset>`),
    };
    const wrong = wrongSite(() => base);
    base = await serve((request, response) => {
      const file = files[request.url ?? ''];
      if (file === undefined) return wrong(request, response);
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(file.replaceAll('BASE', base));
    });
    const run = await runVerify([base, '--max', '1']);
    const row = run.rows.find((candidate) => candidate.check === 'sitemap.xml' && candidate.url === '/sitemap.xml');
    expect(row, describeRows(run.rows)).toEqual(expect.objectContaining({ result: 'pass', detail: '3 pages listed in 2 sitemaps' }));
  });

  it('exits 1 when nothing listens, with the reason on the version.json row', async () => {
    const base = await serve(() => {});
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const run = await runVerify([base]);
    expect(run.exitCode).toBe(1);
    expect(run.rows).toEqual([expect.objectContaining({ check: 'version.json', result: 'FAIL', detail: expect.stringContaining('ECONNREFUSED') })]);
  });

  it('gives up on an answer that never ends after --timeout, and says so', async () => {
    const base = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{');
    });
    const run = await runVerify([base, '--timeout', '0.5']);
    expect(run.exitCode).toBe(1);
    expect(run.rows).toEqual([expect.objectContaining({ check: 'version.json', result: 'FAIL', detail: expect.stringContaining('no complete answer within 0.5 s') })]);
  });

  it('sends a User-Agent naming the tool and the site it checks', async () => {
    const agents = new Set<string | undefined>();
    const base = await serve((request, response) => {
      agents.add(request.headers['user-agent']);
      response.writeHead(404).end();
    });
    await runVerify([base]);
    expect([...agents]).toEqual([expect.stringMatching(new RegExp(`^skill-catalogue-verify/\\d+\\.\\d+\\.\\d+ \\(\\+${base.replace(/[.]/g, '\\.')}\\)$`))]);
  });
});

describe('verify on a wrong command line', () => {
  it('exits 2 with the reason and the usage', async () => {
    const run = await runVerify(['https://example.com', '--max', '0']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--max: expected a whole number from 1, got "0"');
    expect(run.stderr).toContain('Usage: npm run verify');
    expect(run.rows).toEqual([]);
  });
});
