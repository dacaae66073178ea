/** Every test file runs in exactly one layer, so no test is run twice or silently never. */
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { LAYERS, NOT_VITEST } from '../setup/layers.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const ignore = [...NOT_VITEST, 'dist/**', 'bench/work/**'];
const testFiles = fg.sync('**/*.test.ts', { cwd: ROOT, ignore }).sort();

describe('test layers', () => {
  it('find test files', () => {
    expect(testFiles.length).toBeGreaterThan(20);
  });

  it('place every test file in exactly one layer', () => {
    const owners = new Map<string, string[]>(testFiles.map((file) => [file, []]));
    for (const [name, layer] of Object.entries(LAYERS)) {
      for (const file of fg.sync([...layer.include], { cwd: ROOT, ignore: [...ignore, ...layer.exclude] })) owners.get(file)?.push(name);
    }
    const misplaced = [...owners].filter(([, layers]) => layers.length !== 1).map(([file, layers]) => `${file}: ${layers.join(', ') || 'no layer'}`);
    expect(misplaced).toEqual([]);
  });
});
