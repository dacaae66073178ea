/**
 * The bench's edit floor (scripts/bench/edit-floor.ts) leaves the folder a build leaves after the
 * same edit, byte for byte, edit after edit, and makes no more than the files the edit changes, so
 * its time is the time of an edit's own work: the ratio `npm run bench` prints beside the body
 * edit is the build's cost over that work and nothing else.
 */
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { build, PROJECT_ROOT } from '../../build/index.ts';
import { RECORD_FILE } from '../../build/output.ts';
import { editFloor, prepareEditFloor } from '../../scripts/bench/edit-floor.ts';
import { BODY_SKILL, TITLE_PRICE_SKILL, withBodyEdited, withTitleAndPriceEdited } from '../../scripts/bench/edits.ts';
import { writeSyntheticContent } from '../../scripts/bench/synthetic-content.ts';
import { TEST_BUILD_EPOCH } from '../setup/shared.ts';

const work = mkdtempSync(join(tmpdir(), 'bench-edit-floor-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const content = join(work, 'content');
const built = join(work, 'build');
const floor = join(work, 'floor');
const state = join(work, 'floor.state');
const env = { SOURCE_DATE_EPOCH: TEST_BUILD_EPOCH, COMMIT_REF: 'abc1234', CONTEXT: 'production' };
const buildOptions = { contentDir: content, outDir: built, cacheDir: join(work, 'cache'), constantsFile: null, env, threads: 1 };

/** Every file and its bytes, but for the build's record of its folder, which the floor keeps none of. */
const tree = (dir: string) => new Map(fg.sync('**/*', { cwd: dir, dot: true }).filter((path) => path !== RECORD_FILE).sort().map((path) => [path, readFileSync(join(dir, path))]));
const differing = (a: Map<string, Buffer>, b: Map<string, Buffer>) => [...new Set([...a.keys(), ...b.keys()])].filter((path) => !a.get(path)?.equals(b.get(path) ?? Buffer.alloc(0)) || !b.has(path));
const skillFile = (slug: string) => join(content, 'skills', `${slug}.md`);
const rewrite = (file: string, change: (text: string) => string) => writeFileSync(file, change(readFileSync(file, 'utf8')));

describe("the bench's edit floor", () => {
  it("leaves the build's folder after each body edit, having made only the files the edit changes, and refuses any other edit", { timeout: 120_000 }, async () => {
    await writeSyntheticContent(content, { skills: 120 }, join(PROJECT_ROOT, 'test/fixtures/content-small'));
    // Every file saved on one day, and each edit on a later one: the edited skill's date moves
    // forward, as a save's does, and with it the pages', the sitemap's and the feeds' dates.
    const written = new Date(Date.UTC(2026, 0, 1));
    for (const file of fg.sync('**/*', { cwd: content, absolute: true })) utimesSync(file, written, written);
    await build(buildOptions);
    await prepareEditFloor({ contentDir: content, from: built, outDir: floor, stateFile: state, env });
    expect(differing(tree(floor), tree(built))).toEqual([]);
    for (let edit = 0; edit < 2; edit++) {
      const before = tree(built);
      rewrite(skillFile(BODY_SKILL), withBodyEdited);
      const saved = new Date(Date.UTC(2026, 1, 1 + edit));
      utimesSync(skillFile(BODY_SKILL), saved, saved);
      await build(buildOptions);
      const { files, timings } = editFloor({ outDir: floor, stateFile: state });
      const after = tree(built);
      expect(differing(tree(floor), after)).toEqual([]);
      // What the build changed, the floor made (and its /v1 copies); and it made the index's files
      // whole, but nothing else the edit left as it was.
      const changed = differing(before, after).filter((path) => !path.startsWith('v1/'));
      expect(changed).toContain(`skills/${BODY_SKILL}.html`);
      expect(files.filter((path) => !changed.includes(path) && !path.startsWith('.search-index/'))).toEqual([]);
      expect(changed.filter((path) => !files.includes(path))).toEqual([]);
      expect(Object.keys(timings)).toEqual(['cache open', 'load', 'model', 'make', 'make last', 'write']);
    }
    // Any other edit it refuses.
    rewrite(skillFile(TITLE_PRICE_SKILL), withTitleAndPriceEdited);
    expect(() => editFloor({ outDir: floor, stateFile: state })).toThrow(/one skill's body edit, not this/);
  });
});
