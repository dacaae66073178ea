/**
 * The check as the function calls it: one result per configuration, kept for 60 seconds, one check
 * at a time, and `force` honoured at most once every 10 seconds, all per function instance.
 */
import type { PaymentHealth } from '../../core/types.ts';
import { createResultCache } from './result-cache.ts';
import { checkPaymentHealth } from './check.ts';
import { configFingerprint } from './config.ts';
import type { PaymentEnv } from './config.ts';
import { HEALTH_FORCE_INTERVAL_MS, HEALTH_TTL_MS } from '../../core/payment/lifetimes.ts';

export interface CachedCheckOptions {
  ttlMs?: number;
  forceIntervalMs?: number;
  /** Milliseconds since the epoch; the cache's ages, `ageSeconds` and checkedAt all read it. */
  now?: () => number;
  check?: typeof checkPaymentHealth;
}

export interface HealthAnswer {
  health: PaymentHealth;
  /** Whole seconds since the check that made `health` finished: 0 for a check run for this request. */
  ageSeconds: number;
}

export type HealthCheck = (env: PaymentEnv, options?: { force?: boolean }) => Promise<HealthAnswer>;

export function cachedHealthCheck({
  ttlMs = HEALTH_TTL_MS,
  forceIntervalMs = HEALTH_FORCE_INTERVAL_MS,
  now = () => Date.now(),
  check = checkPaymentHealth,
}: CachedCheckOptions = {}): HealthCheck {
  const cache = createResultCache<PaymentHealth>({ ttlMs, forceIntervalMs, now });
  return async (env, { force = false } = {}) => {
    const kept = await cache.get(configFingerprint(env), () => check(env, { now: () => new Date(now()) }), { force });
    // A clock set back (NTP, a test) must not give a negative age.
    return { health: kept.value, ageSeconds: Math.max(0, Math.floor((now() - kept.settledAt) / 1000)) };
  };
}
