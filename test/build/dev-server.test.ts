/**
 * `npm run dev` end to end: the real command (scripts/dev.ts) in a child process on a free loopback
 * port, over a copy of the sample content, building into a temporary folder with its own cache, so
 * neither the project's content/ nor its dist/ is touched. An editor's loop: edit a skill and see
 * the page change over HTTP, with a reload event; break the front matter and see the error page,
 * the same problem in JSON and in the terminal, the last good build still served and still on disk;
 * fix it and see the page again. It answers only requests that name it (or an allowed host) and
 * come from no other site's page, the event stream included. Every wait is bounded and fails when
 * it runs out.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../build/index.ts';
import { DEV_PATHS } from '../../dev/live-reload.ts';
import { runBuild, sameTree, treeOf } from '../helpers/build-process.ts';
import { startDev, WAIT_MS } from '../helpers/dev-server.ts';
import type { DevProcess } from '../helpers/dev-server.ts';
import { httpRequest } from '../helpers/http.ts';

const SKILL = 'shape-up';

const work = mkdtempSync(join(tmpdir(), 'dev-server-'));
const content = join(work, 'content');
const out = join(work, 'out');
const skillFile = join(content, 'skills', `${SKILL}.md`);
const original = readFileSync(join(PROJECT_ROOT, 'content', 'skills', `${SKILL}.md`), 'utf8');

let dev: DevProcess;
let base = '';

const page = async () => {
  const response = await fetch(`${base}/skills/${SKILL}`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};

const setTitle = (title: string) => writeFileSync(skillFile, original.replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`));

beforeAll(async () => {
  cpSync(join(PROJECT_ROOT, 'content'), content, { recursive: true });
  dev = await startDev({ args: ['--content', content, '--out', out, '--cache', join(work, 'cache'), '--allowed-host', 'editor.test'] });
  base = dev.base;
}, 120_000);

afterAll(async () => {
  await dev?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** The status and type the event stream answers with these headers; the stream itself is closed at once. */
