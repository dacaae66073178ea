/**
 * Reuse changes how fast dist/ is made, never what it holds: every build here is compared file by
 * file with a fresh build, without cache or workers, of the same content. A task is made again
 * exactly when its key moved (build/run/index.ts); everything else is kept or linked.
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, PROJECT_ROOT } from '../build/index.ts';
import { codeDigests } from '../build/code.ts';
import type { BuildOptions, BuildResult } from '../build/index.ts';
import { ContentError } from '../build/content-error.ts';
import { catalogueView, pageTasks, taskName } from '../site/pages/registry.ts';
import type { SkillPageInput } from '../site/pages/inputs.ts';
import { siteFrame } from '../build/emit/assets.ts';
import { KINDS } from '../build/emit/index.ts';
import type { TaskKind } from '../build/run/task.ts';
import { BATCH, IN_FLIGHT, liveWorkers, renderOnThreads, workerBundle } from '../build/run/pool.ts';
import { RECORD_FILE } from '../build/output.ts';
import { expectSameTree, treeOf } from './helpers/build-process.ts';
import cacheLocation from '../build/cache-location.json' with { type: 'json' };
import type { CatalogueModel } from '../site/model.ts';

const SAMPLE = join(import.meta.dirname, '../content');
const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' };

let root: string;
let content: string;
let cacheDir: string;
let runs = 0;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'incremental-'));
  content = join(root, 'content');
  cacheDir = join(root, 'cache');
  cpSync(SAMPLE, content, { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (outDir: string, options: BuildOptions = {}): Promise<BuildResult> =>
  build({ contentDir: content, outDir, constantsFile: null, env: ENV, ...options });

/** A build of the current content with nothing reused: no cache, one thread. */
async function fresh(): Promise<string> {
  const outDir = join(root, `fresh-${++runs}`);
  await run(outDir, { cacheDir: null, threads: 1 });
  return outDir;
}

const skillFile = (slug: string) => join(content, 'skills', `${slug}.md`);

/** The tasks a build made, by kind, from its log. */
function madeTasks(lines: readonly string[]): string {
  return lines.find((line) => line.startsWith('make '))!;
}

describe('reuse', () => {
  const outDir = () => join(root, 'dist');

  it('makes the same files on a cold build as a build without a cache', async () => {
    const { report } = await run(outDir(), { cacheDir });
    expect(report.kept + report.linked).toBe(0);
    expectSameTree(outDir(), await fresh());
  });

  it('makes nothing and writes no file when nothing changed', async () => {
    await run(outDir(), { cacheDir });
    const { report } = await run(outDir(), { cacheDir });
    expect(report.made).toBe(0);
    expect(report.written).toBe(0);
    expect(report.bodies).toBe(0);
    expectSameTree(outDir(), await fresh());
  });

  it('makes only the edited skill\'s page, and what shows its body, when a body changes', async () => {
    appendFileSync(skillFile('shape-up'), '\nA paragraph added by the test.\n');
    const lines: string[] = [];
    const { report } = await run(outDir(), { cacheDir, log: (line) => lines.push(line) });
    // One task: the skill's page, with its install page, made in its task.
    expect(report.pagesMade).toBe(2);
    expect(report.bodies).toBe(1);
    expect(madeTasks(lines)).toMatch(/\(2 of \d+ pages/);
    expectSameTree(outDir(), await fresh());
  });

  it('makes the overview and the listings again when a title changes, and not every page', async () => {
    const path = skillFile('badass-users');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^title: .*$/m, 'title: "Make your users badass, retitled"'));
    const { report } = await run(outDir(), { cacheDir });
    expect(report.pagesMade).toBeGreaterThan(1);
    expect(report.pagesMade).toBeLessThan(report.pages);
    expect(readFileSync(join(outDir(), 'index.html'), 'utf8')).toContain('Make your users badass, retitled');
    expectSameTree(outDir(), await fresh());
  });

  it('makes every page again when the shop is renamed, and parses no body: each comes from the cache', async () => {
    await run(outDir(), { cacheDir });
    const site = join(content, 'site.yaml');
    const text = readFileSync(site, 'utf8');
    writeFileSync(site, text.replace(/^name: (.*)$/m, 'name: $1 Renamed'));
    try {
      const { report } = await run(outDir(), { cacheDir });
      expect(report.pagesMade).toBe(report.pages);
      expect(report.bodies).toBe(0);
      expect(report.bodiesReused).toBeGreaterThan(0);
      expectSameTree(outDir(), await fresh());
    } finally {
      writeFileSync(site, text);
    }
  });

  it('removes the files of a skill that becomes a draft', async () => {
    const path = skillFile('jobs-to-be-done');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^---\n/, '---\ndraft: true\n'));
    await run(outDir(), { cacheDir });
    expect(existsSync(join(outDir(), 'skills/jobs-to-be-done.html'))).toBe(false);
    expect(existsSync(join(outDir(), 'v1/skills/jobs-to-be-done.json'))).toBe(false);
    expectSameTree(outDir(), await fresh());
  });

  it('leaves dist/ and the cache as they were when the content has a problem', async () => {
    await run(outDir(), { cacheDir });
    const before = { dist: treeOf(outDir()), cache: treeOf(cacheDir) };
    const path = skillFile('shape-up');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace(/^title: .*$/m, 'title: 42'));
    try {
      await expect(run(outDir(), { cacheDir })).rejects.toThrow(ContentError);
    } finally {
      writeFileSync(path, text);
    }
    expectSameTreeMaps(treeOf(outDir()), before.dist);
    expectSameTreeMaps(treeOf(cacheDir), before.cache);
  });

  it('makes a page again when the published folder lost its file, with its body from the cache', async () => {
    await run(outDir(), { cacheDir });
    await run(outDir(), { cacheDir });
    // The folder the next build works in is the spare: it lacks nothing. The published one loses a page.
    rmSync(join(cacheDir, cacheLocation.lastDist), { recursive: true, force: true });
    rmSync(join(outDir(), 'skills/shape-up.html'));
    const { report } = await run(outDir(), { cacheDir });
    // The skill's task: its page and its install page.
    expect(report.pagesMade).toBe(2);
    expect(report.bodies).toBe(0);
    expectSameTree(outDir(), await fresh());
  });

  it('keeps the folder it replaces for the next build, and its record in it, which Netlify does not deploy', async () => {
    await run(outDir(), { cacheDir });
    expect(existsSync(join(cacheDir, cacheLocation.lastDist, RECORD_FILE))).toBe(true);
    expect(existsSync(join(outDir(), RECORD_FILE))).toBe(true);
    expect(readdirSync(root).filter((name) => name.startsWith('dist.'))).toEqual([]);
  });
});

