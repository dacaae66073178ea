/**
 * Whether checkout runs under Stripe Managed Payments. It is a setting of each Checkout Session, not
 * of the account, so the newest session is the best evidence; with none yet, it cannot be known.
 */
import type Stripe from 'stripe';
import type { Budget } from './budget.ts';
import { requireList, requireLivemode, UnexpectedAnswer, answeredVersion } from './wire.ts';

export interface ManagedPaymentsReading {
  /** Undefined when no session says. */
  enabled?: boolean;
  livemode?: boolean;
  version?: string;
}

export async function readManagedPayments(stripe: Stripe, budget: Budget): Promise<ManagedPaymentsReading> {
  const page = await stripe.checkout.sessions.list({ limit: 1 }, { timeout: budget.requestTimeout() });
  const latest = requireList(page, 'the checkout session list').data[0];
  const version = answeredVersion(page);
  if (latest === undefined) return { ...(version && { version }) };
  const livemode = requireLivemode(latest, 'a checkout session');
  // API versions before Managed Payments do not have the field at all; null means it was not used.
  if (!('managed_payments' in latest)) return { livemode, ...(version && { version }) };
  const setting = latest.managed_payments as { enabled?: unknown } | null;
  if (setting === null) return { enabled: false, livemode, ...(version && { version }) };
  if (typeof setting?.enabled !== 'boolean') throw new UnexpectedAnswer('managed_payments has no enabled flag');
  return { enabled: setting.enabled, livemode, ...(version && { version }) };
}
