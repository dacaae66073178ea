/** The build cache on its own: what invalidates it, and what it keeps. */
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCache } from './index.ts';
import location from '../cache-location.json' with { type: 'json' };
import { objectName } from '../digest.ts';
import { bodyFile } from './bodies.ts';
import type { CodeFingerprints } from '../code-fingerprint.ts';

const dirs: string[] = [];
const temporary = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cache-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const code = (render: string, check = 'check-1', body = 'body-1') => ({ render, check, body, editor: 'editor-1', emit: 'emit-1' });

describe('the record of dist/', () => {
  it('is taken once the swap that just removed the old folder is out of the racy window, so the next build hashes no file', () => {
    const outDir = join(temporary(), 'dist');
    mkdirSync(outDir);
    const files = new Map<string, string>();
    for (let i = 0; i < 20; i++) {
      const path = `page-${i}.html`;
      writeFileSync(join(outDir, path), `<p>${i}</p>`);
      // As the swap does: a second link to each file, removed the moment before the record.
      linkSync(join(outDir, path), join(outDir, `${path}.old`));
      unlinkSync(join(outDir, `${path}.old`));
      files.set(path, objectName(`<p>${i}</p>`));
    }
    const cache = openCache(join(temporary(), 'cache'), code('code-1'));
    cache.rememberDist(outDir, files, () => true);
    const previous = cache.previousDist()!;
    expect(previous.folder).toBe(outDir);
    expect([...files].every(([path, object]) => previous.holds(path, object))).toBe(true);
    expect(previous.hashed).toBe(0);
    // A file written after the record is not trusted by its name: its stamp moved.
    writeFileSync(join(outDir, 'page-0.html'), '<p>changed</p>');
    expect(previous.holds('page-0.html', files.get('page-0.html')!)).toBe(false);
  });

  it("is where a stored output's bytes are found, at any path that still holds them", () => {
    const outDir = join(temporary(), 'dist');
    mkdirSync(outDir);
    const bytes = { 'a.html': '<p>same</p>', 'b.html': '<p>same</p>', 'c.html': '<p>other</p>' };
    for (const [path, text] of Object.entries(bytes)) writeFileSync(join(outDir, path), text);
    const cache = openCache(join(temporary(), 'cache'), code('code-1'));
    cache.rememberDist(outDir, new Map(Object.entries(bytes).map(([path, text]) => [path, objectName(text)])), () => true);
    const previous = cache.previousDist()!;
    expect(previous.find(objectName('<p>same</p>'))).toBe('a.html');
    // a.html edited since: b.html still holds those bytes.
    writeFileSync(join(outDir, 'a.html'), '<p>edited</p>');
    expect(previous.find(objectName('<p>same</p>'))).toBe('b.html');
    rmSync(join(outDir, 'b.html'));
    expect(previous.find(objectName('<p>same</p>'))).toBeUndefined();
    expect(previous.find(objectName('<p>never published</p>'))).toBeUndefined();
  });

  it('is written in ASCII alone and read back whole: every path, object and copy, and what the build said of it', () => {
    const outDir = join(temporary(), 'dist');
    mkdirSync(join(outDir, 'v1'), { recursive: true });
    const files = new Map([['café.html', '<p>é ✓ 𝄞</p>'], ['v1/café.html', '<p>é ✓ 𝄞</p>'], ['index.html', '<p>home</p>']]);
    for (const [path, text] of files) writeFileSync(join(outDir, path), text);
    const cacheDir = join(temporary(), 'cache');
    const made = { key: 'k-1', companions: [{ file: '/x/layout.json', text: '{"name":"Café ✓ 𝄞"}\n' }], notices: ['a notice … with “quotes”'], jobs: 2 };
    openCache(cacheDir, code('code-1')).rememberDist(outDir, new Map([...files].map(([path, text]) => [path, objectName(text)])), (path) => !path.startsWith('v1/'), made);
    const record = readFileSync(join(cacheDir, 'dist.json'));
    expect(record.every((byte) => byte < 0x80)).toBe(true);
    const previous = openCache(cacheDir, code('code-1')).previousDist()!;
    expect(previous.made).toEqual(made);
    expect(previous.entries).toEqual([...files].map(([path, text]) => ({ path, object: objectName(text), copy: path.startsWith('v1/') })));
    expect(previous.holds('café.html', objectName('<p>é ✓ 𝄞</p>'))).toBe(true);
    expect(previous.holdsAll()).toBe(true);
    // A column of one empty stamp is one file, not none.
    openCache(cacheDir, code('code-1')).rememberDist(outDir, new Map([['v1/café.html', objectName('<p>é ✓ 𝄞</p>')]]), () => false);
    expect(openCache(cacheDir, code('code-1')).previousDist()!.entries).toEqual([{ path: 'v1/café.html', object: objectName('<p>é ✓ 𝄞</p>'), copy: true }]);
  });

  it('is no record when it is of another layout or torn: the next build starts afresh', () => {
    const outDir = join(temporary(), 'dist');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'index.html'), '<p>home</p>');
    const cacheDir = join(temporary(), 'cache');
    openCache(cacheDir, code('code-1')).rememberDist(outDir, new Map([['index.html', objectName('<p>home</p>')]]), () => true);
    const recordPath = join(cacheDir, 'dist.json');
    const record = JSON.parse(readFileSync(recordPath, 'utf8')) as Record<string, unknown>;
    expect(openCache(cacheDir, code('code-1')).previousDist()).toBeDefined();
    // The layout before columns: an array per file.
    writeFileSync(recordPath, JSON.stringify({ outDir, files: [['index.html', objectName('<p>home</p>'), '1:11:0:0']] }));
    expect(openCache(cacheDir, code('code-1')).previousDist()).toBeUndefined();
    // Columns that do not line up: one object short.
    writeFileSync(recordPath, JSON.stringify({ ...record, objects: '' }));
    expect(openCache(cacheDir, code('code-1')).previousDist()).toBeUndefined();
    writeFileSync(recordPath, JSON.stringify(record).slice(0, 40));
    expect(openCache(cacheDir, code('code-1')).previousDist()).toBeUndefined();
  });
});