describe('a deploy that starts from the last published folder, as Netlify does', () => {
  it('writes no file when nothing changed, replaces only its own when an edit comes, and each ends as a fresh build', async () => {
    const outDir = join(root, 'netlify');
    const netlifyCache = join(root, 'netlify-cache');
    await run(outDir, { cacheDir: netlifyCache });
    /** What the cache plugin does between two deploys: dist/ moved into the build cache, whole. */
    const deploy = async () => {
      rmSync(join(netlifyCache, cacheLocation.lastDist), { recursive: true, force: true });
      renameSync(outDir, join(netlifyCache, cacheLocation.lastDist));
      return (await run(outDir, { cacheDir: netlifyCache })).report;
    };
    const first = await deploy();
    expect(first.written).toBe(0);
    expect(first.kept).toBe(first.tasks);
    expectSameTree(outDir, await fresh());

    const page = join(outDir, 'skills/shape-up.html');
    const unchanged = statSync(join(outDir, 'skills/badass-users.html')).ino;
    appendFileSync(skillFile('shape-up'), '\nAnother paragraph added by the test.\n');
    const edit = await deploy();
    // The skill's task: its page and its install page.
    expect(edit.pagesMade).toBe(2);
    expect(statSync(join(outDir, 'skills/badass-users.html')).ino).toBe(unchanged);
    expect(readFileSync(page, 'utf8')).toContain('Another paragraph added by the test.');
    expectSameTree(outDir, await fresh());
  });
});

