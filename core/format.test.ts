/** How a count reads: as `toLocaleString('en')` writes a whole number, without Intl. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatEuro, grouped } from './format.ts';
import { propertyRuns } from '../test/helpers/property.ts';

describe('grouped', () => {
  it('writes a whole number as toLocaleString(\'en\') does', () => {
    fc.assert(fc.property(fc.oneof(fc.nat(), fc.maxSafeNat(), fc.integer({ min: 0, max: 99_999 })), (n) => {
      expect(grouped(n)).toBe(n.toLocaleString('en'));
    }), { numRuns: propertyRuns(200) });
    expect([0, 999, 1000, 32_768, 1_000_000].map(grouped)).toEqual(['0', '999', '1,000', '32,768', '1,000,000']);
  });

  it('groups the euros of a price', () => {
    expect(formatEuro(123_456_789)).toBe('€1,234,567.89');
  });
});
