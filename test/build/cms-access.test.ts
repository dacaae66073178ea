/**
 * `npm run cms`'s server over HTTP, as a hostile page would call it: on a scratch copy of the
 * project (content/, package.json, build code and a git repository with its hooks), never the
 * project itself. A foreign Host, another site's Origin, a write that is not same-origin JSON, and
 * every path that leaves content/ (`..`, absolute, encoded, through a symbolic link), in every
 * field of every call, are refused and change nothing: the whole copy is compared byte for byte
 * before and after. The editor's own calls still read and write content/. And `--host 0.0.0.0`
 * is refused before anything listens.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../build/index.ts';
import { EDITOR_ROOT, LOCAL_BACKEND_PATH } from '../../site/admin-config.ts';
import { startCms } from '../../scripts/cms-server.ts';
import type { CmsServer } from '../../scripts/cms-server.ts';
import { treeOf } from '../helpers/build-process.ts';
import { DIST } from '../helpers/dist.ts';
import { httpRequest } from '../helpers/http.ts';
import type { Reply } from '../helpers/http.ts';

const work = mkdtempSync(join(tmpdir(), 'cms-access-'));
const repo = join(work, 'repo');
let cms: CmsServer;
let port: string;

const OPTIONS = { commitMessage: 'x', collectionName: 'skills', useWorkflow: false, status: 'draft' };
/** The request that wrote a git hook before: Decap's save, with a path of the attacker's. */
const persist = (path: string, extra: Record<string, unknown> = {}) => ({
  action: 'persistEntry',
  params: { branch: 'main', entry: { slug: 'x', path, raw: '#!/bin/sh\necho owned\n', ...extra }, assets: [], options: OPTIONS },
});

/** A backend call from the editor's own page, unless `headers` says otherwise (undefined: not sent). */
const call = (body: unknown, headers: Record<string, string | undefined> = {}): Promise<Reply> => httpRequest(`${cms.url}${LOCAL_BACKEND_PATH}`, {
  method: 'POST',
  headers: Object.fromEntries(Object.entries({ host: `127.0.0.1:${port}`, origin: cms.url, 'content-type': 'application/json', ...headers })
    .filter((header): header is [string, string] => header[1] !== undefined)),
  body: JSON.stringify(body),
});

/** Runs `act`, then expects the copy byte for byte as it was: nothing written, moved or deleted. */
async function changesNothing(act: () => Promise<void>): Promise<void> {
  const before = treeOf(repo);
  await act();
  const after = treeOf(repo);
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  expect([...before].filter(([path, bytes]) => !after.get(path)!.equals(bytes)).map(([path]) => path)).toEqual([]);
}

