/** Active products without a tax code: Stripe Tax (and Managed Payments) cannot tax them right. */
import type Stripe from 'stripe';
import type { Budget } from './budget.ts';
import { requireList, requireLivemode, UnexpectedAnswer, answeredVersion } from './wire.ts';

export interface ProductCount {
  withoutTaxCode: number;
  /** From the first product, when there is one. */
  livemode?: boolean;
  version?: string;
}

const PAGE_SIZE = 100; // Stripe's largest page

export async function countProductsWithoutTaxCode(stripe: Stripe, budget: Budget): Promise<ProductCount> {
  const result: ProductCount = { withoutTaxCode: 0 };
  let startingAfter: string | undefined;
  for (;;) {
    const page = await stripe.products.list(
      { active: true, limit: PAGE_SIZE, ...(startingAfter !== undefined && { starting_after: startingAfter }) },
      { timeout: budget.requestTimeout() },
    );
    const list = requireList(page, 'the product list');
    result.version ??= answeredVersion(page);
    for (const product of list.data) {
      result.livemode ??= requireLivemode(product, 'a product');
      // The filter is asked of Stripe; checking it again costs nothing and keeps the count honest.
      if (product.active === true && !product.tax_code) result.withoutTaxCode += 1;
    }
    if (!list.has_more) return result;
    const last = list.data.at(-1)?.id as string | undefined;
    // A page that says "more" but does not move forward would loop until the deadline.
    if (last === undefined || last === startingAfter) throw new UnexpectedAnswer('the product list does not advance');
    startingAfter = last;
  }
}