function streamAnswer(headers: Record<string, string>): Promise<{ status: number; type: string | undefined }> {
  const url = new URL(`${base}${DEV_PATHS.events}`);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers, agent: false, timeout: WAIT_MS }, (res) => {
      resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] });
      res.destroy();
    });
    req.on('timeout', () => req.destroy(new Error(`${DEV_PATHS.events}: no answer within ${WAIT_MS / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
}

describe('npm run dev', () => {
  it('listens on loopback and serves the built pages with the live-reload script', async () => {
    const { status, type, text } = await page();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    expect(text).toContain('Shape Up: six-week cycles');
    expect(text).toContain(`<script src="${DEV_PATHS.script}" defer></script></head>`);
    const script = await fetch(`${base}${DEV_PATHS.script}`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain(`new EventSource("${DEV_PATHS.events}")`);
  });

  it('refuses a foreign Host with 403 on GET, POST and the event stream, saying how to allow it', async () => {
    const port = new URL(base).port;
    const host = `evil.example:${port}`;
    const replies = [
      await httpRequest(`${base}/skills/${SKILL}`, { headers: { host } }),
      await httpRequest(`${base}${DEV_PATHS.status}`, { headers: { host } }),
      await httpRequest(`${base}/mcp`, { method: 'POST', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }),
    ];
    for (const reply of replies) {
      expect([reply.path, reply.status, reply.headers['content-type']]).toEqual([reply.path, 403, 'text/plain; charset=utf-8']);
      expect(reply.text).toContain('`npm run dev -- --allowed-host evil.example`');
      expect(reply.text).not.toContain('Shape Up');
    }
    expect(await streamAnswer({ host })).toEqual({ status: 403, type: 'text/plain; charset=utf-8' });
  });

  it('refuses a page of another site, and answers its own names and the host allowed with --allowed-host', async () => {
    const port = new URL(base).port;
    const origin = 'http://evil.example';
    expect((await httpRequest(`${base}/catalog.json`, { headers: { host: `127.0.0.1:${port}`, origin } })).status).toBe(403);
    expect(await streamAnswer({ host: `127.0.0.1:${port}`, origin })).toMatchObject({ status: 403 });
    for (const host of [`localhost:${port}`, `[::1]:${port}`, 'editor.test', `editor.test:${port}`]) {
      expect((await httpRequest(`${base}/skills/${SKILL}`, { headers: { host } })).status, host).toBe(200);
      expect(await streamAnswer({ host }), host).toEqual({ status: 200, type: 'text/event-stream' });
    }
    // An MCP client is a program, with no Origin: the read-only API still answers it.
    const mcp = await httpRequest(`${base}/mcp`, { method: 'POST', headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    expect(mcp.status).toBe(200);
  });

  it('serves files with the headers dist/_headers gives them, and never lets the browser keep a stale one', async () => {
    const response = await fetch(`${base}/skills/${SKILL}.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${base}/skills/`)).status).toBe(200);
  });

  it('runs the functions in-process: catalogue, search, payment health, JSON and HTML 404s, the /v1 rewrite', async () => {
    const catalog = await fetch(`${base}/catalog.json?limit=1`);
    expect(catalog.status).toBe(200);
    expect(((await catalog.json()) as { skills: unknown[] }).skills).toHaveLength(1);
    const versioned = await fetch(`${base}/v1/catalog.json?cluster=ideas`);
    expect(versioned.status).toBe(200);
    const search = await fetch(`${base}/search.json?q=shape`);
    expect(search.status).toBe(200);
    expect(JSON.stringify(await search.json())).toContain(SKILL);
    const health = await fetch(`${base}/api/public/health/payment`);
    expect(health.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await health.json()).toHaveProperty('status');
    const missingJson = await fetch(`${base}/skills/no-such-skill.json`);
    expect([missingJson.status, missingJson.headers.get('content-type')]).toEqual([404, 'application/json; charset=utf-8']);
    expect(((await missingJson.json()) as { code: string }).code).toBe('not_found');
    const missingPage = await fetch(`${base}/skills/no-such-skill`);
    expect(missingPage.status).toBe(404);
    expect(await missingPage.text()).toContain(DEV_PATHS.script);
  });

  it('writes what npm run build writes: the script is added when serving, never on disk', async () => {
    const reference = join(work, 'reference');
    await runBuild(['--content', content, '--out', reference, '--no-cache', '--quiet']);
    expect(sameTree(treeOf(out), treeOf(reference))).toBe(true);
    expect(readFileSync(join(out, 'skills', `${SKILL}.html`), 'utf8')).not.toContain(DEV_PATHS.script);
  }, 120_000);

  it('rebuilds on save: the page and the catalogue change, and open pages get a reload event', async () => {
    const seen = dev.events.events.length;
    setTitle('Shape Up, edited live');
    const reload = await dev.events.next('reload', seen);
    expect(reload.data.ms).toEqual(expect.any(Number));
    const text = await dev.waitFor('the edited title on the page', async () => {
      const { status, text } = await page();
      return status === 200 && text.includes('Shape Up, edited live') ? text : undefined;
    });
    expect(text).not.toContain('Shape Up: six-week cycles');
    const catalog = (await (await fetch(`${base}/catalog.json`)).json()) as { skills: { slug: string; title: string }[] };
    expect(catalog.skills.find((skill) => skill.slug === SKILL)?.title).toBe('Shape Up, edited live');
  });

  it('keeps serving the last good build while a file is broken, with the error on every page, in JSON and in the terminal', async () => {
    const before = treeOf(out);
    const seen = dev.events.events.length;
    const broken = original.replace(/^title: .*$/m, 'title: [Shape Up');
    const line = broken.split('\n').findIndex((text) => text.startsWith('title: [')) + 1;
    writeFileSync(skillFile, broken);
    const failed = await dev.events.next('failed', seen);
    expect(failed.data.failure).toMatchObject({ kind: 'content' });

    const where = `skills/${SKILL}.md:${line}`;
    const errorPage = await dev.waitFor('the error page', async () => {
      const { status, text } = await page();
      return status === 500 ? text : undefined;
    });
    expect(errorPage).toContain(where);
    expect(errorPage).toContain('the [ that opens this list is never closed');
    expect(errorPage).toContain(`<script src="${DEV_PATHS.script}" defer></script>`);
    expect((await fetch(`${base}/`)).status).toBe(500);

    const status = (await (await fetch(`${base}${DEV_PATHS.status}`)).json()) as { ok: boolean; failure: { problems: { file: string; line: number }[] } };
    expect(status.ok).toBe(false);
    expect(status.failure.problems).toEqual([expect.objectContaining({ file: expect.stringMatching(new RegExp(`skills/${SKILL}\\.md$`)), line })]);
    await dev.waitFor('the problem in the terminal', async () => (dev.terminal().includes(where) && dev.terminal().includes('still serving the last good build') ? true : undefined));

    // The API keeps answering from the last good build, which stays on disk as it was.
    const catalog = await fetch(`${base}/catalog.json?limit=1`);
    expect(catalog.status).toBe(200);
    expect(sameTree(treeOf(out), before)).toBe(true);
  });

  it('shows the page again once the file is fixed', async () => {
    const seen = dev.events.events.length;
    setTitle('Shape Up, fixed');
    await dev.events.next('reload', seen);
    await dev.waitFor('the page with the fixed title', async () => {
      const { status, text } = await page();
      return status === 200 && text.includes('Shape Up, fixed') ? true : undefined;
    });
    expect(((await (await fetch(`${base}${DEV_PATHS.status}`)).json()) as { ok: boolean }).ok).toBe(true);
  });

  it('never dies while the output folder is swapped: it is still serving after every rebuild', async () => {
    expect(dev.child.exitCode).toBeNull();
    expect((await page()).status).toBe(200);
  });

  it('stops on Ctrl-C (SIGINT), with its build and functions', async () => {
    dev.child.kill('SIGINT');
    const code = await dev.waitFor('the server to exit', async () => (dev.child.exitCode !== null ? dev.child.exitCode : undefined));
    expect(code).toBe(0);
    await expect(fetch(`${base}/`)).rejects.toThrow();
  });
});
