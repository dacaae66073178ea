/**
 * What every check shares: the client, the deploy under test, the build it reported, and the one
 * place results are recorded. `run` turns a check's problems into a pass or a fail, a `--local`
 * skip into a skip with its reason, and an answer that never came into a fail naming why.
 */
import type { BuildStamp } from '../../core/headers.ts';
import type { Client } from './client.ts';
import { NoAnswer } from './client.ts';
import type { Result } from './report.ts';
import { LOCAL_SKIPS } from './names.ts';
import type { CheckName } from './names.ts';
import type { Problems } from './expect.ts';
import type { VerifyOptions } from './options.ts';

/** A check's finding: its problems, or what it saw when there are none. */
export interface Finding {
  problems: Problems;
  /** Said of a pass: what was seen. */
  detail: string;
}

export class Context {
  readonly results: Result[] = [];
  private readonly seen = new Set<string>();

  constructor(
    readonly client: Client,
    readonly options: VerifyOptions,
    /** The build that answered version.json: every later answer must come from it. */
    readonly stamp: BuildStamp,
  ) {}

  /** The deploy under test, without a trailing slash. */
  get target(): string {
    return this.options.base;
  }

  /** An address on the deploy under test. */
  url(path: string): string {
    return `${this.target}${path}`;
  }

  /** Runs one check on one URL once, and records its result. */
  async run(check: CheckName, url: string, body: () => Promise<Finding>): Promise<boolean> {
    const key = `${check}\u0000${url}`;
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    const localReason = this.options.local ? LOCAL_SKIPS[check] : undefined;
    if (localReason !== undefined) {
      this.results.push({ check, url, outcome: 'skip', detail: `--local: ${localReason}` });
      return true;
    }
    try {
      const { problems, detail } = await body();
      const unique = [...new Set(problems)];
      this.results.push(unique.length === 0 ? { check, url, outcome: 'pass', detail } : { check, url, outcome: 'fail', detail: unique.join('; ') });
      return unique.length === 0;
    } catch (error) {
      const detail = error instanceof NoAnswer ? `no answer: ${error.reason}` : `the check failed: ${(error as Error).message}`;
      this.results.push({ check, url, outcome: 'fail', detail });
      return false;
    }
  }

  skip(check: CheckName, url: string, reason: string): void {
    this.results.push({ check, url, outcome: 'skip', detail: reason });
  }

  fail(check: CheckName, url: string, detail: string): void {
    this.results.push({ check, url, outcome: 'fail', detail });
  }
}