describe('the last dist/ the cache plugin kept', () => {
  /** A build's dist/ recorded, then moved into the cache as the plugin leaves it before the next build. */
  function kept(headers = 'x-build-version: 1') {
    const root = temporary();
    const outDir = join(root, 'dist');
    const cacheDir = join(root, 'cache');
    mkdirSync(outDir);
    const files = new Map([
      ['_headers', headers],
      ['index.html', '<p>home</p>'],
    ]);
    for (const [path, bytes] of files) writeFileSync(join(outDir, path), bytes);
    openCache(cacheDir, code('code-1')).rememberDist(outDir, new Map([...files].map(([path, bytes]) => [path, objectName(bytes)])), () => true);
    const folder = join(cacheDir, location.lastDist);
    const inode = statSync(join(outDir, 'index.html')).ino;
    mkdirSync(cacheDir, { recursive: true });
    renameSync(outDir, folder);
    return { root, outDir, cacheDir, folder, inode };
  }

  it("becomes the new staging folder by one rename, answered from the record and each file's size", () => {
    const { root, outDir, cacheDir, folder, inode } = kept();
    const into = join(root, 'dist.staging-1');
    const restored = openCache(cacheDir, code('code-1')).restoredDist(outDir, into, '_headers')!;
    expect(restored.holds('index.html', objectName('<p>home</p>'))).toBe(true);
    expect(restored.holds('index.html', objectName('<p>other</p>'))).toBe(false);
    expect(statSync(join(into, 'index.html')).ino).toBe(inode);
    expect(existsSync(folder)).toBe(false);
  });

  it('does not hold a file rewritten or lost after the build', () => {
    const { root, outDir, cacheDir, folder } = kept();
    writeFileSync(join(folder, 'index.html'), '<p>home, post-processed</p>');
    const into = join(root, 'staging');
    const restored = openCache(cacheDir, code('code-1')).restoredDist(outDir, into, '_headers')!;
    expect(restored.holds('index.html', objectName('<p>home</p>'))).toBe(false);
    rmSync(join(into, 'index.html'));
    expect(restored.holds('index.html', objectName('<p>home</p>'))).toBe(false);
    expect(restored.holds('_headers', objectName('x-build-version: 1'))).toBe(true);
  });

  it("is refused and removed when it is another build's (its sentinel differs from the record)", () => {
    const { root, outDir, cacheDir, folder } = kept();
    writeFileSync(join(folder, '_headers'), 'x-build-version: 2');
    expect(openCache(cacheDir, code('code-1')).restoredDist(outDir, join(root, 'staging'), '_headers')).toBeUndefined();
    expect(existsSync(folder)).toBe(false);
    expect(existsSync(join(root, 'staging'))).toBe(false);
  });

  it('is removed unused when dist/ is there (a local build: its stamps decide)', () => {
    const { root, outDir, cacheDir, folder } = kept();
    mkdirSync(outDir);
    expect(openCache(cacheDir, code('code-1')).restoredDist(outDir, join(root, 'staging'), '_headers')).toBeUndefined();
    expect(existsSync(folder)).toBe(false);
  });

  it('is removed unused when the cache has no record of that dist/', () => {
    const { root, cacheDir, folder } = kept();
    expect(openCache(cacheDir, code('code-1')).restoredDist(join(root, 'elsewhere'), join(root, 'staging'), '_headers')).toBeUndefined();
    expect(existsSync(folder)).toBe(false);
  });
});

