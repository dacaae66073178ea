/**
 * The output folder (output.ts): a build brings a folder up to date by its record and swaps it in
 * whole; the folder it replaces waits for the next build; a task's files are kept where they are,
 * linked from the published folder, or made; what no task made any more goes, copies with it.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputFolder, RECORD_FILE } from './output.ts';
import { temporaryFolders } from '../test/helpers/temporary-folders.ts';

const temporary = temporaryFolders('output-');

/** A build of these tasks (id → [key, files]) into `dist` beside a spare folder: how each task came to be there. */
function buildOf(root: string, tasks: Record<string, [key: string, files: Record<string, string>]>, reuse = true) {
  const folder = new OutputFolder(join(root, 'dist'), { spare: join(root, 'spare'), reuse });
  const how: Record<string, string> = {};
  for (const [id, [key, files]] of Object.entries(tasks)) {
    const reused = folder.reuse(id, key);
    how[id] = reused ?? 'made';
    if (reused) continue;
    folder.made(id, key, Object.entries(files).map(([path, text]) => [path, folder.write(path, text)]));
  }
  const copies = folder.commit();
  return { how, copies, written: folder.written };
}

const tree = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
  .sort();

const A = { 'a.html': 'page a', 'skills/a.json': '{"a":1}' };
const B = { 'b.html': 'page b' };

describe('a build into an empty folder', () => {
  it('makes every task, copies each original under /v1, keeps its record inside the folder and swaps it in', () => {
    const root = temporary();
    const { how, copies } = buildOf(root, { a: ['1', A], b: ['1', B] });
    expect(how).toEqual({ a: 'made', b: 'made' });
    expect(copies).toBe(3);
    expect(tree(join(root, 'dist'))).toEqual([RECORD_FILE, 'a.html', 'b.html', 'skills/a.json', 'v1/a.html', 'v1/b.html', 'v1/skills/a.json']);
    expect(statSync(join(root, 'dist', 'v1/a.html')).ino).toBe(statSync(join(root, 'dist', 'a.html')).ino);
    const [head, ...lines] = readFileSync(join(root, 'dist', RECORD_FILE), 'utf8').split('\n');
    expect(JSON.parse(head)).toEqual({ format: expect.any(Number), mirrors: ['v1'] });
    expect(lines).toEqual(['a\t1\t[["a.html",6],["skills/a.json",7]]', 'b\t1\t[["b.html",6]]']);
    // Nothing beside it: no spare yet, no staging folder.
    expect(readdirSync(root)).toEqual(['dist']);
  });
});

describe('the next build', () => {
  it('links from the published folder what it holds under the same key, and makes the rest', () => {
    const root = temporary();
    buildOf(root, { a: ['1', A], b: ['1', B] });
    const published = statSync(join(root, 'dist', 'a.html')).ino;
    const { how } = buildOf(root, { a: ['1', A], b: ['2', { 'b.html': 'page b, again' }] });
    expect(how).toEqual({ a: 'linked', b: 'made' });
    expect(statSync(join(root, 'dist', 'a.html')).ino).toBe(published);
    expect(readFileSync(join(root, 'dist', 'v1/b.html'), 'utf8')).toBe('page b, again');
    // The folder it replaced waits for the next build, with its record.
    expect(existsSync(join(root, 'spare', RECORD_FILE))).toBe(true);
  });

  it('keeps in place what the folder it works in holds under the same key, writing nothing for it', () => {
    const root = temporary();
    buildOf(root, { a: ['1', A], b: ['1', B] });
    buildOf(root, { a: ['1', A], b: ['1', B] });
    // The spare is the first build's folder: its files are kept as they are.
    const spareFile = statSync(join(root, 'spare', 'a.html')).ino;
    const { how, written } = buildOf(root, { a: ['1', A], b: ['1', B] });
    expect(how).toEqual({ a: 'kept', b: 'kept' });
    expect(written).toBe(0);
    expect(statSync(join(root, 'dist', 'a.html')).ino).toBe(spareFile);
  });

  it('removes the files, and their copies, of a task gone or of a file its task no longer makes', () => {
    const root = temporary();
    buildOf(root, { a: ['1', A], b: ['1', B] });
    buildOf(root, { a: ['1', A], b: ['1', B] });
    buildOf(root, { a: ['2', { 'a.html': 'page a alone' }] });
    expect(tree(join(root, 'dist'))).toEqual([RECORD_FILE, 'a.html', 'v1/a.html']);
  });

  it('makes again a task whose file was removed from the published folder by hand', () => {
    const root = temporary();
    buildOf(root, { a: ['1', A] });
    rmSync(join(root, 'dist', 'skills/a.json'));
    const { how } = buildOf(root, { a: ['1', A] });
    expect(how).toEqual({ a: 'made' });
    expect(readFileSync(join(root, 'dist', 'skills/a.json'), 'utf8')).toBe('{"a":1}');
  });

  it('without reuse, makes everything and keeps no spare', () => {
    const root = temporary();
    buildOf(root, { a: ['1', A] });
    buildOf(root, { a: ['1', A] });
    const { how } = buildOf(root, { a: ['1', A] }, false);
    expect(how).toEqual({ a: 'made' });
    expect(readdirSync(root)).toEqual(['dist']);
  });
});

describe('a build that does not finish', () => {
  it('has taken the record out of the folder it works in before changing a file, and leaves the published one as it was', () => {
    const root = temporary();
    buildOf(root, { a: ['1', A] });
    buildOf(root, { a: ['1', A] });
    const folder = new OutputFolder(join(root, 'dist'), { spare: join(root, 'spare') });
    expect(existsSync(join(folder.folder, RECORD_FILE))).toBe(false);
    expect(folder.reuse('a', '1')).toBe('kept');
    writeFileSync(join(root, 'dist', 'marker'), '');
    folder.abort();
    expect(existsSync(folder.folder)).toBe(false);
    expect(tree(join(root, 'dist'))).toEqual([RECORD_FILE, 'a.html', 'marker', 'skills/a.json', 'v1/a.html', 'v1/skills/a.json']);
  });

  it('refuses two tasks of one name, or two that write one file', () => {
    const root = temporary();
    const folder = new OutputFolder(join(root, 'dist'));
    folder.made('a', '1', [['a.html', 1]]);
    expect(() => folder.made('a', '2', [['b.html', 1]])).toThrow(/Two tasks are called a/);
    expect(() => folder.made('b', '1', [['a.html', 1]])).toThrow(/Two tasks wrote a.html: a and b/);
    folder.abort();
  });
});
