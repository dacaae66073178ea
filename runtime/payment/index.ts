/** What the health function uses: parse the query, run the (cached) check, pick the status. */
export { ageHeaders } from './age.ts';
export { cachedHealthCheck } from './cached-check.ts';
export { HEALTH_FORCE_INTERVAL_MS, HEALTH_TTL_MS } from './lifetimes.ts';
export type { HealthAnswer, HealthCheck } from './cached-check.ts';
export { httpStatusOf } from './issues.ts';
export { badHealthQueryBody, HEALTH_PATH, methodNotAllowedBody, parseHealthQuery } from './health-query.ts';
