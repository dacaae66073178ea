/** Bundle pricing: every third skill is free, counted from the most expensive down. */
import type { BundlePrice } from './types.ts';
import { CURRENCY, TAX_NOTE } from './types.ts';

/** What every price includes, in the one sentence every page, twin and description uses: the
 * schema's tax note (`tax` of every bundle price). */
export const PRICES_NOTE = `Prices are ${TAX_NOTE}.`;

/** The same for amounts given in cents: the API's and the MCP server's descriptions. */
export const PRICES_IN_CENTS_NOTE = `Prices are euro cents, ${TAX_NOTE}.`;

export const PRICING_RULE =
  'A bundle costs the sum of its skills\' net prices, except that, with the prices ordered from highest to lowest, every third skill (the 3rd, 6th, 9th, …) is free.';

export function bundlePrice(memberCents: readonly number[]): BundlePrice {
  const highFirst = [...memberCents].sort((a, b) => b - a);
  let list = 0;
  let amount = 0;
  highFirst.forEach((cents, index) => {
    list += cents;
    // Sorted high to low, the free 3rd, 6th, 9th… is the cheapest of each group of three.
    if ((index + 1) % 3 !== 0) amount += cents;
  });
  return {
    skill_count: memberCents.length,
    list_cents: list,
    amount_cents: amount,
    currency: CURRENCY,
    tax: TAX_NOTE,
  };
}
