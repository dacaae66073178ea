/** The build cache (store.ts): a pack keeps exactly what a build used, each value under its code; bodies of files gone go. */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noStore, openStore } from './store.ts';
import { temporaryFolders } from '../test/helpers/temporary-folders.ts';

const temporary = temporaryFolders('store-');

describe('a pack of the build cache', () => {
  it('answers in the next build what this one made, under the same code only', () => {
    const dir = temporary();
    const first = openStore(dir);
    first.pack<number>('files', 'code-1').set('a', 1);
    first.save(new Set());
    const second = openStore(dir);
    expect(second.pack<number>('files', 'code-1').get('a')).toBe(1);
    expect(second.pack<number>('files', 'code-1').get('b')).toBeUndefined();
    expect(openStore(dir).pack<number>('files', 'code-2').get('a')).toBeUndefined();
  });

  it('keeps only what the last build asked for or made, and is not written again when that is what it held', () => {
    const dir = temporary();
    const first = openStore(dir);
    const pack = first.pack<number>('files', 'code');
    pack.set('a', 1);
    pack.set('b', 2);
    first.save(new Set());
    const second = openStore(dir);
    expect(second.pack<number>('files', 'code').get('a')).toBe(1);
    second.save(new Set());
    const third = openStore(dir);
    expect(third.pack<number>('files', 'code').get('b')).toBeUndefined();
    const written = readFileSync(join(dir, 'files.pack'), 'utf8');
    third.pack<number>('files', 'code').get('a');
    writeFileSync(join(dir, 'files.pack'), written.replace('"format"', '"format" '));
    third.save(new Set());
    expect(readFileSync(join(dir, 'files.pack'), 'utf8')).toContain('"format" ');
  });

  it('is none after a file it cannot read, and none at all without a cache', () => {
    const dir = temporary();
    writeFileSync(join(dir, 'files.pack'), '{not json');
    expect(openStore(dir).pack('files', 'code').get('a')).toBeUndefined();
    const none = noStore();
    none.pack<number>('files', 'code').set('a', 1);
    expect(none.pack<number>('files', 'code').get('a')).toBeUndefined();
    expect(none.spare).toBeUndefined();
  });
});

describe('the rendered bodies', () => {
  it('keep those of the content files a build has, and lose those of files gone', () => {
    const dir = temporary();
    const store = openStore(dir);
    mkdirSync(store.bodies!, { recursive: true });
    for (const name of ['a.json', 'b.json']) writeFileSync(join(store.bodies!, name), '{}');
    store.save(new Set(['a.json']));
    expect(readdirSync(store.bodies!)).toEqual(['a.json']);
  });

  it('leave what a killed write left to the next opening, which removes it', () => {
    const dir = temporary();
    const store = openStore(dir);
    mkdirSync(store.bodies!, { recursive: true });
    writeFileSync(join(store.bodies!, 'a.json.123.tmp'), 'half');
    openStore(dir);
    expect(existsSync(join(store.bodies!, 'a.json.123.tmp'))).toBe(false);
  });
});
