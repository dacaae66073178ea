/**
 * Rebuilds one at a time: a change that arrives while a build runs is not lost and does not start a
 * second build beside the first (both would write the same output); it queues exactly one more
 * build, which starts when the running one ends and covers every change that arrived meanwhile.
 */

/** What changed since the last build started: content only, or also code (which needs fresh modules). */
export type ChangeKind = 'content' | 'code';

export class RebuildQueue {
  #running: Promise<void> | undefined;
  #pending: { code: boolean } | undefined;

  /** `run(codeChanged)` is one rebuild; it must not throw (it reports its own failures). */
  constructor(private readonly run: (codeChanged: boolean) => Promise<void>) {}

  request(kind: ChangeKind): void {
    this.#pending = { code: (this.#pending?.code ?? false) || kind === 'code' };
    this.#running ??= this.#drain().finally(() => {
      this.#running = undefined;
    });
  }

  /** Whether a build is queued behind the one that runs. */
  get pending(): boolean {
    return this.#pending !== undefined;
  }

  /** Resolves once no build runs and none is queued. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    while (this.#pending) {
      const { code } = this.#pending;
      this.#pending = undefined;
      await this.run(code);
    }
  }
}
