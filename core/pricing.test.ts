import { describe, expect, it } from 'vitest';
import { bundlePrice } from './pricing.ts';

describe('bundlePrice', () => {
  it('makes the third of three equal skills free (DESIGN.md example)', () => {
    expect(bundlePrice([1900, 1900, 1900])).toEqual({
      skill_count: 3, list_cents: 5700, amount_cents: 3800, currency: 'EUR', tax: 'net, VAT added at checkout',
    });
  });

  it('frees the cheapest of each group of three, counted from the most expensive down', () => {
    // High to low: 4900, 2900, [900 free], 1900, 1900, [1900 free], 900
    expect(bundlePrice([900, 1900, 4900, 1900, 2900, 1900, 900])).toMatchObject({
      list_cents: 15300,
      amount_cents: 15300 - 900 - 1900,
    });
  });

  it('gives nothing free below three skills', () => {
    expect(bundlePrice([1900, 2900])).toMatchObject({ skill_count: 2, list_cents: 4800, amount_cents: 4800 });
  });

  it('frees positions 3, 6 and 9 of nine', () => {
    const prices = [9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => n * 100);
    expect(bundlePrice(prices).amount_cents).toBe(4500 - (700 + 400 + 100));
  });

  it('does not depend on the order the members are listed in', () => {
    expect(bundlePrice([900, 2900, 1900])).toEqual(bundlePrice([2900, 1900, 900]));
  });
});
