import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { detached, detachStrings } from './detached.ts';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** The heap's bytes in use after a full collection. */
function liveBytes(): number {
  collect();
  collect();
  return getHeapStatistics().used_heap_size;
}

const MB = 1024 * 1024;

let texts = 0;

/** A 16 MB text made at run time (not a literal the code holds) and a 40-character slice of it. */
function sliceOfBigText(): { keep: (cut: (slice: string) => string) => string } {
  return {
    keep: (cut) => {
      const big = `text ${(texts += 1)}`.padEnd(16 * MB, 'abcdefghij');
      return cut(big.slice(100, 140));
    },
  };
}

describe('detached', () => {
  it('has the same characters', () => {
    const text = 'https://example.com/a/long/address — with a dash';
    expect(detached(text)).toBe(text);
    expect(detached('')).toBe('');
    expect(detached('x')).toBe('x');
  });

  it('lets the text it was cut from go, where a plain slice keeps it', () => {
    const before = liveBytes();
    const plain = sliceOfBigText().keep((slice) => slice);
    const kept = liveBytes() - before;
    const copy = sliceOfBigText().keep(detached);
    const keptByCopy = liveBytes() - before - kept;
    // A two-byte text would be 32 MB; this one is one-byte: 16 MB held by the plain slice alone.
    expect(kept).toBeGreaterThan(15 * MB);
    expect(keptByCopy).toBeLessThan(1 * MB);
    expect([plain.length, copy.length]).toEqual([40, 40]);
  });
});

describe('detachStrings', () => {
  it('replaces strings at any depth, keeps every other value, and visits a shared object once', () => {
    const shared = { name: 'shared entry name, long enough' };
    const data = { title: 'A title long enough to slice', tags: ['one', 'two'], price: 12, free: false, none: null, a: shared, b: shared, nested: [[{ deep: 'deep string' }]] };
    const result = detachStrings(data);
    expect(result).toBe(data);
    expect(result).toEqual({ title: 'A title long enough to slice', tags: ['one', 'two'], price: 12, free: false, none: null, a: shared, b: shared, nested: [[{ deep: 'deep string' }]] });
    expect(result.a).toBe(result.b);
    expect(detachStrings('alone')).toBe('alone');
    expect(detachStrings(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });

  it('lets the text the strings were cut from go', () => {
    const before = liveBytes();
    const data = sliceOfBigText().keep((slice) => detachStrings({ list: [slice] }).list[0]);
    expect(liveBytes() - before).toBeLessThan(1 * MB);
    expect(data).toHaveLength(40);
  });
});
