/**
 * The last result, kept for a while in the function instance, and at most one check running at a
 * time: monitors polling every few seconds cost the provider one check per lifetime, and a flood of
 * requests, forced or not, costs one check however many arrive together (single flight).
 *
 * `force` asks for a fresh result, and gets one only when the kept result is at least
 * `forceIntervalMs` old: forced checks run at most once per that interval, so an unauthenticated
 * `?force=1` cannot make the instance call the provider on every request.
 */

export interface ResultCache<T> {
  /**
   * The kept result for `key` while it is fresh (with `force`: while younger than the force
   * interval), the running check's result when one runs for `key`, else the result of a new `run`.
   */
  get(key: string, run: () => Promise<T>, options?: { force?: boolean }): Promise<Kept<T>>;
}

export interface Kept<T> {
  value: T;
  /** When the check that made `value` finished (ms since the epoch, on the cache's clock). */
  settledAt: number;
}

interface Entry<T> {
  key: string;
  result: Promise<Kept<T>>;
  /** Set once the check finished; absent while it runs. */
  settledAt?: number;
}

export interface ResultCacheOptions {
  /** How long a result is served without a new check. */
  ttlMs: number;
  /** The youngest result `force` replaces; at most `ttlMs`. */
  forceIntervalMs: number;
  /** Read at each call (not a reference taken once), so a test's fake clock is seen. */
  now?: () => number;
}

export function createResultCache<T>({ ttlMs, forceIntervalMs, now = () => Date.now() }: ResultCacheOptions): ResultCache<T> {
  if (!(forceIntervalMs >= 0 && forceIntervalMs <= ttlMs)) {
    throw new RangeError(`createResultCache: forceIntervalMs must be from 0 to ttlMs (${ttlMs}), got ${forceIntervalMs}`);
  }
  let entry: Entry<T> | undefined;
  return {
    get(key, run, { force = false } = {}) {
      const current = entry;
      if (current && current.key === key) {
        // A running check is the freshest answer there can be: everyone waits for it.
        if (current.settledAt === undefined) return current.result;
        const age = now() - current.settledAt;
        if (age < (force ? forceIntervalMs : ttlMs)) return current.result;
      }
      const fresh = { key } as Entry<T>;
      // A run that throws at once fails like one that rejects.
      fresh.result = new Promise<T>((resolve) => resolve(run())).then(
        (value) => {
          fresh.settledAt = now();
          return { value, settledAt: fresh.settledAt };
        },
        (error: unknown) => {
          // A failure is not a result: the next caller tries again.
          if (entry === fresh) entry = undefined;
          throw error;
        },
      );
      entry = fresh;
      return fresh.result;
    },
  };
}
