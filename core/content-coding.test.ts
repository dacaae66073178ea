import { describe, expect, it } from 'vitest';
import { mayGzip } from './content-coding.ts';

describe('mayGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['identity', false],
    ['br', false],
    ['gzip;q=0', false],
    ['*, gzip;q=0', false],
    ['*;q=0', false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(mayGzip(header)).toBe(expected);
  });

  it('is true without the header: the client states no preference (RFC 9110 §12.5.3)', () => {
    expect(mayGzip(null)).toBe(true);
  });
});
