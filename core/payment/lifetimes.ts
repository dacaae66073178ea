/** How long the payment check's result is kept, and how often `force` may replace it: per instance. */

export const HEALTH_TTL_MS = 60_000;

/**
 * The youngest result `force=1` replaces. Short enough for an operator who has just fixed a setting
 * and asks again; long enough that a flood of forced requests costs each instance at most six
 * checks a minute (three provider calls each) instead of three calls per request.
 */
export const HEALTH_FORCE_INTERVAL_MS = 10_000;