describe('render workers', () => {
  it('make the same files as rendering in one thread', async () => {
    const outDir = join(root, 'workers');
    const { report } = await run(outDir, { cacheDir: null, threads: 2, workerThreshold: 0 });
    expect(report.threads).toBe(2);
    expectSameTree(outDir, await fresh());
  });

  /** Runs a build that fails while the workers render, and gives its error, the unhandled
   * rejections seen meanwhile, and whether dist/ and its siblings are as they were. */
  async function failingBuild(name: string, options: BuildOptions, arrange: () => () => void): Promise<{ error: unknown; workersLeft: number; unhandled: unknown[]; unchanged: boolean; leftovers: string[] }> {
    const outDir = join(root, name);
    await run(outDir, { cacheDir: null, threads: 1 });
    const before = treeOf(outDir);
    const restore = arrange();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    let error: unknown;
    let workersLeft = -1;
    try {
      await run(outDir, { cacheDir: null, threads: 2, workerThreshold: 0, ...options });
    } catch (caught) {
      error = caught;
    } finally {
      // Counted the moment the build has ended: a worker still running would write on.
      workersLeft = liveWorkers();
      // A turn of the event loop, so a rejection nobody handled would have been reported.
      await new Promise((resolve) => setTimeout(resolve, 50));
      process.off('unhandledRejection', onUnhandled);
      restore();
    }
    const after = treeOf(outDir);
    const unchanged = after.size === before.size && [...before].every(([path, bytes]) => after.get(path)?.equals(bytes));
    return { error, workersLeft, unhandled, unchanged, leftovers: readdirSync(root).filter((entry) => entry.startsWith(`${name}.`)) };
  }

  it('end a build with the error of a task made here while they render, once they are done, and leave dist/ as it was', async () => {
    const kinds = KINDS as unknown as Record<string, TaskKind>;
    // The first kind made here, so it fails while the workers are still starting on their pages.
    const first = Object.keys(kinds).find((name) => kinds[name].where === 'here')!;
    const { error, workersLeft, unhandled, unchanged, leftovers } = await failingBuild('here-fails', {}, () => {
      const kind = kinds[first];
      kinds[first] = { ...kind, render: () => { throw new Error(`${first} failed here`); } };
      return () => (kinds[first] = kind);
    });
    expect(String(error)).toContain(`${first} failed here`);
    expect(workersLeft).toBe(0);
    expect(unhandled).toEqual([]);
    expect(unchanged).toBe(true);
    expect(leftovers).toEqual([]);
  });

  it('end a build with the page that failed while the other tasks were made, and leave dist/ as it was', async () => {
    const changed = skillFile('shape-up');
    const text = readFileSync(changed, 'utf8');
    // Once the model exists, a body changes under the build: its page cannot be rendered.
    const log = (line: string) => {
      if (line.startsWith('model ')) writeFileSync(changed, `${text}\nChanged while the build runs.\n`);
    };
    const { error, workersLeft, unhandled, unchanged, leftovers } = await failingBuild('page-fails', { log }, () => () => writeFileSync(changed, text));
    expect(String(error)).toMatch(/shape-up\.md changed while the build was running/);
    expect(workersLeft).toBe(0);
    expect(unhandled).toEqual([]);
    expect(unchanged).toBe(true);
    expect(leftovers).toEqual([]);
  });

  /** The sample's pages as the runner hands them to workers, and a worker set-up for them. */
  async function pagesOf(name: string): Promise<{ model: CatalogueModel; setup: Parameters<typeof renderOnThreads>[0] }> {
    const { model } = await run(join(root, name), { cacheDir: null, threads: 1 });
    const [workerCode] = codeDigests(PROJECT_ROOT, [['build/run/worker.ts']]);
    return { model, setup: { script: workerBundle(workerCode), frame: siteFrame(model), folder: mkdtempSync(join(root, 'folder-')), fresh: true } };
  }
  const pages = (model: CatalogueModel) => pageTasks(siteFrame(model), model, catalogueView(model));

  it('name the pages a worker was rendering when it ran out of heap, and its limit', async () => {
    const { model, setup } = await pagesOf('for-a-heap');
    const jobs = pages(model).filter((task) => task.kind === 'skill').slice(0, 2);
    // A worker that fills its heap on the first batch it is given.
    const script = join(root, 'hungry-worker.mjs');
    writeFileSync(script, "import { parentPort } from 'node:worker_threads';\nconst kept = [];\nparentPort.on('message', () => { for (;;) kept.push(new Array(1e5).fill(kept.length)); });\n");
    await expect(renderOnThreads({ ...setup, script }, jobs, 1, () => {})).rejects.toThrow(
      new RegExp(`a render worker \\(heap limit 256 MB\\) stopped while rendering ${jobs.map(taskName).join(', ')}: .*memory`),
    );
  });

  it('share one queue with this thread: every page is rendered once, by a worker or here, and both take some', async () => {
    const { model, setup } = await pagesOf('for-sharing');
    // More batches than a worker is given at once, however few pages the sample has, so that this
    // thread has some left to take.
    const all = pages(model);
    const jobs = Array.from({ length: (IN_FLIGHT + 4) * BATCH }, (_, i) => all[i % all.length]);
    const byWorker: number[] = [];
    const here: number[] = [];
    let ownSteps = 0;
    await renderOnThreads(setup, jobs, 1, (i) => byWorker.push(i), {
      // Slow enough that the worker is given batches while this thread renders its own.
      job: (_job, i) => {
        const until = performance.now() + 5;
        while (performance.now() < until);
        here.push(i);
      },
      first: (function* () {
        for (let step = 0; step < 3; step++) yield ownSteps++;
      })(),
    });
    expect(ownSteps).toBe(3);
    expect([...byWorker, ...here].sort((a, b) => a - b)).toEqual([...jobs.keys()]);
    expect(byWorker.length).toBeGreaterThan(0);
    expect(here.length).toBeGreaterThan(0);
    expect(liveWorkers()).toBe(0);
  });

  it('name the page that failed to render', async () => {
    const { model, setup } = await pagesOf('for-a-job');
    const task = pages(model).find((candidate) => candidate.kind === 'skill');
    if (!task) throw new Error('the model has a skill');
    const input = task.input as SkillPageInput;
    // A body whose file no longer matches the hash it was loaded with cannot be rendered.
    const broken = { ...task, input: { ...input, body: { ...input.body, checkKey: 'not-the-hash' } } };
    await expect(renderOnThreads(setup, [broken], 2, () => {})).rejects.toThrow(
      new RegExp(`Could not render skills/${input.skill.slug}: .* changed while the build was running`),
    );
  });
});

/** Two trees (treeOf) hold the same files with the same bytes. */
function expectSameTreeMaps(actual: Map<string, Buffer>, expected: Map<string, Buffer>): void {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [path, bytes] of expected) expect(actual.get(path)?.equals(bytes), path).toBe(true);
}
