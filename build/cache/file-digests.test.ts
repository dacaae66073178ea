/** The content files' digests by stamp: trusted only while the stamp holds, and only for a file settled before the cache opened. */
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFileDigests } from './file-digests.ts';
import { waitOutRacyWindow } from '../file-stamp.ts';
import { temporaryFolders } from '../../test/helpers/temporary-folders.ts';

const temporary = temporaryFolders('file-digests-');

const stat = (path: string) => statSync(path, { bigint: true });
const WHOLE_SECOND = 1_767_225_600;

describe('the content files\' digests', () => {
  it('know a settled file by its stamp in the next build, and not once it is written again, even to the same size and times', () => {
    const dir = temporary();
    const file = join(dir, 'skill.md');
    const store = join(dir, 'files.json');
    writeFileSync(file, 'first text');
    // Whole seconds, which a write can set back exactly: only the change time can tell.
    utimesSync(file, WHOLE_SECOND, WHOLE_SECOND);
    waitOutRacyWindow();
    const first = openFileDigests(store, 'check-1');
    expect(first.known(file, stat(file))).toBeUndefined();
    first.remember(file, stat(file), 'digest-1');
    first.save();
    expect(openFileDigests(store, 'check-1').known(file, stat(file))).toBe('digest-1');

    const before = stat(file);
    writeFileSync(file, 'other text');
    utimesSync(file, WHOLE_SECOND, WHOLE_SECOND);
    const after = stat(file);
    expect([after.ino, after.size, after.mtimeNs]).toEqual([before.ino, before.size, before.mtimeNs]);
    expect(openFileDigests(store, 'check-1').known(file, stat(file))).toBeUndefined();
  });

  it('do not remember a file changed within a tick of the file clock before the cache opened: it may change again without its stamp moving', () => {
    const dir = temporary();
    const file = join(dir, 'skill.md');
    const store = join(dir, 'files.json');
    const digests = openFileDigests(store, 'check-1');
    writeFileSync(file, 'text');
    digests.remember(file, stat(file), 'digest-1');
    digests.save();
    expect(openFileDigests(store, 'check-1').known(file, stat(file))).toBeUndefined();
  });

  it('are none under other loading code, or when their file is damaged', () => {
    const dir = temporary();
    const file = join(dir, 'skill.md');
    const store = join(dir, 'files.json');
    writeFileSync(file, 'text');
    waitOutRacyWindow();
    const digests = openFileDigests(store, 'check-1');
    digests.remember(file, stat(file), 'digest-1');
    digests.save();
    expect(openFileDigests(store, 'check-2').known(file, stat(file))).toBeUndefined();
    const saved = JSON.parse(readFileSync(store, 'utf8'));
    for (const damaged of ['{"format":1', JSON.stringify({ ...saved, files: { [file]: 'digest-1' } }), JSON.stringify({ ...saved, files: { [file]: [saved.files[file][0], 7] } })]) {
      writeFileSync(store, damaged);
      expect(openFileDigests(store, 'check-1').known(file, stat(file)), damaged).toBeUndefined();
    }
  });

  it('are written again only when a build read a file or left one out', () => {
    const dir = temporary();
    const [a, b] = [join(dir, 'a.md'), join(dir, 'b.md')];
    const store = join(dir, 'files.json');
    writeFileSync(a, 'a');
    writeFileSync(b, 'b');
    waitOutRacyWindow();
    const first = openFileDigests(store, 'check-1');
    first.remember(a, stat(a), 'digest-a');
    first.remember(b, stat(b), 'digest-b');
    first.save();
    const written = statSync(store).ino;

    const same = openFileDigests(store, 'check-1');
    expect([same.known(a, stat(a)), same.known(b, stat(b))]).toEqual(['digest-a', 'digest-b']);
    same.save();
    expect(statSync(store).ino).toBe(written);

    // b.md removed: only a.md is asked for, and b.md is forgotten.
    const fewer = openFileDigests(store, 'check-1');
    fewer.known(a, stat(a));
    fewer.save();
    expect(Object.keys(JSON.parse(readFileSync(store, 'utf8')).files)).toEqual([a]);
  });
});
