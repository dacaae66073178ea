/**
 * Stripe's answers as this check reads them. The client parses any JSON; these guards make sure it
 * is the object asked for, so a proxy's or a stub's JSON is "not understood", not silently zero.
 */

export class UnexpectedAnswer extends Error {
  constructor(what: string) {
    super(`The payment provider's answer was not understood: ${what}.`);
    this.name = 'UnexpectedAnswer';
  }
}

export interface StripeList {
  object: 'list';
  data: Record<string, unknown>[];
  has_more: boolean;
}

export function requireList(value: unknown, what: string): StripeList {
  const list = value as Partial<StripeList> | null;
  if (
    typeof list !== 'object' || list === null || list.object !== 'list' || typeof list.has_more !== 'boolean' ||
    !Array.isArray(list.data) || !list.data.every((item) => typeof item === 'object' && item !== null && typeof item.id === 'string')
  ) {
    throw new UnexpectedAnswer(`${what} is not a list`);
  }
  return list as StripeList;
}

/** `livemode` of an object Stripe returned, which every API object carries. */
export function requireLivemode(value: unknown, what: string): boolean {
  const livemode = (value as { livemode?: unknown } | null)?.livemode;
  if (typeof livemode !== 'boolean') throw new UnexpectedAnswer(`${what} has no livemode`);
  return livemode;
}

/** The API version Stripe answered in (its `stripe-version` header), when it said. */
export function answeredVersion(value: unknown): string | undefined {
  const version = (value as { lastResponse?: { apiVersion?: unknown } } | null)?.lastResponse?.apiVersion;
  return typeof version === 'string' && version !== '' ? version : undefined;
}
