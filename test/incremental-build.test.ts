/**
 * The build cache and the render workers change how fast dist/ is made, never what it holds: every
 * build here is compared file by file with a fresh build, without cache or workers, of the same
 * content.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, appendFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, PROJECT_ROOT } from '../build/index.ts';
import type { BuildOptions, BuildResult } from '../build/index.ts';
import { ContentError } from '../build/content-error.ts';
import { pageJobs } from '../build/emit/pages/registry.ts';
import type { SkillPageInput } from '../build/emit/pages/inputs.ts';
import { pageFrame } from '../build/emit/pages/frame.ts';
import { renderInWorkers, workerBundle } from '../build/emit/pages/pool.ts';
import { codeFingerprints } from '../build/code-fingerprint.ts';
import { expectSameTree, treeOf } from './helpers/build-process.ts';

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

describe('the build cache', () => {
  const dist = () => join(root, 'dist');

  it('makes the same files on a cold build as a build without it', async () => {
    const report = await run(dist(), { cacheDir });
    expect(report.pages.fromCache).toBe(0);
    expectSameTree(dist(), await fresh());
  });

  it('renders nothing again and changes no file when nothing changed', async () => {
    const before = statSync(join(dist(), 'index.html')).mtimeMs;
    const report = await run(dist(), { cacheDir });
    expect(report.pages.rendered).toBe(0);
    expect(report.pages.bodies).toBe(0);
    expect(statSync(join(dist(), 'index.html')).mtimeMs).toBe(before);
    expectSameTree(dist(), await fresh());
  });

  it('renders only the edited skill when a body changes, and updates dist/ to match a fresh build', async () => {
    appendFileSync(skillFile('shape-up'), '\nOne more paragraph, written for this test.\n');
    const report = await run(dist(), { cacheDir });
    expect(report.pages.rendered).toBe(1);
    expect(report.pages.bodies).toBe(1);
    expect(readFileSync(join(dist(), 'skills/shape-up.html'), 'utf8')).toContain('One more paragraph, written for this test.');
    expectSameTree(dist(), await fresh());
  });

  it('renders the overview again when a title changes', async () => {
    const path = skillFile('shape-up');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^title: .*$/m, 'title: "Shape Up, retitled"'));
    const report = await run(dist(), { cacheDir });
    // The skill's page, the pages of the bundles listing it, and the catalogue's own pages.
    expect(report.pages.rendered).toBeGreaterThan(1);
    expect(report.pages.rendered).toBeLessThan(report.pages.jobs);
    expect(readFileSync(join(dist(), 'index.html'), 'utf8')).toContain('Shape Up, retitled');
    expectSameTree(dist(), await fresh());
  });

  it('removes the files of a skill that becomes a draft', async () => {
    const path = skillFile('release-notes');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^---\n/, '---\ndraft: true\n'));
    await run(dist(), { cacheDir });
    expect(existsSync(join(dist(), 'skills/release-notes.html'))).toBe(false);
    expect(existsSync(join(dist(), 'skills/release-notes.json'))).toBe(false);
    expectSameTree(dist(), await fresh());
  });

  it('leaves dist/ and the cache as they were when the content has a problem', async () => {
    const before = treeOf(dist());
    const path = skillFile('shape-up');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace(/^kind: .*$/m, 'kind: sometimes'));
    await expect(run(dist(), { cacheDir })).rejects.toBeInstanceOf(ContentError);
    writeFileSync(path, text);
    const after = treeOf(dist());
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect([...before].every(([file, bytes]) => after.get(file)!.equals(bytes))).toBe(true);
    const report = await run(dist(), { cacheDir });
    expect(report.pages.rendered).toBe(0);
  });

  it('shares no storage between dist/ and the cache', async () => {
    await run(dist(), { cacheDir });
    const objects = join(cacheDir, 'objects');
    const stored = new Set(readdirSync(objects).flatMap((prefix) => readdirSync(join(objects, prefix)).map((name) => statSync(join(objects, prefix, name)).ino)));
    expect(stored.size).toBeGreaterThan(0);
    expect([...treeOf(dist()).keys()].filter((path) => stored.has(statSync(join(dist(), path)).ino))).toEqual([]);
  });

  it('repairs files of dist/ edited by hand, the moment after a build and later, even with their times set back', async () => {
    await run(dist(), { cacheDir });
    const poison = (path: string) => {
      const file = join(dist(), path);
      const { atime, mtime } = statSync(file);
      const bytes = readFileSync(file);
      // Same length, same inode, same modification time: only the change time tells.
      writeFileSync(file, Buffer.concat([Buffer.from('<!-- poisoned -->'), bytes.subarray('<!-- poisoned -->'.length)]));
      utimesSync(file, atime, mtime);
    };
    poison('index.html');
    await new Promise((resolve) => setTimeout(resolve, 200));
    poison('skills/shape-up.html');
    await run(dist(), { cacheDir });
    expect(readFileSync(join(dist(), 'index.html'), 'utf8')).not.toContain('poisoned');
    expectSameTree(dist(), await fresh());
    // What the cache holds is clean too: a new folder filled from it alone.
    const outDir = join(root, 'from-cache-after-poison');
    expect((await run(outDir, { cacheDir })).pages.rendered).toBe(0);
    expectSameTree(outDir, await fresh());
  });

  it('rebuilds dist/ whole when a file was added to it by hand', async () => {
    writeFileSync(join(dist(), 'stray.html'), '<p>not from the build</p>');
    await run(dist(), { cacheDir });
    expect(existsSync(join(dist(), 'stray.html'))).toBe(false);
    expectSameTree(dist(), await fresh());
  });

  it('renders a page again when the cache lost its stored copy', async () => {
    const objects = join(cacheDir, 'objects');
    for (const prefix of readdirSync(objects)) rmSync(join(objects, prefix), { recursive: true, force: true });
    const outDir = join(root, 'elsewhere');
    const report = await run(outDir, { cacheDir });
    expect(report.pages.rendered).toBe(report.pages.jobs);
    expectSameTree(outDir, await fresh());
  });

  it('fills a new dist/ from the cache without rendering, as a deploy with a restored cache does', async () => {
    const outDir = join(root, 'deploy');
    const report = await run(outDir, { cacheDir });
    expect(report.pages.rendered).toBe(0);
    expectSameTree(outDir, await fresh());
  });

  it("places the keyed emitters' files from the cache while their keys hold, and makes again only those whose key moved", async () => {
    const lines: string[] = [];
    const build = (name: string) => run(join(root, name), { cacheDir, log: (line) => lines.splice(lines.length, 0, line) });
    const fromCache = () => KEYED.filter((name) => lines.some((line) => new RegExp(`^emit ${name} .*files from the cache$`).test(line)));
    const KEYED = ['page-json', 'catalog', 'openapi', 'search-index', 'admin'];
    await build('keyed-1');
    lines.length = 0;
    await build('keyed-2');
    expect(fromCache()).toEqual(KEYED);
    expectSameTree(join(root, 'keyed-2'), await fresh());
    // A body edit: the search index reads bodies; the JSON twins, openapi.json and the editor do not.
    appendFileSync(join(content, 'skills', 'shape-up.md'), '\nOne more sentence about appetite.\n');
    lines.length = 0;
    await build('keyed-3');
    expect(fromCache()).toEqual(['page-json', 'catalog', 'openapi', 'admin']);
    expectSameTree(join(root, 'keyed-3'), await fresh());
  });
});

describe('render workers', () => {
  it('make the same files as rendering in one thread', async () => {
    const outDir = join(root, 'workers');
    const report = await run(outDir, { cacheDir: null, threads: 2, workerThreshold: 0 });
    expect(report.pages.threads).toBe(2);
    expectSameTree(outDir, await fresh());
  });

  it('name the page that failed to render', async () => {
    const { model } = await run(join(root, 'for-a-job'), { cacheDir: null, threads: 1 });
    const job = pageJobs(model).find((candidate) => candidate.kind === 'skill');
    if (!job) throw new Error('the model has a skill');
    const input = job.input as SkillPageInput;
    // A body whose file no longer matches the hash it was loaded with cannot be rendered.
    const broken = { ...job, input: { ...input, body: { ...input.body, checkKey: 'not-the-hash' } } };
    const setup = { script: workerBundle(codeFingerprints(PROJECT_ROOT).render), frame: pageFrame(model), staging: mkdtempSync(join(root, 'staging-')), nameObjects: false };
    await expect(renderInWorkers(setup, [broken], 2, () => {})).rejects.toThrow(
      new RegExp(`Could not render skills/${input.skill.slug}: .* changed while the build was running`),
    );
  });
});
