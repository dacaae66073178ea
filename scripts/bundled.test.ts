/**
 * The bundled entry `npm run build` runs from: a source edit always reaches the next run (never a
 * stale bundle), an unchanged tree reuses the bundle, and every module keeps its own
 * `import.meta.url`, so files found relative to a source are found from the bundle too.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledEntry, currentBundle } from './bundled.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A project of three modules: an entry, what it imports, and one it loads lazily. */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'bundled-'));
  dirs.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write('scripts/entry.ts', [
    "import { value } from '../lib/value.ts';",
    "const { later } = await import('../lib/later.ts');",
    "const quoted: string = 'import.meta.url stays text';",
    'console.log(JSON.stringify({ value, later, url: import.meta.url, quoted, args: process.argv.slice(2) }));',
    '',
  ].join('\n'));
  write('lib/value.ts', "export const value: string = 'one';\n");
  write('lib/later.ts', "export const later = new URL('./data.json', import.meta.url).href;\n");
  const options = { projectRoot: root, bundleDir: join(root, 'node_modules/.cache/entry') };
  const entry = join(root, 'scripts/entry.ts');
  const run = async (...args: string[]) =>
    JSON.parse(execFileSync(process.execPath, [await bundledEntry(entry, options), ...args], { encoding: 'utf8' })) as Record<string, unknown>;
  return { root, write, entry, options, run };
}

describe('bundledEntry', () => {
  it('runs the entry from one bundle, each module with its own import.meta.url', async () => {
    const { root, run } = project();
    expect(await run('--out', 'x')).toEqual({
      value: 'one',
      later: pathToFileURL(join(root, 'lib/data.json')).href,
      url: pathToFileURL(join(root, 'scripts/entry.ts')).href,
      quoted: 'import.meta.url stays text',
      args: ['--out', 'x'],
    });
  });

  it('reuses the bundle while nothing it was made from changed', async () => {
    const { entry, options } = project();
    const first = await bundledEntry(entry, options);
    expect(currentBundle(entry, options)).toBe(first);
    expect(await bundledEntry(entry, options)).toBe(first);
  });

  it('makes a new bundle after any source edit, even one that keeps the size', async () => {
    const { write, entry, options, run } = project();
    expect((await run()).value).toBe('one');
    write('lib/value.ts', "export const value: string = 'two';\n");
    expect(currentBundle(entry, options)).toBeUndefined();
    expect((await run()).value).toBe('two');
  });

  it('makes a new bundle when a lazily loaded module changes', async () => {
    const { write, entry, options, run } = project();
    await run();
    write('lib/later.ts', "export const later = 'edited';\n");
    expect(currentBundle(entry, options)).toBeUndefined();
    expect((await run()).later).toBe('edited');
  });
});