describe('openCache', () => {
  function filled(dir: string, fingerprints: CodeFingerprints): string {
    const cache = openCache(dir, fingerprints);
    const object = objectName('<p>page</p>');
    cache.rememberOutput('key', [['page.html', object]]);
    cache.rememberDocument('doc', { data: { title: 'A' }, bodyStart: 12 });
    cache.commit();
    return object;
  }

  it('answers what the last build with the same code remembered', () => {
    const dir = temporary();
    const object = filled(dir, code('code-1'));
    const cache = openCache(dir, code('code-1'));
    expect(cache.output('key')).toEqual([['page.html', object]]);
    expect(cache.document('doc')).toEqual({ data: { title: 'A' }, bodyStart: 12 });
  });

  it('answers no rendered output after the rendering code changed, and still the checked documents', () => {
    const dir = temporary();
    filled(dir, code('code-1'));
    const cache = openCache(dir, code('code-2'));
    expect(cache.output('key')).toBeUndefined();
    expect(cache.document('doc')).toEqual({ data: { title: 'A' }, bodyStart: 12 });
  });

  it('answers no checked document after the checks or schemas changed, and still the rendered output', () => {
    const dir = temporary();
    const object = filled(dir, code('code-1'));
    const cache = openCache(dir, code('code-1', 'check-2'));
    expect(cache.document('doc')).toBeUndefined();
    expect(cache.output('key')).toEqual([['page.html', object]]);
  });

  it('keeps only what the last build used', () => {
    const dir = temporary();
    filled(dir, code('code-1'));
    // A build that uses nothing: its commit leaves no entry behind.
    openCache(dir, code('code-1')).commit();
    expect(openCache(dir, code('code-1')).output('key')).toBeUndefined();
    expect(openCache(dir, code('code-1')).document('doc')).toBeUndefined();
  });

  it("keeps no copy of an output's bytes, and removes the copies a cache of the last format kept", () => {
    const dir = temporary();
    mkdirSync(join(dir, 'objects', 'ab'), { recursive: true });
    writeFileSync(join(dir, 'objects', 'ab', 'cdef'), '<p>page</p>');
    filled(dir, code('code-1'));
    expect(readdirSync(dir).sort()).toEqual(['index.json']);
  });

  it('keeps the rendered bodies the pages of the last build used, those of pages taken from it included', () => {
    const dir = temporary();
    const first = openCache(dir, code('code-1'));
    const bodies = first.bodies!;
    expect(bodies).toEqual({ dir: join(dir, 'bodies'), fingerprint: 'body-1' });
    const stored = (key: string) => existsSync(bodyFile(bodies.dir, key));
    for (const key of ['body-a', 'body-b']) {
      mkdirSync(join(bodyFile(bodies.dir, key), '..'), { recursive: true });
      writeFileSync(bodyFile(bodies.dir, key), '{}');
    }
    first.rememberOutput('page-a', [], ['body-a']);
    first.rememberOutput('page-b', [], ['body-b']);
    first.commit();
    expect([stored('body-a'), stored('body-b')]).toEqual([true, true]);

    // A warm build takes page a from the cache (its body goes with it) and no longer has page b.
    const second = openCache(dir, code('code-1'));
    expect(second.outputBodies('page-a')).toEqual(['body-a']);
    second.rememberOutput('page-a', [], second.outputBodies('page-a'));
    second.commit();
    expect([stored('body-a'), stored('body-b')]).toEqual([true, false]);

    // A new layout: every page is rendered again and names the body it used; all are kept.
    const third = openCache(dir, code('code-2'));
    expect(third.output('page-a')).toBeUndefined();
    third.rememberOutput('page-a', [], ['body-a']);
    third.commit();
    expect(stored('body-a')).toBe(true);
  });

  it('removes what writes a killed build left half done (the index, the record of dist/, a rendered body), and nothing else', () => {
    const dir = temporary();
    const object = filled(dir, code('code-1'));
    const body = bodyFile(join(dir, 'bodies'), 'body-a');
    mkdirSync(join(body, '..'), { recursive: true });
    writeFileSync(body, '{}');
    // As a kill between writing a temporary file and renaming it leaves them (atomic-file.ts).
    const torn = ['index.json.4242.tmp', 'dist.json.4242.tmp', 'bodies/dy-a.json.4242.tmp'];
    for (const name of torn) writeFileSync(join(dir, name), '{"torn');
    const cache = openCache(dir, code('code-1'));
    const left = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining(['index.json', relative(dir, body)]));
    expect(cache.output('key')).toEqual([['page.html', object]]);
  });
});
