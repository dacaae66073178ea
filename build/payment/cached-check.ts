/** The check as the function calls it: one result per configuration, kept for 60 seconds. */
import type { PaymentHealth } from '../core/types.ts';
import { createResultCache } from './cache.ts';
import { checkPaymentHealth } from './check.ts';
import { configFingerprint } from './config.ts';
import type { PaymentEnv } from './config.ts';

export const HEALTH_TTL_MS = 60_000;

export interface CachedCheckOptions {
  ttlMs?: number;
  /** Milliseconds since the epoch; both the cache's age and checkedAt read it. */
  now?: () => number;
  check?: typeof checkPaymentHealth;
}

export type HealthCheck = (env: PaymentEnv, options?: { force?: boolean }) => Promise<PaymentHealth>;

export function cachedHealthCheck({ ttlMs = HEALTH_TTL_MS, now = () => Date.now(), check = checkPaymentHealth }: CachedCheckOptions = {}): HealthCheck {
  const cache = createResultCache<PaymentHealth>({ ttlMs, now });
  return (env, { force = false } = {}) =>
    cache.get(configFingerprint(env), () => check(env, { now: () => new Date(now()) }), force);
}
