/**
 * The main thread's side of the build worker (dev/build-worker.ts): one build at a time (the caller,
 * dev/rebuild-queue.ts, sees to that), the worker kept between content changes and replaced after a
 * code change. A worker that cannot even load (a syntax error in the build's code) is a failed
 * build like any other: reported, and retried with fresh modules on the next save.
 *
 * A worker that stops after it has built (a crash outside the build's own error handling, an exit)
 * is replaced at once, and the terminal says so, so the next save builds as fast as ever; its
 * build, if one was running, is a failed build. One that stops before it ever finished a build
 * waits for the next save instead: started again at once, a worker whose code cannot run would
 * stop and start forever.
 */
import { Worker } from 'node:worker_threads';
import type { BuildOptions } from '../build/index.ts';
import type { ContentProblem } from '../build/content-error.ts';

export interface BuildFailure {
  /** content: the editor's problems (file, line, field); refused: the build's own check or lock;
   * changed: a file was saved while the build read it (nothing wrong: build again); crash: a bug. */
  kind: 'content' | 'refused' | 'changed' | 'crash';
  /** As `npm run build` prints it. */
  message: string;
  problems?: ContentProblem[];
}

export type BuildReply =
  | { type: 'log'; line: string }
  | { type: 'built'; files: number; rendered: number; ms: number }
  | { type: 'failed'; failure: BuildFailure; ms: number };

export type BuildOutcome = Extract<BuildReply, { type: 'built' | 'failed' }>;

export type WorkerBuildOptions = Omit<BuildOptions, 'log' | 'onPageRendered'>;

export interface BuilderLog {
  /** The build's own lines (its phases). */
  phase: (line: string) => void;
  /** What happened to the worker itself: always shown. */
  notice: (line: string) => void;
}

const BUILD_WORKER = new URL('./build-worker.ts', import.meta.url);

export class Builder {
  #worker: Worker | undefined;

  constructor(
    private readonly options: WorkerBuildOptions,
    private readonly log: BuilderLog,
  ) {}

  /** One build; `fresh` first replaces the worker, so edited code and schemas are loaded anew. */
  async build(fresh: boolean): Promise<BuildOutcome> {
    if (fresh) await this.close();
    const worker = (this.#worker ??= this.#start());
    return new Promise<BuildOutcome>((resolve) => {
      const started = performance.now();
      const settle = (outcome: BuildOutcome) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        resolve(outcome);
      };
      const onMessage = (reply: BuildReply) => {
        if (reply.type === 'log') this.log.phase(reply.line);
        else if (reply.type === 'built' || reply.type === 'failed') settle(reply);
      };
      const lost = (failure: BuildFailure) => settle({ type: 'failed', failure, ms: performance.now() - started });
      const onError = (error: Error) => lost({ kind: 'crash', message: error.stack ?? error.message });
      const onExit = (code: number) => lost({ kind: 'crash', message: `the build worker stopped (exit code ${code})` });
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage('build');
    });
  }

  /** A new worker, replaced by another if it stops on its own after it has finished a build. */
  #start(): Worker {
    const worker = new Worker(BUILD_WORKER, { workerData: this.options });
    let answered = false;
    worker.on('message', (reply: BuildReply) => {
      if (reply.type !== 'log') answered = true;
    });
    worker.once('exit', (code) => {
      // Ended by close(), which forgets it first: nothing to say.
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      if (!answered) {
        this.log.notice(`the build worker stopped (exit code ${code}) before it finished a build; the next save starts a new one`);
        return;
      }
      this.#worker = this.#start();
      this.log.notice(`the build worker stopped (exit code ${code}); started a new one, which builds the next save`);
    });
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }
}
