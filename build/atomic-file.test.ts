/** Writing a file in place of another: a new file every time, so no other name of the old one changes. */
import { linkSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFileApart, replaceFile, writeFileFresh } from './atomic-file.ts';
import { temporaryFolders } from '../test/helpers/temporary-folders.ts';

const temporary = temporaryFolders('atomic-file-');

/** `page.html` and `v1/page.html`-like twin: two names of one file, as the /v1 copies are. */
function linkedPair() {
  const dir = temporary();
  const [file, twin] = [join(dir, 'page.html'), join(dir, 'twin.html')];
  writeFileSync(file, 'old');
  linkSync(file, twin);
  return { dir, file, twin };
}

describe.each([false, true])('writeFileFresh, a file likely there: %s', (likelyThere) => {
  it('replaces a file by a new one, so another name of the old file keeps the old bytes', () => {
    const { file, twin } = linkedPair();
    const inode = statSync(file).ino;
    writeFileFresh(file, 'new', likelyThere);
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readFileSync(twin, 'utf8')).toBe('old');
    expect(statSync(file).ino).not.toBe(inode);
  });

  it('writes a file where there is none', () => {
    const { dir } = linkedPair();
    writeFileFresh(join(dir, 'other.html'), 'bytes', likelyThere);
    expect(readFileSync(join(dir, 'other.html'), 'utf8')).toBe('bytes');
  });
});

describe('replaceFile', () => {
  it('gives copies the same rule', () => {
    const { dir, file, twin } = linkedPair();
    writeFileSync(join(dir, 'source.html'), 'copied');
    replaceFile(file, () => copyFileApart(join(dir, 'source.html'), file));
    expect([readFileSync(file, 'utf8'), readFileSync(twin, 'utf8')]).toEqual(['copied', 'old']);
  });

  it('passes on any other failure', () => {
    const { dir } = linkedPair();
    expect(() => replaceFile(join(dir, 'missing/x'), () => writeFileSync(join(dir, 'missing/x'), '', { flag: 'wx' }))).toThrow(/ENOENT/);
  });
});
