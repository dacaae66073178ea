import { describe, expect, it } from 'vitest';
import { jsonPieces } from './json-pieces.ts';

describe('jsonPieces', () => {
  const value = {
    format: 2,
    skipped: undefined,
    fingerprints: { check: 'a', render: 'b' },
    documents: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`key-${i}`, `{"title":"Caf\u00e9 \u2014 ${i} \u{1f600}"}`])),
    outputs: { one: [['index.html', 'abc']], gone: undefined, two: [] },
    empty: {},
    list: [1, { a: 2 }],
    none: null,
  };

  it("joins to JSON.stringify's text exactly, in pieces of about the size asked for", () => {
    const pieces = [...jsonPieces(value, 100)];
    expect(pieces.join('')).toBe(JSON.stringify(value));
    expect(pieces.length).toBeGreaterThan(10);
    // A piece closes at the first entry past the size, so none is much larger.
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(200);
  });

  it('is one piece for a small value, and {} for an empty one', () => {
    expect([...jsonPieces(value)]).toEqual([JSON.stringify(value)]);
    expect([...jsonPieces({})]).toEqual(['{}']);
  });
});
