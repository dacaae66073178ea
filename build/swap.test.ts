/**
 * The swap protocol stopped after each of its steps, as a kill would stop it: dist/ is always one
 * complete tree with the constants that belong to it once recovered, and recovery leaves nothing
 * behind. (test/build/kill.test.ts kills real builds at random moments.)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recoverOutput, siblingFolder, swapIn, swapSteps } from './swap.ts';
import { temporaryFolders } from '../test/helpers/temporary-folders.ts';

const temporary = temporaryFolders('swap-');

/** A parent folder with dist/ holding the old tree and its constants, and a complete staged new tree. */
function scene() {
  const root = temporary();
  const outDir = join(root, 'dist');
  const constants = join(root, 'generated', 'constants.json');
  const tree = (dir: string, version: string) => {
    mkdirSync(join(dir, 'skills'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), `home ${version}`);
    writeFileSync(join(dir, 'skills', 'a.html'), `a ${version}`);
    if (version === 'new') writeFileSync(join(dir, 'skills', 'b.html'), 'b new');
  };
  tree(outDir, 'old');
  mkdirSync(join(root, 'generated'));
  writeFileSync(constants, 'old');
  const staging = siblingFolder(outDir, 'staging');
  tree(staging, 'new');
  return { root, outDir, constants, staging };
}

const versionOf = (outDir: string) => readFileSync(join(outDir, 'index.html'), 'utf8').replace('home ', '');
const completeTree = (outDir: string) => (versionOf(outDir) === 'new' ? ['index.html', 'skills/a.html', 'skills/b.html'] : ['index.html', 'skills/a.html']);
const listing = (outDir: string) => readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name).slice(outDir.length + 1)).sort();

describe('the swap, stopped after any step', () => {
  const steps = swapSteps('', '').length;
  for (let done = 0; done <= steps; done++) {
    it(`leaves a complete dist/ after ${done} of ${steps} steps, and recovery matches its constants and cleans up`, () => {
      const { root, outDir, constants, staging } = scene();
      for (const step of swapSteps(staging, outDir, [{ file: constants, text: 'new' }]).slice(0, done)) step();

      // A kill between the two renames of one step cannot be reproduced here: the step is one
      // synchronous stretch. Every state a kill can leave between steps has a complete dist/.
      expect(existsSync(outDir)).toBe(true);
      const version = versionOf(outDir);
      expect(listing(outDir)).toEqual(completeTree(outDir));
      expect(readFileSync(join(outDir, 'skills', 'a.html'), 'utf8')).toBe(`a ${version}`);

      recoverOutput(outDir, [constants]);
      expect(versionOf(outDir)).toBe(version);
      expect(readFileSync(constants, 'utf8')).toBe(version);
      expect(readdirSync(root).sort()).toEqual(['dist', 'generated']);
      expect(readdirSync(join(root, 'generated'))).toEqual(['constants.json']);
    });
  }
});

describe('recoverOutput', () => {
  it('puts the staged tree in place when a kill came between the two renames', () => {
    const { root, outDir, constants, staging } = scene();
    const [writeJournal, writePending] = swapSteps(staging, outDir, [{ file: constants, text: 'new' }]);
    writeJournal();
    writePending();
    // The third step's first rename, without its second.
    const journal = JSON.parse(readFileSync(`${outDir}.swap.json`, 'utf8')) as { retired: string };
    renameSync(outDir, journal.retired);
    expect(existsSync(outDir)).toBe(false);

    recoverOutput(outDir, [constants]);
    expect(versionOf(outDir)).toBe('new');
    expect(listing(outDir)).toEqual(completeTree(outDir));
    expect(readFileSync(constants, 'utf8')).toBe('new');
    expect(readdirSync(root).sort()).toEqual(['dist', 'generated']);
  });

  it('removes folders and half-written files of builds killed before their swap', () => {
    const { root, outDir, constants } = scene();
    mkdirSync(siblingFolder(outDir, 'retired'));
    writeFileSync(`${outDir}.swap.json.123.tmp`, '{"stag');
    writeFileSync(`${constants}.123.tmp`, 'half');
    writeFileSync(`${constants}.pending`, 'new');
    recoverOutput(outDir, [constants]);
    expect(readdirSync(root).sort()).toEqual(['dist', 'generated']);
    expect(readdirSync(join(root, 'generated'))).toEqual(['constants.json']);
    expect(readFileSync(constants, 'utf8')).toBe('old');
    expect(versionOf(outDir)).toBe('old');
  });

  it('leaves folders of other outputs in the same parent alone', () => {
    const { root, outDir } = scene();
    mkdirSync(join(root, 'dist-preview.staging-1-2'));
    mkdirSync(join(root, 'public'));
    recoverOutput(outDir);
    expect(readdirSync(root).sort()).toEqual(['dist', 'dist-preview.staging-1-2', 'generated', 'public']);
  });

  it('names the journal it cannot read', () => {
    const { outDir } = scene();
    writeFileSync(`${outDir}.swap.json`, 'not json');
    expect(() => recoverOutput(outDir)).toThrow(`${outDir}.swap.json: expected the journal of an interrupted build (JSON)`);
  });
});

describe('swapIn', () => {
  it('replaces dist/ whole: files the new tree lacks are gone', () => {
    const { outDir, constants, staging } = scene();
    rmSync(join(staging, 'skills', 'a.html'));
    swapIn(staging, outDir, [{ file: constants, text: 'new' }]);
    expect(listing(outDir)).toEqual(['index.html', 'skills/b.html']);
    expect(readFileSync(constants, 'utf8')).toBe('new');
  });

  it('makes dist/ when there was none', () => {
    const { root, outDir, staging } = scene();
    rmSync(outDir, { recursive: true });
    swapIn(staging, outDir);
    expect(versionOf(outDir)).toBe('new');
    expect(readdirSync(root).sort()).toEqual(['dist', 'generated']);
  });
});
