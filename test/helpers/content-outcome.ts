/** What checking or building some content came to: done, or refused with the problems it names. */
import { ContentError } from '../../build/content-error.ts';
import type { ContentProblem } from '../../build/content-error.ts';

export type Outcome = { ok: true } | { ok: false; problems: readonly ContentProblem[] };

/** Runs a check or a build; a ContentError is an outcome, anything else a failure of the test. */
export async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    await run();
    return { ok: true };
  } catch (error) {
    if (error instanceof ContentError) return { ok: false, problems: error.problems };
    throw error;
  }
}
