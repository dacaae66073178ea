/**
 * The build cache and the render workers change how fast dist/ is made, never what it holds: every
 * build here is compared file by file with a fresh build, without cache or workers, of the same
 * content.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync, appendFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, PROJECT_ROOT } from '../build/index.ts';
import type { BuildOptions, BuildResult } from '../build/index.ts';
import { ContentError } from '../build/content-error.ts';
import { jobName, pageJobs } from '../site/pages/registry.ts';
import type { SkillPageInput } from '../site/pages/inputs.ts';
import { siteFrame } from '../build/emit/assets.ts';
import { liveWorkers, renderOnThreads, workerBundle } from '../build/run/pool.ts';
import { codeFingerprints } from '../build/code-fingerprint.ts';
import { emitters } from '../build/emit/index.ts';
import { modelFor } from '../build/run/artifact.ts';
import { canonicalJson } from '../build/digest.ts';
import type { Artifact } from '../build/run/artifact.ts';
import { expectSameTree, treeOf } from './helpers/build-process.ts';
import cacheLocation from '../build/cache-location.json' with { type: 'json' };
import { waitOutRacyWindow } from '../build/file-stamp.ts';

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

/** The artifacts a build's log says it placed from the cache, in the emitters' order. */
const placedFromCache = (lines: readonly string[]) =>
  Object.keys(emitters).filter((name) => lines.some((line) => new RegExp(`^emit ${name} .*files from the cache$`).test(line)));

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

  it("renders every HTML page again and no item's Markdown twin when the shop is renamed: a twin is keyed by the part of the frame it reads", async () => {
    const site = join(content, 'site.yaml');
    const text = readFileSync(site, 'utf8');
    // The items' pages, not the sections' index pages (listings, which name the shop in their twins too).
    const itemFiles = (ext: string) => ['skills', 'install', 'bundles', 'docs'].flatMap((section) =>
      readdirSync(join(dist(), section), { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith(ext) && !path.startsWith('index.')).map((path) => join(section, path)));
    const inodes = (paths: readonly string[]) => new Map(paths.map((path) => [path, statSync(join(dist(), path)).ino]));
    const [twins, pages] = [inodes(itemFiles('.md')), inodes(itemFiles('.html'))];
    expect(twins.size).toBeGreaterThan(10);
    try {
      writeFileSync(site, text.replace(/^name: (.*)$/m, 'name: $1 Renamed'));
      const lines: string[] = [];
      const report = await run(dist(), { cacheDir, log: (line) => lines.push(line) });
      expect(report.pages.rendered).toBe(report.pages.jobs);
      // What shows the name is made again; the sitemap, the listings' JSON and robots.txt read the
      // site's address alone (the folders' index pages are located by it, named by the name).
      expect(placedFromCache(lines)).toEqual(expect.arrayContaining(['listing-json', 'sitemap', 'robots']));
      expect(placedFromCache(lines)).not.toContain('openapi');
      // Linked from the last dist/: the same file, not rendered again. Every page is new.
      const after = inodes([...twins.keys()]);
      expect([...twins].filter(([path, ino]) => after.get(path) !== ino).map(([path]) => path)).toEqual([]);
      for (const [path, ino] of pages) expect(statSync(join(dist(), path)).ino, path).not.toBe(ino);
      expect(readFileSync(join(dist(), 'skills/shape-up.html'), 'utf8')).toContain('Renamed');
      expectSameTree(dist(), await fresh());
    } finally {
      writeFileSync(site, text);
    }
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

  it("keeps no second copy of a published file: the cache holds none of dist/'s bytes", async () => {
    await run(dist(), { cacheDir });
    const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
    const published = new Set([...treeOf(dist()).keys()].map((path) => digest(join(dist(), path))));
    const kept = readdirSync(cacheDir, { recursive: true, encoding: 'utf8' }).filter((path) => statSync(join(cacheDir, path)).isFile());
    expect(kept).toContain('index.json');
    expect(kept.filter((path) => published.has(digest(join(cacheDir, path))))).toEqual([]);
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
    // A new folder filled from the cache and the repaired dist/ alone is clean too.
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

  it('renders a page again when the last published folder lost its file, with its body from the cache', async () => {
    await run(dist(), { cacheDir });
    rmSync(join(dist(), 'skills/shape-up.html'));
    const outDir = join(root, 'elsewhere');
    const report = await run(outDir, { cacheDir });
    expect(report.pages.rendered).toBe(1);
    expect(report.pages.bodies).toBe(0);
    expect(report.pages.bodiesReused).toBeGreaterThan(0);
    expectSameTree(outDir, await fresh());
  });

  it('fills a new folder from the cache and the last published folder without rendering', async () => {
    const outDir = join(root, 'deploy');
    const report = await run(outDir, { cacheDir });
    expect(report.pages.rendered).toBe(0);
    expectSameTree(outDir, await fresh());
  });

  it('starts from the last dist/ the cache kept, as a deploy on Netlify does: nothing changed writes no file, an edit replaces only its own, and each ends as a fresh build', async () => {
    const outDir = join(root, 'netlify');
    const kept = join(cacheDir, cacheLocation.lastDist);
    // What the cache plugin does between two deploys: dist/ moved into the cache, whole.
    const keep = () => renameSync(outDir, kept);
    const lines: string[] = [];
    const deploy = () => run(outDir, { cacheDir, log: (line) => lines.push(line) });
    const written = () => Number(/\((\d+) written/.exec(lines.find((line) => line.startsWith('write ')) ?? '')?.[1]);
    const inode = (path: string) => statSync(join(outDir, path)).ino;
    await deploy();
    const before = { home: inode('index.html'), v1Home: inode('v1/index.html'), page: inode('skills/shape-up.html') };
    keep();

    lines.length = 0;
    expect((await deploy()).pages.rendered).toBe(0);
    expect(existsSync(kept)).toBe(false);
    expect(written()).toBe(0);
    // The very files of the kept folder, not copies of them.
    expect([inode('index.html'), inode('v1/index.html'), inode('skills/shape-up.html')]).toEqual([before.home, before.v1Home, before.page]);
    expectSameTree(outDir, await fresh());

    // One skill's text changes and another becomes a draft.
    appendFileSync(skillFile('shape-up'), '\nA sentence written for the kept folder.\n');
    const drafted = skillFile('hooked');
    writeFileSync(drafted, readFileSync(drafted, 'utf8').replace(/^---\n/, '---\ndraft: true\n'));
    const unrelated = inode('skills/refactoring-ui.html');
    keep();
    const oldPage = readFileSync(join(kept, 'skills/shape-up.html'));
    // What a plugin running after the build might leave in the published folder: a file of its
    // own and a page rewritten in place. Neither goes into the next deploy.
    writeFileSync(join(kept, 'stray.html'), '<p>not from the build</p>');
    mkdirSync(join(kept, 'plugin/reports'), { recursive: true });
    writeFileSync(join(kept, 'plugin/reports/size.json'), '{}');
    appendFileSync(join(kept, 'skills/design-sprint.html'), '<!-- post-processed -->');
    lines.length = 0;
    const report = await deploy();
    expect(report.pages.rendered).toBeLessThan(report.pages.jobs);
    expect(written()).toBeGreaterThan(0);
    expect(written()).toBeLessThan(report.files.length / 4);
    expect(inode('skills/refactoring-ui.html')).toBe(unrelated);
    const page = readFileSync(join(outDir, 'skills/shape-up.html'));
    expect(page.toString()).toContain('A sentence written for the kept folder.');
    // Replaced by a new file, never written through: the /v1 copy has the new bytes as well.
    expect(readFileSync(join(outDir, 'v1/skills/shape-up.html')).equals(page)).toBe(true);
    expect(page.equals(oldPage)).toBe(false);
    for (const gone of ['skills/hooked.html', 'skills/hooked.json', 'skills/hooked.md', 'v1/skills/hooked.html', 'stray.html', 'plugin']) expect(existsSync(join(outDir, gone))).toBe(false);
    expect(readFileSync(join(outDir, 'v1/skills/design-sprint.html'), 'utf8')).not.toContain('post-processed');
    expectSameTree(outDir, await fresh());
  });

  it("places each artifact's files from the cache while the parts of the model it reads hold, and makes again only those that read a part that moved", async () => {
    const lines: string[] = [];
    const build = (name: string) => run(join(root, name), { cacheDir, log: (line) => lines.splice(lines.length, 0, line) });
    const fromCache = () => placedFromCache(lines);
    await build('keyed-1');
    lines.length = 0;
    await build('keyed-2');
    expect(fromCache()).toEqual(Object.keys(emitters));
    expectSameTree(join(root, 'keyed-2'), await fresh());
    // A body edit moves the skills (their bodies' digests): what reads them is made again; what
    // reads only the catalogue file, the stamp, the site or the clusters is placed.
    appendFileSync(join(content, 'skills', 'shape-up.md'), '\nOne more sentence about appetite.\n');
    lines.length = 0;
    await build('keyed-3');
    expect(fromCache()).toEqual(Object.keys(emitters).filter((name) => !emitters[name].reads.includes('skills')));
    expect(fromCache()).toEqual(['listing-json', 'catalog', 'version', 'openapi', 'assets', 'robots', 'search-page', 'admin', 'agent-skill']);
    // The JSON twins are made piece by piece: the edited skill's alone.
    expect(lines.find((line) => line.startsWith('emit page-json '))).toMatch(/ files: 1 made, the rest from the cache$/);
    expectSameTree(join(root, 'keyed-3'), await fresh());
  });

  it("keys a pieced artifact's pieces by their whole input, which is plain data: its JSON text is all of it", async () => {
    const { model } = await run(join(root, 'pieces'), { cacheDir: null, threads: 1 });
    const pieced = Object.entries(emitters as Record<string, Artifact>).filter(([, artifact]) => 'pieces' in artifact);
    expect(pieced.map(([name]) => name)).toContain('page-json');
    for (const [name, artifact] of pieced) {
      if (!('pieces' in artifact)) continue;
      const pieces = artifact.pieces(modelFor(name, artifact, model));
      expect(pieces.length).toBeGreaterThan(model.skills.length);
      // canonicalJson refuses a function or a class instance and shows a Map's entries: the same text means none hides a fact.
      for (const piece of pieces) expect(canonicalJson(piece)).toBe(JSON.stringify(piece));
    }
  });
});

describe('a build made from the same sources as the last one', () => {
  // Content, cache and folders of its own: the edits below touch no other test's.
  let own: string;
  let lines: string[] = [];
  const outDir = () => join(own, 'dist');
  const constants = () => join(own, 'dist.constants.json');
  const headersFile = () => join(own, '_headers');
  const options = (): BuildOptions => ({ contentDir: join(own, 'content'), outDir: outDir(), constantsFile: constants(), headersFile: headersFile(), env: ENV });
  const deploy = (more: BuildOptions = {}) => {
    lines = [];
    return build({ ...options(), cacheDir: join(own, 'cache'), log: (line) => lines.push(line), ...more });
  };
  /** A build of the same content and options with nothing reused, and the files beside it. */
  const freshOf = async (more: BuildOptions = {}) => {
    const out = join(own, `fresh-${++runs}`);
    await build({ ...options(), outDir: out, constantsFile: `${out}.constants.json`, cacheDir: null, threads: 1, ...more });
    return out;
  };
  const keptWhole = () => lines.some((line) => /^sources .* its folder is kept whole$/.test(line));
  const inode = (path: string) => statSync(join(outDir(), path)).ino;

  beforeAll(() => {
    own = mkdtempSync(join(tmpdir(), 'same-sources-'));
    cpSync(SAMPLE, join(own, 'content'), { recursive: true });
    cpSync(join(PROJECT_ROOT, '_headers'), headersFile());
  });
  afterAll(() => rmSync(own, { recursive: true, force: true }));

  it('keeps the last folder whole: nothing checked, modelled, rendered or written, the files beside it as they were', async () => {
    const first = await deploy();
    expect(keptWhole()).toBe(false);
    const before = { home: inode('index.html'), copy: inode('v1/index.html'), constants: readFileSync(constants(), 'utf8') };
    const again = await deploy();
    expect(keptWhole()).toBe(true);
    expect(Object.keys(again.timings)).not.toContain('validate');
    expect(Object.keys(again.timings)).not.toContain('model');
    expect(lines.find((line) => line.startsWith('write '))).toMatch(/\(0 written, all kept from the last build\)$/);
    expect(again.pages).toEqual({ jobs: first.pages.jobs, rendered: 0, fromCache: first.pages.jobs, threads: 1, bodies: 0, bodyMs: 0, bodiesReused: 0 });
    expect([...again.files].sort()).toEqual([...first.files].sort());
    expect({ home: inode('index.html'), copy: inode('v1/index.html'), constants: readFileSync(constants(), 'utf8') }).toEqual(before);
    // The notices of the build that made the folder are told again.
    expect(lines.filter((line) => line.startsWith('notice'))).toEqual(first.model.notices.map((notice) => `${'notice'.padEnd(20)} ${notice}`));
    expectSameTree(outDir(), await freshOf());
    // The model, made when it is read, is the model of the same sources.
    expect(canonicalJson(again.model)).toBe(canonicalJson(first.model));
    // And again: a folder kept whole is recorded as made by the same sources.
    await deploy();
    expect(keptWhole()).toBe(true);
  });

  it('keeps it whole when the cache plugin kept it, as on Netlify: the very folder, renamed back, without what was added to it since and with a copy taken from it', async () => {
    const first = await deploy();
    const home = inode('index.html');
    const kept = join(own, 'cache', cacheLocation.lastDist);
    renameSync(outDir(), kept);
    // What a plugin running after the build might leave in the published folder, beside and among the copies.
    writeFileSync(join(kept, 'stray.html'), '<p>not from the build</p>');
    writeFileSync(join(kept, 'v1/skills/stray.html'), '<p>not from the build</p>');
    mkdirSync(join(kept, 'v1/plugin/reports'), { recursive: true });
    writeFileSync(join(kept, 'v1/plugin/reports/size.json'), '{}');
    // And a copy taken away: the originals are checked one by one, the copies are linked again.
    rmSync(join(kept, 'v1/skills/shape-up.html'));
    const again = await deploy();
    expect(keptWhole()).toBe(true);
    expect(inode('index.html')).toBe(home);
    expect(existsSync(join(own, 'cache', cacheLocation.lastDist))).toBe(false);
    expect([...again.files].sort()).toEqual([...first.files].sort());
    for (const gone of ['stray.html', 'v1/skills/stray.html', 'v1/plugin']) expect(existsSync(join(outDir(), gone))).toBe(false);
    expectSameTree(outDir(), await freshOf());
  });

  it("makes the build again when anything it is made from moved, though no content file's text did", async () => {
    const changes: [string, () => BuildOptions][] = [
      ['a content file dated anew (no git: its modification time)', () => {
        const file = join(own, 'content/skills/shape-up.md');
        const later = new Date('2027-03-04T05:06:07Z');
        utimesSync(file, later, later);
        return {};
      }],
      ['an environment fact (Netlify\'s URL)', () => ({ env: { ...ENV, URL: 'https://elsewhere.example' } })],
      ['an option that decides files (the size of an llms-full.txt part)', () => ({ llmsFullMaxBytes: 40_000 })],
      ['the hand-kept header rules', () => {
        appendFileSync(headersFile(), '\n/docs/*\n  X-Edited-By-Hand: yes\n');
        return {};
      }],
    ];
    let more: BuildOptions = {};
    await deploy(more);
    for (const [what, change] of changes) {
      more = { ...more, ...change() };
      await deploy(more);
      expect(keptWhole(), what).toBe(false);
      expectSameTree(outDir(), await freshOf(more));
      await deploy(more);
      expect(keptWhole(), what).toBe(true);
    }
  });

  it('makes it again when the folder no longer holds a file as the last build made it: rewritten after the build, or gone', async () => {
    await deploy();
    appendFileSync(join(outDir(), 'skills/shape-up.html'), '<!-- post-processed -->');
    await deploy();
    expect(keptWhole()).toBe(false);
    expectSameTree(outDir(), await freshOf());
    rmSync(join(outDir(), 'bundles/index.html'));
    renameSync(outDir(), join(own, 'cache', cacheLocation.lastDist));
    await deploy();
    expect(keptWhole()).toBe(false);
    expectSameTree(outDir(), await freshOf());
  });

  it("reads no content file whose stamp held since the last build, and sees an edit that kept a file's size and times", async () => {
    const loadLine = () => lines.find((line) => line.startsWith('load '));
    const file = join(own, 'content/skills/shape-up.md');
    // Whole seconds, which a write can set back exactly: only the change time can tell.
    const wholeSecond = new Date('2026-01-01T00:00:00Z');
    utimesSync(file, wholeSecond, wholeSecond);
    // Every file changed more than a tick of the file clock before the next build opens the cache,
    // so each is remembered by its stamp (build/file-stamp.ts).
    waitOutRacyWindow();
    await deploy();
    await deploy();
    expect(keptWhole()).toBe(true);
    expect(loadLine()).toMatch(/; 0 of them read, the rest known unchanged by their stamps$/);
    const before = statSync(file, { bigint: true });
    writeFileSync(file, readFileSync(file, 'utf8').replace('team of two', 'team of six'));
    utimesSync(file, wholeSecond, wholeSecond);
    const after = statSync(file, { bigint: true });
    expect([after.ino, after.size, after.mtimeNs]).toEqual([before.ino, before.size, before.mtimeNs]);
    await deploy();
    expect(keptWhole()).toBe(false);
    expect(loadLine()).toMatch(/; 1 of them read, the rest known unchanged by their stamps$/);
    expect(readFileSync(join(outDir(), 'skills/shape-up.html'), 'utf8')).toContain('team of six');
    expectSameTree(outDir(), await freshOf());
  });
});

describe('render workers', () => {
  it('make the same files as rendering in one thread', async () => {
    const outDir = join(root, 'workers');
    const report = await run(outDir, { cacheDir: null, threads: 2, workerThreshold: 0 });
    expect(report.pages.threads).toBe(2);
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

  it('end a build with the error of an artifact made while they render, once they are done, and leave dist/ as it was', async () => {
    const all = emitters as Record<string, Artifact>;
    // The first artifact, so it fails while the workers are still starting on their pages.
    const [first] = Object.keys(all);
    const { error, workersLeft, unhandled, unchanged, leftovers } = await failingBuild('artifact-fails', {}, () => {
      const emitter = all[first];
      const fail = () => {
        throw new Error(`${first} failed here`);
      };
      all[first] = 'pieces' in emitter ? { ...emitter, renderPiece: fail } : { ...emitter, render: fail };
      return () => (all[first] = emitter);
    });
    expect(String(error)).toContain(`${first} failed here`);
    expect(workersLeft).toBe(0);
    expect(unhandled).toEqual([]);
    expect(unchanged).toBe(true);
    expect(leftovers).toEqual([]);
  });

  it('end a build with the page that failed while the other artifacts were made, and leave dist/ as it was', async () => {
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

  it('name the pages a worker was rendering when it ran out of heap, and its limit', async () => {
    const { model } = await run(join(root, 'for-a-heap'), { cacheDir: null, threads: 1 });
    const jobs = pageJobs(model).filter((candidate) => candidate.kind === 'skill').slice(0, 2);
    // A worker that fills its heap on the first batch it is given.
    const script = join(root, 'hungry-worker.mjs');
    writeFileSync(script, "import { parentPort } from 'node:worker_threads';\nconst kept = [];\nparentPort.on('message', () => { for (;;) kept.push(new Array(1e5).fill(kept.length)); });\n");
    const setup = { script, frame: siteFrame(model), staging: mkdtempSync(join(root, 'staging-')), inPlace: false, nameObjects: false };
    await expect(renderOnThreads(setup, jobs, 1, () => {}, [1_000, 1_000])).rejects.toThrow(
      new RegExp(`a render worker \\(heap limit 257 MB\\) stopped while rendering ${jobs.map((job) => jobName(job)).join(', ')}: .*memory`),
    );
  });

  it('share one queue with this thread: every job is rendered once, by a worker or here, and both take some', async () => {
    const { model } = await run(join(root, 'for-sharing'), { cacheDir: null, threads: 1 });
    const jobs = pageJobs(model);
    const setup = { script: workerBundle(codeFingerprints(PROJECT_ROOT).render), frame: siteFrame(model), staging: mkdtempSync(join(root, 'staging-')), inPlace: false, nameObjects: false };
    const byWorker: number[] = [];
    const here: number[] = [];
    let catalogueSteps = 0;
    await renderOnThreads(setup, jobs, 1, (i) => byWorker.push(i), [], {
      // Slow enough that the worker is given batches while this thread renders its own.
      job: (_job, i) => {
        const until = performance.now() + 5;
        while (performance.now() < until);
        here.push(i);
      },
      catalogue: (function* () {
        for (let step = 0; step < 3; step++) yield catalogueSteps++;
      })(),
    });
    expect(catalogueSteps).toBe(3);
    expect([...byWorker, ...here].sort((a, b) => a - b)).toEqual([...jobs.keys()]);
    expect(byWorker.length).toBeGreaterThan(0);
    expect(here.length).toBeGreaterThan(0);
    expect(liveWorkers()).toBe(0);
  });

  it('name the page that failed to render', async () => {
    const { model } = await run(join(root, 'for-a-job'), { cacheDir: null, threads: 1 });
    const job = pageJobs(model).find((candidate) => candidate.kind === 'skill');
    if (!job) throw new Error('the model has a skill');
    const input = job.input as SkillPageInput;
    // A body whose file no longer matches the hash it was loaded with cannot be rendered.
    const broken = { ...job, input: { ...input, body: { ...input.body, checkKey: 'not-the-hash' } } };
    const setup = { script: workerBundle(codeFingerprints(PROJECT_ROOT).render), frame: siteFrame(model), staging: mkdtempSync(join(root, 'staging-')), inPlace: false, nameObjects: false };
    await expect(renderOnThreads(setup, [broken], 2, () => {})).rejects.toThrow(
      new RegExp(`Could not render skills/${input.skill.slug}: .* changed while the build was running`),
    );
  });
});
