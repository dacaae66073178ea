/** Time left for the check: each request waits at most the timeout, and never past the deadline. */

export class DeadlineExceeded extends Error {
  constructor() {
    super('The payment health check ran out of time.');
    this.name = 'DeadlineExceeded';
  }
}

export interface Budget {
  /** Milliseconds the next request may wait; throws DeadlineExceeded when none are left. */
  requestTimeout(): number;
}

export function createBudget(timeoutMs: number, budgetMs: number, now: () => number = () => performance.now()): Budget {
  const deadline = now() + budgetMs;
  return {
    requestTimeout() {
      const left = Math.floor(deadline - now());
      if (left < 1) throw new DeadlineExceeded();
      return Math.min(timeoutMs, left);
    },
  };
}

/** Resolves true when `work` settles in time, false when `ms` pass first; never rejects for `work`. */
export function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    work.then(done, done);
  });
}
