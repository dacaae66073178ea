/** The build cache on its own: what invalidates it, and what it keeps. */
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from './index.ts';
import location from '../cache-location.json' with { type: 'json' };
import { objectName } from '../digest.ts';
import { bodyFile } from './bodies.ts';
import type { CodeFingerprints } from '../code-fingerprint.ts';
import { temporaryFolders } from '../../test/helpers/temporary-folders.ts';

const temporary = temporaryFolders('cache-');

const code = (render: string, check = 'check-1', body = 'body-1') => ({ render, check, body, editor: 'editor-1', emit: 'emit-1' });

describe('the record of dist/', () => {
  /** A folder of one file, recorded: the record's path and bytes. */
  function recordedHome() {
    const outDir = join(temporary(), 'dist');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'index.html'), '<p>home</p>');
    const cacheDir = join(temporary(), 'cache');
    openCache(cacheDir, code('code-1')).rememberDist(outDir, new Map([['index.html', objectName('<p>home</p>')]]), () => false);
    const recordPath = join(cacheDir, 'dist.record');
    return { outDir, cacheDir, recordPath, record: readFileSync(recordPath) };
  }
  /** A record's header (after the line giving its length) and where it ends. */
  function headerOf(record: Buffer): { bytes: Buffer; end: number } {
    const start = record.indexOf('\n') + 1;
    const end = start + Number(record.subarray(0, start - 1).toString());
    return { bytes: record.subarray(start, end), end };
  }

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
    cache.rememberDist(outDir, files, () => false);
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
    cache.rememberDist(outDir, new Map(Object.entries(bytes).map(([path, text]) => [path, objectName(text)])), () => false);
    const previous = cache.previousDist()!;
    expect(previous.find(objectName('<p>same</p>'))).toBe('a.html');
    // a.html edited since: b.html still holds those bytes.
    writeFileSync(join(outDir, 'a.html'), '<p>edited</p>');
    expect(previous.find(objectName('<p>same</p>'))).toBe('b.html');
    rmSync(join(outDir, 'b.html'));
    expect(previous.find(objectName('<p>same</p>'))).toBeUndefined();
    expect(previous.find(objectName('<p>never published</p>'))).toBeUndefined();
  });

  it('is read back whole: every path, object and copy (each a field of its original), and what the build said of it', () => {
    const outDir = join(temporary(), 'dist');
    mkdirSync(join(outDir, 'v1'), { recursive: true });
    mkdirSync(join(outDir, 'v2'), { recursive: true });
    const files = new Map([['café.html', '<p>é ✓ 𝄞</p>'], ['index.html', '<p>home</p>'], ['_headers', 'x: 1'], ['v1/café.html', '<p>é ✓ 𝄞</p>'], ['v1/index.html', '<p>home</p>'], ['v2/café.html', '<p>é ✓ 𝄞</p>']]);
    for (const [path, text] of files) writeFileSync(join(outDir, path), text);
    const cacheDir = join(temporary(), 'cache');
    const made = { key: 'k-1', companions: [{ file: '/x/layout.json', text: '{"name":"Café ✓ 𝄞"}\n' }], notices: ['a notice … with “quotes”'], jobs: 2 };
    const isCopy = (path: string) => /^v\d\//.test(path);
    const objects = new Map([...files].map(([path, text]) => [path, objectName(text)]));
    openCache(cacheDir, code('code-1')).rememberDist(outDir, objects, isCopy, made);
    // The header, which holds the notices and the companions, is ASCII alone: its length is its length in bytes.
    const header = headerOf(readFileSync(join(cacheDir, 'dist.record'))).bytes;
    expect(header.every((byte) => byte < 0x80)).toBe(true);
    expect(JSON.parse(header.toString())).toMatchObject({ format: 4, count: 3, made });
    const previous = openCache(cacheDir, code('code-1')).previousDist()!;
    expect(previous.made).toEqual(made);
    // The originals in their order, then the copies folder by folder, as the mirror makes them.
    expect(previous.entries).toEqual([...files].map(([path, text]) => ({ path, object: objectName(text), ...(isCopy(path) ? { original: path.slice(3) } : {}) })));
    expect(previous.paths).toEqual([...files.keys()]);
    expect(previous.holds('café.html', objectName('<p>é ✓ 𝄞</p>'))).toBe(true);
    // A copy is linked again by every build from its original: never held in a local folder.
    expect(previous.holds('v1/café.html', objectName('<p>é ✓ 𝄞</p>'))).toBe(false);
    expect(previous.holdsAll()).toBe(true);
    // A copy is a field of its original's row: a file recorded as a copy of nothing is refused.
    expect(() => openCache(cacheDir, code('code-1')).rememberDist(outDir, new Map([['v1/café.html', objectName('<p>é ✓ 𝄞</p>')]]), () => true)).toThrow(/dist\/v1\/café\.html is recorded as a copy/);
    expect(() => openCache(cacheDir, code('code-1')).rememberDist(outDir, new Map([['café.html', objectName('<p>é ✓ 𝄞</p>')], ['v1/café.html', objectName('<p>home</p>')]]), isCopy)).toThrow(/recorded as a copy/);
    // No file at all is a record of no file.
    openCache(cacheDir, code('code-1')).rememberDist(outDir, new Map(), isCopy);
    expect(openCache(cacheDir, code('code-1')).previousDist()!.entries).toEqual([]);
  });

  it('is no record when it is of another layout or cut short: the next build starts afresh', () => {
    const { outDir, cacheDir, recordPath, record } = recordedHome();
    expect(openCache(cacheDir, code('code-1')).previousDist()).toBeDefined();
    // The layout before: JSON, in columns.
    writeFileSync(recordPath, JSON.stringify({ format: 2, outDir, paths: 'index.html', objects: objectName('<p>home</p>'), stamps: '1:11:0:0' }));
    expect(openCache(cacheDir, code('code-1')).previousDist()).toBeUndefined();
    // Cut short, in its header or in its columns; or longer than its header says.
    for (const end of [10, 40, record.length - 1]) {
      writeFileSync(recordPath, record.subarray(0, end));
      expect(openCache(cacheDir, code('code-1')).previousDist()).toBeUndefined();
    }
    writeFileSync(recordPath, Buffer.concat([record, Buffer.from('x')]));
    expect(openCache(cacheDir, code('code-1')).previousDist()).toBeUndefined();
    writeFileSync(recordPath, record);
    expect(openCache(cacheDir, code('code-1')).previousDist()!.holds('index.html', objectName('<p>home</p>'))).toBe(true);
  });

  it('names itself, and what is wrong, when its columns do not hold what its header says', () => {
    const { cacheDir, recordPath, record } = recordedHome();
    const { bytes, end } = headerOf(record);
    // Whole by its lengths, but the header counts two files where the columns hold one.
    const header = JSON.stringify({ ...JSON.parse(bytes.toString()), count: 2 });
    writeFileSync(recordPath, Buffer.concat([Buffer.from(`${header.length}\n${header}`), record.subarray(end)]));
    const previous = openCache(cacheDir, code('code-1')).previousDist()!;
    expect(() => previous.holds('index.html', objectName('<p>home</p>'))).toThrow(expect.objectContaining({
      name: 'FileReadError',
      message: expect.stringMatching(/dist\.record: the build cache's record of dist\/ is damaged: its paths column has 1 fields, not 2\. Remove it and build again\./),
    }));
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
    openCache(cacheDir, code('code-1')).rememberDist(outDir, new Map([...files].map(([path, bytes]) => [path, objectName(bytes)])), () => false);
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

  it('answers for a copy by its original, and names every file the record does, copies too', () => {
    const root = temporary();
    const outDir = join(root, 'dist');
    const cacheDir = join(root, 'cache');
    mkdirSync(join(outDir, 'v1'), { recursive: true });
    const files = new Map([['_headers', 'x-build-version: 1'], ['index.html', '<p>home</p>'], ['about.html', '<p>about</p>'], ['v1/index.html', '<p>home</p>']]);
    for (const [path, bytes] of files) writeFileSync(join(outDir, path), bytes);
    openCache(cacheDir, code('code-1')).rememberDist(outDir, new Map([...files].map(([path, bytes]) => [path, objectName(bytes)])), (path) => path.startsWith('v1/'));
    renameSync(outDir, join(cacheDir, location.lastDist));
    const restored = openCache(cacheDir, code('code-1')).restoredDist(outDir, join(root, 'staging'), '_headers')!;
    expect(restored.holds('v1/index.html', objectName('<p>home</p>'))).toBe(true);
    expect(restored.holds('v1/index.html', objectName('<p>about</p>'))).toBe(false);
    // about.html is published without a copy.
    expect(restored.holds('v1/about.html', objectName('<p>about</p>'))).toBe(false);
    expect([...files.keys()].every((path) => restored.names(path))).toBe(true);
    for (const path of ['v1/about.html', 'v2/index.html', 'v1', 'stray.html', 'v1/v1/index.html']) expect(restored.names(path)).toBe(false);
    expect(restored.paths).toEqual([...files.keys()]);
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
    const torn = ['index.json.4242.tmp', 'dist.record.4242.tmp', 'bodies/dy-a.json.4242.tmp'];
    for (const name of torn) writeFileSync(join(dir, name), '{"torn');
    const cache = openCache(dir, code('code-1'));
    const left = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining(['index.json', relative(dir, body)]));
    expect(cache.output('key')).toEqual([['page.html', object]]);
  });
});
