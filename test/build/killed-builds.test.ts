/**
 * Builds killed with SIGKILL at random moments, many times, with a cold cache and a warm one: after
 * every kill dist/ is, file for file, either the previous complete build or the new one, and the
 * next build that runs to its end leaves nothing else behind. The moments come from a seeded
 * generator (KILL_SEED to replay a run), spread over each build's working time, measured from its
 * first line of output so that the start-up of Node does not take the kills.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, PROJECT_ROOT } from '../../build/index.ts';
import { BUILD_ENV, runBuild, sameTree, spawnBuild, treeOf } from '../helpers/build-process.ts';
import cacheLocation from '../../build/cache-location.json' with { type: 'json' };

const SEED = Number(process.env.KILL_SEED ?? 20260101);
const KILLS = Number(process.env.KILL_COUNT ?? 30);

/** mulberry32: small, seeded, good enough to spread kills. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Version = 'a' | 'b';

let root: string;
let work: string;
const content = (version: Version) => join(root, `content-${version}`);
const reference = (version: Version) => join(root, `reference-${version}`);
const references = new Map<Version, Map<string, Buffer>>();
const dist = () => join(work, 'dist');
const cache = () => join(work, 'cache');

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'killed-builds-'));
  work = join(root, 'work');
  cpSync(join(PROJECT_ROOT, 'content'), content('a'), { recursive: true });
  cpSync(content('a'), content('b'), { recursive: true });
  // Version b: a body edited, a title changed (the overview and bundles change), a skill drafted
  // (its files are gone).
  const skills = readdirSync(join(content('b'), 'skills')).filter((name) => name.endsWith('.md')).sort();
  const edit = (name: string, change: (text: string) => string) => {
    const path = join(content('b'), 'skills', name);
    writeFileSync(path, change(readFileSync(path, 'utf8')));
  };
  edit(skills[0], (text) => `${text}\nA paragraph only version b has.\n`);
  edit(skills[1], (text) => text.replace(/^title: .*$/m, 'title: "Retitled in version b"'));
  edit(skills[2], (text) => text.replace(/^---\n/, '---\ndraft: true\n'));
  for (const version of ['a', 'b'] as const) {
    await build({ contentDir: content(version), outDir: reference(version), cacheDir: null, threads: 1, env: BUILD_ENV });
    references.set(version, treeOf(reference(version)));
  }
  expect(sameTree(references.get('a')!, references.get('b')!)).toBe(false);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const buildArgs = (version: Version) => ['--content', content(version), '--out', dist(), '--cache', cache(), '--threads', '1'];

/** Which complete build dist/ is; fails when it is neither. */
function versionInDist(): Version {
  const tree = treeOf(dist());
  const match = (['a', 'b'] as const).find((version) => sameTree(tree, references.get(version)!));
  if (!match) {
    const a = references.get('a')!;
    const differing = [...new Set([...tree.keys(), ...a.keys()])].filter((path) => !tree.get(path)?.equals(a.get(path)!)).slice(0, 10);
    throw new Error(`dist/ is neither complete build (${tree.size} files; differs from version a at ${differing.join(', ')})`);
  }
  return match;
}

function expectNothingLeftOver(version: Version): void {
  expect(versionInDist()).toBe(version);
  expect(readdirSync(work).sort()).toEqual(['cache', 'dist', 'dist.function-constants.json']);
  expect(readFileSync(join(work, 'dist.function-constants.json'), 'utf8')).toBe(readFileSync(`${reference(version)}.function-constants.json`, 'utf8'));
  const strays = readdirSync(cache(), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.tmp'));
  expect(strays).toEqual([]);
}

describe('a build killed at a random moment', () => {
  it(`leaves the previous or the new complete dist/, ${KILLS} times, cold and cached (seed ${SEED})`, { timeout: 600_000 }, async () => {
    const next = random(SEED);
    let current: Version = 'a';
    await runBuild([...buildArgs(current), '--quiet']);
    expectNothingLeftOver(current);

    // How long a build works once it has started (its first line), to spread the kills over it.
    const timing = spawnBuild(buildArgs('b'));
    await timing.started;
    const startedAt = performance.now();
    await timing.done;
    const workMs = performance.now() - startedAt;
    current = versionInDist();

    const outcomes = { previous: 0, new: 0 };
    for (let kill = 0; kill < KILLS; kill++) {
      const cold = kill < KILLS / 2;
      if (cold) rmSync(cache(), { recursive: true, force: true });
      const target: Version = current === 'a' ? 'b' : 'a';
      const run = spawnBuild(buildArgs(target));
      await run.started;
      const delay = next() * workMs * 1.2;
      await new Promise((resolve) => setTimeout(resolve, delay));
      run.child.kill('SIGKILL');
      await run.done;

      const found = versionInDist();
      outcomes[found === current ? 'previous' : 'new'] += 1;
      current = found;

      // Every few kills, and after the last, a build that runs to its end cleans up after them.
      if (kill % 10 === 9 || kill === KILLS - 1) {
        current = current === 'a' ? 'b' : 'a';
        await runBuild([...buildArgs(current), '--quiet']);
        expectNothingLeftOver(current);
      }
    }
    console.log(`${KILLS} kills (seed ${SEED}, spread over ${workMs.toFixed(0)} ms of work): ${outcomes.previous} left the previous build, ${outcomes.new} the new one`);
  });
});

describe('a deploy that starts from the last published folder, killed at a random moment', () => {
  const KEPT_KILLS = Math.max(1, Math.round(KILLS / 3));
  /** What the cache plugin does between two deploys: dist/ moved into the build cache, whole. */
  const keep = () => renameSync(dist(), join(cache(), cacheLocation.lastDist));

  it(`leaves no dist/ or the new complete one, and the next build ends complete, ${KEPT_KILLS} times (seed ${SEED})`, { timeout: 600_000 }, async () => {
    const next = random(SEED + 1);
    let current: Version = 'a';
    // A Netlify machine starts with no dist/: the build retires none into the cache.
    rmSync(dist(), { recursive: true, force: true });
    rmSync(cache(), { recursive: true, force: true });
    await runBuild([...buildArgs(current), '--quiet']);
    keep();
    const timing = spawnBuild(buildArgs('b'));
    await timing.started;
    const startedAt = performance.now();
    await timing.done;
    const workMs = performance.now() - startedAt;
    current = 'b';
    expectNothingLeftOver(current);

    for (let kill = 0; kill < KEPT_KILLS; kill++) {
      keep();
      const target: Version = current === 'a' ? 'b' : 'a';
      const run = spawnBuild(buildArgs(target));
      await run.started;
      await new Promise((resolve) => setTimeout(resolve, next() * workMs * 1.2));
      run.child.kill('SIGKILL');
      await run.done;
      // The kept folder is the new output folder from its rename on: a kill leaves no dist/ (the
      // deploy fails, nothing is published) or the new build whole, never a mix.
      if (existsSync(dist())) expect(versionInDist()).toBe(target);
      // The next deploy, with or without the kept folder, publishes the new build whole.
      if (existsSync(dist())) keep();
      await runBuild([...buildArgs(target), '--quiet']);
      expectNothingLeftOver(target);
      current = target;
    }
  });
});
