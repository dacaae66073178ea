/** How page jobs are dealt out to the render workers. */
import { describe, expect, it } from 'vitest';
import { batchesOf, workerHeapMb } from './pool.ts';

describe('batchesOf', () => {
  it('deals small jobs out in batches of 24, in order', () => {
    const batches = batchesOf(50, Array(50).fill(2_000));
    expect(batches.map((batch) => batch.length)).toEqual([24, 24, 2]);
    expect(batches.flat()).toEqual([...Array(50).keys()]);
  });

  it("puts a large job (a cluster's page at 50,000 skills) in a batch of its own, so no batch holds several", () => {
    const sizes = [2_000, 6_000_000, 2_000, 7_000_000, 6_500_000, 2_000];
    expect(batchesOf(sizes.length, sizes)).toEqual([[0], [1], [2], [3], [4], [5]]);
  });

  it('closes a batch before it passes a megabyte of jobs', () => {
    expect(batchesOf(5, Array(5).fill(400_000))).toEqual([[0, 1], [2, 3], [4]]);
  });

  it('takes jobs without sizes for small ones', () => {
    expect(batchesOf(30, []).map((batch) => batch.length)).toEqual([24, 6]);
  });
});

describe('workerHeapMb', () => {
  it('grows with the largest batch a worker holds at once, from 256 MB for the code and what a worker keeps between pages', () => {
    expect(workerHeapMb(0)).toBe(256);
    expect(workerHeapMb(7 * 2 ** 20)).toBe(256 + 32 * 7);
  });
});
