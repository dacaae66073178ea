/** What can be told about a Stripe secret key without sending it anywhere. */
import type { PaymentMode } from '../../core/types.ts';

// Secret (sk_) and restricted (rk_) keys; publishable keys (pk_) cannot call the API that is checked.
const PREFIX = /^(?:sk|rk)_(test|live)_/;
// Stripe keys are ASCII letters and digits after the prefix, at most 255 characters in all. Anything
// else (a space, a quote, a newline pasted with the value) would be refused by Stripe anyway, and is
// cheaper to name here than to send.
const WELL_FORMED = /^(?:sk|rk)_(?:test|live)_[0-9A-Za-z]{16,240}$/;

/** `test` or `live` from the key's prefix; undefined when the prefix is not a secret key's. */
export function keyMode(key: string): PaymentMode | undefined {
  return PREFIX.exec(key)?.[1] as PaymentMode | undefined;
}

export function isWellFormedKey(key: string): boolean {
  return WELL_FORMED.test(key);
}
