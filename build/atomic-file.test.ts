/** Writing a file in place of another: a new file every time, so no other name of the old one changes. */
import { linkSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFileApart, joinedLines, replaceFile, writeFileAtomically, writeFileFresh } from './atomic-file.ts';
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

describe('writeFileAtomically', () => {
  it('writes parts one after another, text and bytes, across its writes and past the size of one', () => {
    const dir = temporary();
    const parts = [
      ...Array.from({ length: 30_000 }, (_, i) => `line ${i} é\n`),
      Buffer.alloc(3 << 20, 7),
      new Uint8Array(new Int32Array([1, -1, 1 << 30]).buffer),
      'x'.repeat((1 << 20) - 3),
      'ü'.repeat(5),
    ];
    writeFileAtomically(join(dir, 'file'), parts);
    expect(readFileSync(join(dir, 'file')).equals(Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part))))).toBe(true);
  });

  it('joins lines after a head, each after a line break', () => {
    expect([...joinedLines('head', ['a', '', 'b'])].join('')).toBe('head\na\n\nb');
    expect([...joinedLines('head', [])].join('')).toBe('head');
    // Past one batch: each batch after the first starts with its line break.
    const many = Array.from({ length: 200_000 }, (_, i) => `line ${i}`);
    const batches = [...joinedLines('head', many)];
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.join('')).toBe(['head', ...many].join('\n'));
  });
});
