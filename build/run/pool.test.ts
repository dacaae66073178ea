/** How pages are dealt out to the render workers. */
import { describe, expect, it } from 'vitest';
import { batchesOf } from './pool.ts';

describe('batchesOf', () => {
  it('deals pages out in batches of 24, in order', () => {
    const batches = batchesOf(50);
    expect(batches.map((batch) => batch.length)).toEqual([24, 24, 2]);
    expect(batches.flat()).toEqual([...Array(50).keys()]);
  });

  it('makes no batch of nothing', () => {
    expect(batchesOf(0)).toEqual([]);
  });
});
