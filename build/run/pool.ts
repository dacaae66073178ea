/**
 * Pages rendered on every core: this thread and a worker thread for each other core, each taking
 * small batches from one queue as it finishes the last, so a slow batch never leaves a core idle.
 * This thread makes the tasks only it can make (those that read the model it holds) between the
 * workers' answers, then takes batches too; it is one renderer rather than a dispatcher beside
 * them, so a build holds one isolate fewer (its heap, its copy of the code). Each worker writes
 * its files into the build's folder itself and answers with their paths and sizes only: rendered
 * pages never cross between threads.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
// A turn of the event loop: the workers' answers waiting are taken, and they are fed again.
import { setImmediate as turn } from 'node:timers/promises';
import { buildSync } from 'esbuild';
import type { PageFrame } from '../../site/pages/frame.ts';
import { taskName } from '../../site/pages/registry.ts';
import type { PageTask } from '../../site/pages/registry.ts';
import { PageRenderError } from '../../site/errors.ts';
import type { RenderTally } from '../../site/render/markdown-body.ts';
import type { BodyStore } from './bodies.ts';

/** A file a renderer wrote into the build's folder: its path and its size. */
export type WrittenFile = [path: string, size: number];

/** Small enough to balance the load, large enough that messaging costs nothing. */
export const BATCH = 24;
/** Batches in flight per worker while the queue is long: enough to keep it busy (about a second
 * and a half of pages) while this thread makes an artifact, whose longest (the search index) holds
 * it that long. Near the end a worker holds only its share of what is left (renderOnThreads). */
export const IN_FLIGHT = 16;


export interface WorkerSetup {
  /** The worker's code: see workerBundle. */
  script: string;
  frame: PageFrame;
  /** The folder the worker writes into (build/output.ts), and whether it started empty (no file is there to replace). */
  folder: string;
  fresh: boolean;
  /** The rendered bodies' store, when the cache is on. */
  bodies?: BodyStore;
}

export interface WorkerRequest {
  batch: number;
  jobs: PageTask[];
}

export interface WorkerReply {
  /** The batch it answers, by its number. */
  batch: number;
  files: WrittenFile[][];
  tally: RenderTally;
  /** Bodies taken from the body store instead of rendered. */
  bodiesReused: number;
}

/** What the workers rendered, all told. */
export interface WorkersTally extends RenderTally {
  bodiesReused: number;
}

/**
 * Old-generation heap of a worker: a ceiling for the collector, not memory taken, and it must stand
 * well clear of what a worker keeps live between pages (its code, the body policy's verdicts, a
 * batch in flight: about 100 MB at 4,000 skills): a ceiling just above that makes V8 collect on
 * almost every allocation. With 64 MB a cold build of 4,000 skills took 45 s and 78 s of CPU on
 * two threads, more than on one; with 256 MB, 28 s and 47 s. No page holds more than a listing
 * page's hundred cards.
 */
export const WORKER_HEAP_MB = 256;

/** Node's code for a worker stopped at its heap limit. */
const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';

const BUNDLES = fileURLToPath(new URL('../../node_modules/.cache/skill-catalogue-workers/', import.meta.url));

/**
 * The worker's code as one JavaScript file, bundled once per version of the code (`codeVersion`,
 * the build's code fingerprint). Started through tsx instead, each worker would compile every
 * module again (half a second) beside a loader thread of its own; bundled, it starts in 70 ms.
 */
