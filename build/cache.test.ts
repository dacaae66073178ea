/** The build cache on its own: what invalidates it, and what it keeps. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeFingerprint, objectName, openCache } from './cache.ts';

const dirs: string[] = [];
const temporary = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cache-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function project(): string {
  const root = temporary();
  for (const [file, text] of Object.entries({
    'build/render.ts': 'export const x = 1;\n',
    'build/render.test.ts': 'test\n',
    'schema/content/skill.schema.json': '{}\n',
    'package-lock.json': '{"lockfileVersion":3}\n',
    'content/skills/a.md': '---\ntitle: A\n---\n',
  })) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

describe('codeFingerprint', () => {
  it('changes with the rendering code, the schemas and the locked dependencies', () => {
    const root = project();
    const seen = new Set([codeFingerprint(root)]);
    for (const file of ['build/render.ts', 'schema/content/skill.schema.json', 'package-lock.json']) {
      writeFileSync(join(root, file), `${file} changed\n`);
      seen.add(codeFingerprint(root));
    }
    expect(seen.size).toBe(4);
  });

  it('stays when only content or tests change', () => {
    const root = project();
    const before = codeFingerprint(root);
    writeFileSync(join(root, 'content/skills/a.md'), '---\ntitle: B\n---\n');
    writeFileSync(join(root, 'build/render.test.ts'), 'another test\n');
    expect(codeFingerprint(root)).toBe(before);
  });
});

describe('openCache', () => {
  function filled(dir: string, fingerprint: string): string {
    const cache = openCache(dir, fingerprint);
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
    const object = filled(dir, 'code-1');
    const cache = openCache(dir, 'code-1');
    expect(cache.output('key')).toEqual([['page.html', object]]);
    expect(cache.document('doc')).toEqual({ data: { title: 'A' }, bodyStart: 12 });
  });

  it('answers nothing after the code changed', () => {
    const dir = temporary();
    filled(dir, 'code-1');
    const cache = openCache(dir, 'code-2');
    expect(cache.output('key')).toBeUndefined();
    expect(cache.document('doc')).toBeUndefined();
  });

  it('places a stored object as a file with its bytes', () => {
    const dir = temporary();
    const object = filled(dir, 'code-1');
    const cache = openCache(dir, 'code-1');
    const target = join(temporary(), 'out.html');
    expect(cache.place(object, target)).toBe(true);
    expect(existsSync(target)).toBe(true);
    expect(cache.place(objectName('never stored'), join(temporary(), 'x.html'))).toBe(false);
  });

  it('keeps only what the last build used', () => {
    const dir = temporary();
    filled(dir, 'code-1');
    // A build that uses nothing: its commit leaves no object and no entry behind.
    openCache(dir, 'code-1').commit();
    const objects = join(dir, 'objects');
    expect(readdirSync(objects).flatMap((prefix) => readdirSync(join(objects, prefix)))).toEqual([]);
    expect(openCache(dir, 'code-1').output('key')).toBeUndefined();
  });
});
