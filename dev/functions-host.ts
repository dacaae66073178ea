/**
 * The main thread's side of the functions worker (dev/functions-worker.ts). `reload()` after each
 * build retires the worker over the old files; the next worker starts with the first call that
 * needs it, or once the builds have been quiet for a moment (WARM_AFTER_MS). Starting it at once
 * loaded the functions' modules on the same cores as the next save's build, which made that build
 * twice as slow. A call made while a worker loads waits for it, and calls still running in the
 * previous worker finish there before it is ended.
 */
import { Worker } from 'node:worker_threads';
import type { FunctionAnswer, FunctionCall, FunctionsWorkerData } from './functions-worker.ts';

interface Generation {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, (answer: FunctionAnswer) => void>;
  retired: boolean;
}

/** How long after a build, with no other build meanwhile, the next worker starts on its own. */
export const WARM_AFTER_MS = 1_500;

export class FunctionsHost {
  #current: Generation | undefined;
  #nextId = 0;
  #warm: NodeJS.Timeout | undefined;
  #started = 0;

  /** `env` holds where the build's files are (CATALOG_DATA_PATH, SEARCH_DATA_DIR). */
  constructor(
    private readonly data: () => FunctionsWorkerData,
    private readonly env: Record<string, string>,
    private readonly log: (line: string) => void,
  ) {}

  /** The build's files changed: the current worker is retired, and the next starts when needed. */
  reload(): void {
    if (this.#current) this.#retire(this.#current);
    this.#current = undefined;
    clearTimeout(this.#warm);
    this.#warm = setTimeout(() => this.#current ?? this.#start(), WARM_AFTER_MS);
    // A waiting start never keeps the process alive.
    this.#warm.unref();
  }

  /** How many workers this host has started. */
  get started(): number {
    return this.#started;
  }

  #start(): Generation {
    this.#started += 1;
    const worker = new Worker(new URL('./functions-worker.ts', import.meta.url), { workerData: this.data(), env: { ...process.env, ...this.env } });
    const generation: Generation = { worker, pending: new Map(), retired: false, ready: Promise.resolve() };
    generation.ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    generation.ready.catch((error: Error) => this.log(`functions could not load: ${error.stack ?? error.message}`));
    worker.on('message', (answer: FunctionAnswer | 'ready') => {
      if (answer === 'ready') return;
      generation.pending.get(answer.id)?.(answer);
      generation.pending.delete(answer.id);
      if (generation.retired && generation.pending.size === 0) void worker.terminate();
    });
    worker.on('exit', () => {
      for (const [id, answer] of generation.pending) answer({ id, error: 'the functions worker stopped' });
      generation.pending.clear();
    });
    this.#current = generation;
    return generation;
  }

  async call(request: Omit<FunctionCall, 'id'>): Promise<FunctionAnswer> {
    const generation = this.#current ?? this.#start();
    const id = this.#nextId++;
    // Counted as pending before the worker is ready, so a reload meanwhile does not end it under the call.
    const answered = new Promise<FunctionAnswer>((resolve) => generation.pending.set(id, resolve));
    try {
      await generation.ready;
    } catch (error) {
      generation.pending.delete(id);
      return { id, error: `the functions could not load: ${(error as Error).stack ?? String(error)}` };
    }
    generation.worker.postMessage({ ...request, id } satisfies FunctionCall);
    return answered;
  }

  async close(): Promise<void> {
    clearTimeout(this.#warm);
    const generation = this.#current;
    this.#current = undefined;
    await generation?.worker.terminate();
  }

  #retire(generation: Generation): void {
    generation.retired = true;
    if (generation.pending.size === 0) void generation.worker.terminate();
  }
}