export function workerBundle(codeVersion: string): string {
  const file = join(BUNDLES, `render-worker-${codeVersion}.mjs`);
  if (existsSync(file)) return file;
  mkdirSync(BUNDLES, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  buildSync({
    entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    // Beside it, unreferenced: what `npm run bench` traces a profile's samples back to packages with.
    sourcemap: 'external',
    // Some dependencies are CommonJS that require Node's built-ins.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  renameSync(`${temporary}.map`, `${file}.map`);
  renameSync(temporary, file);
  // Bundles of other code are of no further use here, but another copy of the project sharing
  // node_modules (a second work tree) may be building with one right now: only those a day old go.
  const stale = Date.now() - 24 * 60 * 60 * 1000;
  for (const other of readdirSync(BUNDLES)) {
    const path = join(BUNDLES, other);
    if (/\.mjs(\.map)?$/.test(other) && !path.startsWith(file) && (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < stale) rmSync(path, { force: true });
  }
  return file;
}

/** Workers started and not yet exited: none once a build has ended, however it ended, since they
 * write into its output folder. */
const live = new Set<Worker>();
export const liveWorkers = (): number => live.size;

function startWorker(setup: WorkerSetup): Worker {
  const worker = new Worker(setup.script, { workerData: setup, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  live.add(worker);
  worker.once('exit', () => live.delete(worker));
  return worker;
}

/** The jobs' indexes in batches of at most BATCH jobs, in order. */
export function batchesOf(count: number): number[][] {
  const batches: number[][] = [];
  for (let i = 0; i < count; i += BATCH) batches.push(Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => i + k));
  return batches;
}

/** What this thread renders itself, between the workers' answers, when it is one of the renderers. */
export interface HereRenderer {
  /** Renders one job (its index in the jobs given) and writes its files, in this thread. */
  job: (job: PageTask, jobIndex: number) => void;
  /** This thread's own work (the tasks only it can make), a step at a time between the workers'
   * answers, before it takes batches of pages too. */
  first?: Iterable<unknown>;
}

/**
 * Renders `jobs` on `workerCount` worker threads and, when `here` is given, on this thread too: it
 * takes batches from the same queue between the workers' answers. `onWritten` is told of each job
 * a worker wrote.
 */
export async function renderOnThreads(
  setup: WorkerSetup,
  jobs: readonly PageTask[],
  workerCount: number,
  onWritten: (jobIndex: number, files: WrittenFile[]) => void,
  here?: HereRenderer,
): Promise<WorkersTally> {
  const batches = batchesOf(jobs.length);
  const tally: WorkersTally = { bodies: 0, bodyMs: 0, bodiesReused: 0 };
  const workers = Array.from({ length: Math.min(workerCount, batches.length) }, () => startWorker(setup));
  const renderers = workers.length + (here ? 1 : 0);
  if (renderers === 0 && batches.length > 0) throw new PageRenderError('no thread to render the pages on');
  const replies = batches.length + (here?.first ? 1 : 0);
  let next = 0;
  let done = 0;
  /** The batches each worker was given and has not answered yet, to name them if it dies. */
  const inFlight = new Map<Worker, Set<number>>(workers.map((worker) => [worker, new Set()]));
  const named = (batch: number) => batches[batch].map((i) => taskName(jobs[i]));
  /** How many batches a worker may hold: IN_FLIGHT while the queue is long, then its share of what
   * is left, so that no renderer still holds a queue of them when the others run dry. */
  const holds = () => Math.min(IN_FLIGHT, Math.max(2, Math.ceil((batches.length - next) / renderers)));
  try {
    await new Promise<void>((resolve, fail) => {
      if (replies === 0) return resolve();
      // Once the pages have failed, this thread renders no more of them.
      let failed = false;
      const reject = (error: unknown) => {
        failed = true;
        fail(error);
      };
      const feed = (worker: Worker) => {
        if (next >= batches.length || inFlight.get(worker)!.size >= holds()) return;
        const batch = next++;
        inFlight.get(worker)!.add(batch);
        worker.postMessage({ batch, jobs: batches[batch].map((i) => jobs[i]) } satisfies WorkerRequest);
      };
      for (const worker of workers) {
        worker.on('message', (reply: WorkerReply) => {
          inFlight.get(worker)!.delete(reply.batch);
          try {
            reply.files.forEach((files, k) => onWritten(batches[reply.batch][k], files));
          } catch (error) {
            return reject(error);
          }
          tally.bodies += reply.tally.bodies;
          tally.bodyMs += reply.tally.bodyMs;
          tally.bodiesReused += reply.bodiesReused;
          if (++done === replies) return resolve();
          feed(worker);
        });
        worker.on('error', (error) => {
          // A page that throws is named by the worker itself; a worker that runs out of heap is
          // named here, with the pages it had been given.
          if ((error as NodeJS.ErrnoException).code !== OUT_OF_MEMORY) return reject(error);
          const pages = [...inFlight.get(worker)!].flatMap(named);
          const shown = pages.length > 6 ? [...pages.slice(0, 6), `${pages.length - 6} more`] : pages;
          reject(new PageRenderError(`a render worker (heap limit ${WORKER_HEAP_MB} MB) stopped while rendering ${shown.join(', ')}: ${error.message}`, { cause: error }));
        });
        worker.on('exit', (code) => {
          if (done < replies) reject(new PageRenderError(`a render worker stopped (exit code ${code}) with pages still to render`));
        });
      }
      /** This thread's share: its own work, then batches while any are left. */
      const renderHere = async ({ job, first }: HereRenderer): Promise<void> => {
        if (first) {
          for (const _step of first) {
            if (failed) return;
            await turn();
          }
          if (++done === replies) return resolve();
        }
        while (next < batches.length && !failed) {
          const batch = next++;
          for (const i of batches[batch]) job(jobs[i], i);
          if (++done === replies) return resolve();
          await turn();
        }
      };
      for (const worker of workers) for (let i = 0; i < IN_FLIGHT; i++) feed(worker);
      if (here) renderHere(here).catch(reject);
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return tally;
}
