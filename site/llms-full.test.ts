/**
 * How llms-full.txt's text is split: whole while it fits one file, past it numbered parts within
 * the limit, every twin once, in order, never across two parts, and an index in llms-full.txt.
 */
import { describe, expect, it } from 'vitest';
import { llmsFullFiles, splitBySize } from './llms-full.ts';
import type { LlmsFullText } from './llms-full.ts';
import { PublishLimitError } from './errors.ts';

const text: LlmsFullText = {
  intro: 'INTRO',
  partHead: (n, total) => `PART ${n}/${total}`,
  index: (parts) => `INDEX ${parts.map((part) => `${part.file}:${part.twins}`).join(' ')}`,
};
const sizes: Record<string, number> = { a: 10, b: 20, c: 30, d: 5 };
const twins = Object.keys(sizes);
const sizeOf = (path: string) => sizes[path];
/** A file's bytes as written: its head, then each twin after the separator. */
const bytesOf = (file: { head: string; twins: string[] }) => Buffer.byteLength(file.head) + file.twins.reduce((sum, twin) => sum + 1 + sizeOf(twin), 0);

describe('splitBySize', () => {
  it('fills each range up to the limit, the head and a separator before each item counted', () => {
    expect(splitBySize([4, 4, 4], 2, 1, 12, String)).toEqual([[0, 2], [2, 3]]);
    expect(splitBySize([4, 4, 4], 2, 1, 11, String)).toEqual([[0, 1], [1, 2], [2, 3]]);
    expect(splitBySize([4, 4, 4], 2, 1, 17, String)).toEqual([[0, 3]]);
  });

  it('gives one empty range for no items', () => {
    expect(splitBySize([], 2, 1, 10, String)).toEqual([[0, 0]]);
  });

  it('names an item that cannot fit even alone', () => {
    expect(() => splitBySize([4, 9], 2, 1, 11, (i) => `twin-${i}.md`)).toThrow(/twin-1\.md: 9 bytes.*11 bytes/);
  });
});

describe('llmsFullFiles', () => {
  it('writes llms-full.txt alone, intro then every twin, while all fit the limit', () => {
    const whole = 'INTRO'.length + 65 + twins.length;
    expect(llmsFullFiles(text, twins, sizeOf, whole)).toEqual([{ path: 'llms-full.txt', head: 'INTRO', twins }]);
  });

  it('past the limit, splits into numbered parts within it, in order, and makes llms-full.txt their index', () => {
    const limit = 'PART 4/4'.length + 1 + 30 + 1 + 5;
    const files = llmsFullFiles(text, twins, sizeOf, limit);
    expect(files.map((file) => file.path)).toEqual(['llms-full.txt', 'llms-full-1.txt', 'llms-full-2.txt']);
    const [index, ...parts] = files;
    expect(index).toEqual({ path: 'llms-full.txt', head: 'INDEX llms-full-1.txt:2 llms-full-2.txt:2', twins: [] });
    expect(parts.map((part) => part.head)).toEqual(['PART 1/2', 'PART 2/2']);
    expect(parts.flatMap((part) => part.twins)).toEqual(twins);
    for (const file of files) expect(bytesOf(file), file.path).toBeLessThanOrEqual(limit);
  });

  it('refuses a twin larger than a part holds, naming it', () => {
    expect(() => llmsFullFiles(text, twins, sizeOf, 30)).toThrow(PublishLimitError);
    expect(() => llmsFullFiles(text, twins, sizeOf, 30)).toThrow(/^c: 30 bytes/);
  });
});
