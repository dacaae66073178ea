/** The build cache on its own: what invalidates it, and what it keeps. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { objectName, openCache } from './cache.ts';
import type { CodeFingerprints } from './code-fingerprint.ts';

const dirs: string[] = [];
const temporary = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cache-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const code = (render: string, check = 'check-1') => ({ render, check });

describe('openCache', () => {
  function filled(dir: string, fingerprints: CodeFingerprints): string {
    const cache = openCache(dir, fingerprints);
    const source = join(temporary(), 'page.html');
    writeFileSync(source, '<p>page</p>');
    const object = objectName('<p>page</p>');
    cache.adopt(object, source);
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

  it('places a stored object as a file with its bytes', () => {
    const dir = temporary();
    const object = filled(dir, code('code-1'));
    const cache = openCache(dir, code('code-1'));
    const target = join(temporary(), 'out.html');
    expect(cache.place(object, target)).toBe(true);
    expect(existsSync(target)).toBe(true);
    expect(cache.place(objectName('never stored'), join(temporary(), 'x.html'))).toBe(false);
  });

  it('keeps only what the last build used', () => {
    const dir = temporary();
    filled(dir, code('code-1'));
    // A build that uses nothing: its commit leaves no object and no entry behind.
    openCache(dir, code('code-1')).commit();
    const objects = join(dir, 'objects');
    expect(readdirSync(objects).flatMap((prefix) => readdirSync(join(objects, prefix)))).toEqual([]);
    expect(openCache(dir, code('code-1')).output('key')).toBeUndefined();
  });
});
