/** What the health function uses: parse the query, run the (cached) check, pick the status. The
 * query, its lifetimes and the age header are core/payment/, which openapi.json describes too. */
export { ageHeaders } from '../../core/payment/age.ts';
export { cachedHealthCheck } from './cached-check.ts';
export { HEALTH_FORCE_INTERVAL_MS, HEALTH_TTL_MS } from '../../core/payment/lifetimes.ts';
export type { HealthAnswer, HealthCheck } from './cached-check.ts';
export { httpStatusOf } from './issues.ts';
export { badHealthQueryBody, HEALTH_PATH, methodNotAllowedBody, parseHealthQuery } from '../../core/payment/health-query.ts';