beforeAll(async () => {
  cpSync(join(PROJECT_ROOT, EDITOR_ROOT), join(repo, EDITOR_ROOT), { recursive: true });
  cpSync(join(PROJECT_ROOT, 'package.json'), join(repo, 'package.json'));
  cpSync(join(PROJECT_ROOT, 'build/index.ts'), join(repo, 'build/index.ts'));
  execFileSync('git', ['init', '--quiet', repo]);
  // A hook the attacker would replace, and links inside content/ that lead out of it.
  mkdirSync(join(repo, '.git/hooks'), { recursive: true });
  writeFileSync(join(repo, '.git/hooks/pre-commit'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  symlinkSync(repo, join(repo, EDITOR_ROOT, 'outside'));
  symlinkSync('../../package.json', join(repo, EDITOR_ROOT, 'skills/linked.md'));
  symlinkSync(join(repo, '.git/hooks'), join(repo, EDITOR_ROOT, 'skills/hooks'));
  cms = await startCms({ distDir: DIST, repoDir: repo, allowedHosts: ['editor.test'] });
  port = new URL(cms.url).port;
}, 60_000);

afterAll(async () => {
  await cms?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run cms: who may call it', () => {
  it('refuses a foreign Host on GET and POST with 403 and a plain message saying how to allow it', async () => {
    for (const reply of [
      await httpRequest(`${cms.url}/`, { headers: { host: `evil.example:${port}` } }),
      await httpRequest(`${cms.url}/admin/`, { headers: { host: `evil.example:${port}` } }),
      await call({ action: 'info' }, { host: `evil.example:${port}`, origin: `http://evil.example:${port}` }),
    ]) {
      expect(reply.status, reply.path).toBe(403);
      expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(reply.text).toContain('`npm run cms -- --allowed-host evil.example`');
    }
    expect((await httpRequest(`${cms.url}/`, { headers: { host: `localhost:${port}` } })).status).toBe(200);
    expect((await httpRequest(`${cms.url}/`, { headers: { host: 'editor.test' } })).status).toBe(200);
  });

  it('refuses the request that wrote a git hook (a DNS-rebinding page\'s own Host and Origin), and every file stays as it was', async () => {
    await changesNothing(async () => {
      const reply = await call(persist('.git/hooks/pre-commit'), { host: `evil.example:${port}`, origin: `http://evil.example:${port}` });
      expect(reply.status).toBe(403);
    });
    expect(readFileSync(join(repo, '.git/hooks/pre-commit'), 'utf8')).toBe('#!/bin/sh\nexit 0\n');
  });

  it('refuses a write from another site\'s page, a write that is not JSON, and one that does not say where it comes from', async () => {
    await changesNothing(async () => {
      const body = persist(`${EDITOR_ROOT}/skills/cross-site.md`);
      const replies = {
        'cross-site Origin': await call(body, { origin: 'http://evil.example' }),
        'another local origin': await call(body, { origin: `http://localhost:${port}` }),
        'text/plain': await call(body, { 'content-type': 'text/plain' }),
        'form': await call(body, { 'content-type': 'application/x-www-form-urlencoded' }),
        'no Origin, cross-site': await call(body, { origin: undefined, 'sec-fetch-site': 'cross-site' }),
        'no Origin at all': await call(body, { origin: undefined }),
      };
      for (const [what, reply] of Object.entries(replies)) expect([what, reply.status, reply.headers['content-type']]).toEqual([what, 403, 'text/plain; charset=utf-8']);
    });
  });
});

describe('npm run cms: the editor writes content/ only', () => {
  const ESCAPES = [
    '.git/hooks/pre-commit', 'package.json', '../package.json', `${EDITOR_ROOT}/../package.json`, `${EDITOR_ROOT}/skills/../../build/index.ts`,
    join(repo, 'package.json'), `/${EDITOR_ROOT}/skills/x.md`, `${EDITOR_ROOT}/%2e%2e/package.json`, `${EDITOR_ROOT}%2F..%2Fpackage.json`,
    `${EDITOR_ROOT}/%252e%252e/package.json`, `${EDITOR_ROOT}\\..\\package.json`,
    `${EDITOR_ROOT}/outside/package.json`, `${EDITOR_ROOT}/outside/.git/hooks/pre-commit`, `${EDITOR_ROOT}/skills/linked.md`, `${EDITOR_ROOT}/skills/hooks/pre-commit`,
  ];
  const writes = (path: string) => [
    persist(path), persist(`${EDITOR_ROOT}/skills/shape-up.md`, { newPath: path }),
    { ...persist(`${EDITOR_ROOT}/skills/escape-asset.md`), params: { ...persist(`${EDITOR_ROOT}/skills/escape-asset.md`).params, assets: [{ path, content: 'b3duZWQ=', encoding: 'base64' }] } },
    { action: 'persistMedia', params: { branch: 'main', asset: { path, content: 'b3duZWQ=', encoding: 'base64' }, options: { commitMessage: 'x' } } },
    { action: 'deleteFile', params: { branch: 'main', path, options: { commitMessage: 'x' } } },
    { action: 'deleteFiles', params: { branch: 'main', paths: [`${EDITOR_ROOT}/skills/shape-up.md`, path], options: { commitMessage: 'x' } } },
  ];
  const reads = (path: string) => [
    { action: 'getEntry', params: { branch: 'main', path } },
    { action: 'entriesByFiles', params: { branch: 'main', files: [{ path }] } },
    { action: 'entriesByFolder', params: { branch: 'main', folder: path, extension: 'json', depth: 1 } },
    { action: 'getMediaFile', params: { branch: 'main', path } },
    { action: 'getMedia', params: { branch: 'main', mediaFolder: path } },
  ];

  it.each(ESCAPES)('refuses %j in every path of every write, with a JSON reason, and writes nothing', async (path) => {
    await changesNothing(async () => {
      for (const body of writes(path)) {
        const reply = await call(body);
        expect([reply.status, reply.headers['content-type']], JSON.stringify(body)).toEqual([403, 'application/json; charset=utf-8']);
        expect((JSON.parse(reply.text) as { error: string }).error).toMatch(/^(params\.|content\/)/);
      }
    });
  });

  it.each(ESCAPES)('refuses to read %j', async (path) => {
    for (const body of reads(path)) {
      const reply = await call(body);
      expect(reply.status, JSON.stringify(body)).toBe(403);
      expect(reply.text).not.toContain('skill-catalogue');
    }
  });

  it('carries out the editor\'s own calls inside content/, with its paths as the repository names them', async () => {
    const file = join(repo, EDITOR_ROOT, 'skills/own-call.md');
    const outside = new Map([...treeOf(repo)].filter(([path]) => !path.startsWith(`${EDITOR_ROOT}/`)));
    expect((await call(persist(`${EDITOR_ROOT}/skills/own-call.md`))).status).toBe(200);
    expect(readFileSync(file, 'utf8')).toBe('#!/bin/sh\necho owned\n');
    const entry = await call({ action: 'getEntry', params: { branch: 'main', path: `${EDITOR_ROOT}/skills/own-call.md` } });
    expect(JSON.parse(entry.text)).toMatchObject({ data: '#!/bin/sh\necho owned\n', file: { path: `${EDITOR_ROOT}/skills/own-call.md` } });
    const listed = JSON.parse((await call({ action: 'entriesByFolder', params: { branch: 'main', folder: `${EDITOR_ROOT}/skills`, extension: 'md', depth: 1 } })).text) as { file: { path: string } }[];
    expect(listed.map((one) => one.file.path)).toContain(`${EDITOR_ROOT}/skills/own-call.md`);
    expect((await call({ action: 'deleteFile', params: { branch: 'main', path: `${EDITOR_ROOT}/skills/own-call.md`, options: { commitMessage: 'x' } } }, { origin: undefined, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect(new Map([...treeOf(repo)].filter(([path]) => !path.startsWith(`${EDITOR_ROOT}/`)))).toEqual(outside);
  });
});

describe('npm run cms -- --host 0.0.0.0', () => {
  it('refuses to share the editor on a network, before it builds or listens', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/cms.ts', '--host', '0.0.0.0', '--port', '0'], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^--host 0\.0\.0\.0: the editor listens on this machine only .*anyone who reached it could write content\//);
    expect(run.stdout).toBe('');
  });
});
