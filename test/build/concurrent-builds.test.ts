/**
 * Two builds of the same output at once: the real build script in child processes. The second one
 * waits for the first (or, told not to wait, stops and names the lock and its holder), so dist/ is
 * always one build's complete output; a killed build's lock does not block the next one.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../build/index.ts';
import { acquireLock } from '../../build/lock.ts';
import { BUILD_ENV, expectSameTree, runBuild, sameTree, spawnBuild, treeOf } from '../helpers/build-process.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/content-small');

let root: string;
const content = (version: 'a' | 'b') => join(root, `content-${version}`);
const reference = (version: 'a' | 'b') => join(root, `reference-${version}`);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'concurrent-builds-'));
  cpSync(FIXTURE, content('a'), { recursive: true });
  cpSync(FIXTURE, content('b'), { recursive: true });
  const skill = join(content('b'), 'skills', 'alpha.md');
  writeFileSync(skill, `${readFileSync(skill, 'utf8')}\nOnly version b says this.\n`);
  for (const version of ['a', 'b'] as const) await build({ contentDir: content(version), outDir: reference(version), cacheDir: null, env: BUILD_ENV });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A fresh folder for one test's output and cache. */
const place = (name: string) => ({ out: join(root, name, 'dist'), cache: join(root, name, 'cache') });
const args = (version: 'a' | 'b', { out, cache }: { out: string; cache: string }) => ['--content', content(version), '--out', out, '--cache', cache];

describe('two builds of one output folder', () => {
  it('run one after the other when started together: dist/ is one complete build, with nothing left beside it', async () => {
    const where = place('together');
    const [first, second] = [spawnBuild(args('a', where)), spawnBuild(args('b', where))];
    const results = await Promise.all([first.done, second.done]);
    expect(results.map(({ code }) => code)).toEqual([0, 0]);
    const tree = treeOf(where.out);
    expect(sameTree(tree, treeOf(reference('a'))) || sameTree(tree, treeOf(reference('b')))).toBe(true);
    expect(readdirSync(join(root, 'together')).sort()).toEqual(['cache', 'dist', 'dist.function-constants.json']);
  });

  it('make the second wait while the first holds the lock, then build', async () => {
    const where = place('waits');
    const release = await acquireLock(`${where.out}.lock`);
    const waiting = spawnBuild(args('a', where));
    await waiting.started;
    // Its first line says whom it waits for; nothing is written meanwhile.
    expect(waiting.stdout().split('\n')[0]).toMatch(new RegExp(`^lock +waiting for build pid ${process.pid} on `));
    expect(existsSync(where.out)).toBe(false);
    release();
    expect((await waiting.done).code).toBe(0);
    expectSameTree(where.out, reference('a'));
  });

  it('stop the second at once with --lock-wait 0, naming the lock file and the holder pid, dist/ untouched', async () => {
    const where = place('stops');
    await runBuild(args('a', where));
    const release = await acquireLock(`${where.out}.lock`);
    try {
      const { code, stderr } = await spawnBuild([...args('b', where), '--lock-wait', '0']).done;
      expect(code).toBe(1);
      expect(stderr).toContain(`${where.out}.lock: held by build pid ${process.pid} on `);
      expect(stderr).toContain('Nothing was written.');
      expectSameTree(where.out, reference('a'));
    } finally {
      release();
    }
  });

  it('let the next build run at once when the holder was killed', async () => {
    const where = place('killed');
    const killed = spawnBuild(args('a', where));
    // Its first line comes once it holds the lock.
    await killed.started;
    killed.child.kill('SIGKILL');
    await killed.done;
    expect(existsSync(`${where.out}.lock`)).toBe(true);
    await runBuild([...args('b', where), '--lock-wait', '0']);
    expectSameTree(where.out, reference('b'));
    expect(existsSync(`${where.out}.lock`)).toBe(false);
  });
});

describe('the --lock-wait option', () => {
  it('refuses what is not a number of seconds', async () => {
    const { code, stderr } = await spawnBuild([...args('a', place('bad-wait')), '--lock-wait', 'soon']).done;
    expect(code).toBe(2);
    expect(stderr).toContain('--lock-wait: expected a number of seconds, 0 or more, got "soon"');
  });
});
