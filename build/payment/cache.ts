/**
 * The last result, kept for a while in the function instance: monitors polling every few seconds
 * cost the provider one check per minute. Callers asking while a check runs share it.
 */

export interface ResultCache<T> {
  /** The kept result for `key` while it is fresh, else (or with `force`) the result of `run`. */
  get(key: string, run: () => Promise<T>, force?: boolean): Promise<T>;
}

interface Entry<T> {
  key: string;
  value: Promise<T>;
  /** When the value arrived; undefined while the check runs. */
  settledAt?: number;
}

// `now` reads the clock at each call (not a reference taken once), so a test's fake clock is seen.
export function createResultCache<T>({ ttlMs, now = () => Date.now() }: { ttlMs: number; now?: () => number }): ResultCache<T> {
  let entry: Entry<T> | undefined;
  return {
    get(key, run, force = false) {
      const current = entry;
      if (!force && current && current.key === key && (current.settledAt === undefined || now() - current.settledAt < ttlMs)) {
        return current.value;
      }
      const fresh: Entry<T> = { key, value: run() };
      entry = fresh;
      fresh.value.then(
        () => {
          fresh.settledAt = now();
        },
        // A failure is not a result: the next caller tries again.
        () => {
          if (entry === fresh) entry = undefined;
        },
      );
      return fresh.value;
    },
  };
}
