/** What the health function uses: parse the query, run the (cached) check, pick the status. */
export { cachedHealthCheck, HEALTH_TTL_MS } from './cached-check.ts';
export type { HealthCheck } from './cached-check.ts';
export { httpStatusOf } from './issues.ts';
export { badHealthQueryBody, HEALTH_PATH, methodNotAllowedBody, parseHealthQuery } from './query.ts';
