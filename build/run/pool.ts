/**
 * Page jobs rendered on every core: a few worker threads, each fed small batches as it finishes the
 * last, so a slow batch never leaves a core idle. Each worker writes its files into the staging
 * folder itself and answers with their paths and object names only: rendered pages never cross
 * between threads, and this thread's memory stays the size of the model.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import type { PageFrame } from '../../site/pages/frame.ts';
import type { WrittenFile } from './reuse.ts';
import { jobName } from '../../site/pages/registry.ts';
import type { PageJob } from '../../site/pages/registry.ts';
import { PageRenderError } from '../../site/errors.ts';
import type { DocRef } from '../../site/pages/page-ref.ts';
import type { RenderTally } from '../../site/render/markdown-body.ts';
import type { BodyCacheSetup } from '../cache/bodies.ts';

/** Small enough to balance the load, large enough that messaging costs nothing. */
const BATCH = 24;
/** Batches in flight per worker: enough to keep it busy (about a second and a half of pages)
 * while this thread makes the other artifacts, whose longest (the search index) holds it that
 * long, and few enough that the workers' queues run dry together at the end. */
const IN_FLIGHT = 16;


export interface WorkerSetup {
  /** The worker's code: see workerBundle. */
  script: string;
  frame: PageFrame;
  /** The staging folder the worker writes into. */
  staging: string;
  /** True when that folder is the last one, kept: most files the worker writes are there already. */
  inPlace: boolean;
  /** Whether to name each file's object (the cache is on). */
  nameObjects: boolean;
  /** The rendered bodies' store, when the cache is on. */
  bodies?: BodyCacheSetup;
}

export type WorkerRequest =
  | { kind: 'batch'; batch: number; jobs: PageJob[] }
  | { kind: 'catalogue'; catalogJson: string; docs: DocRef[] };

export interface WorkerReply {
  /** What it answers: a batch (by its number), or the catalogue's own pages. */
  kind: WorkerRequest['kind'];
  batch: number;
  files: WrittenFile[][];
  /** The keys of the rendered bodies each job used (build/cache/bodies.ts). */
  bodies: string[][];
  tally: RenderTally;
  /** Bodies taken from the body cache instead of rendered. */
  bodiesReused: number;
}

/** The catalogue's own pages (the overview, the index pages, the clusters' pages, llms.txt), made
 * from the whole of catalog.json: one job, given to the first worker before any batch. */
export interface CatalogueJob {
  catalogJson: string;
  docs: DocRef[];
  onWritten: (files: WrittenFile[]) => void;
}

/** What the workers rendered, all told. */
export interface WorkersTally extends RenderTally {
  bodiesReused: number;
}

/**
 * Old-generation heap of a worker whose largest piece of work reads `inputBytes` of JSON. The
 * catalogue's pages hold about seven times catalog.json while they are made (they list all of it),
 * so eight; a page of cards (a cluster's page lists every skill of its cluster, thousands at 50,000
 * skills) holds many times its job's JSON, which carries only what the cards show. It is a ceiling
 * for the collector, not memory taken, and it must stand well clear of what a worker keeps live
 * between pages (its code, the body policy's verdicts, a batch in flight: about 100 MB at 4,000
 * skills): a ceiling just above that makes V8 collect on almost every allocation. With 64 MB as
 * the base a cold build of 4,000 skills took 45 s and 78 s of CPU on two threads, more than on one;
 * with 256 MB, 28 s and 47 s.
 */
export const workerHeapMb = (inputBytes: number, perByte = 8) => 256 + Math.ceil((perByte * inputBytes) / 2 ** 20);

/** Node's code for a worker stopped at its heap limit. */
const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';

/** What a page of cards holds per byte of its job's JSON, as a ceiling (see workerHeapMb). */
const CARD_PAGE_HEAP_PER_BYTE = 32;

/** A batch closes at BATCH jobs or at this much JSON, so that a large job (a cluster's page) goes
 * alone and a worker's heap follows the largest job rather than the sum of a batch of them. */
const BATCH_BYTES = 1024 * 1024;

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

function startWorker(setup: WorkerSetup, heapMb: number): Worker {
  const worker = new Worker(setup.script, { workerData: setup, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  live.add(worker);
  worker.once('exit', () => live.delete(worker));
  return worker;
}

/** The jobs' indexes in batches of at most BATCH jobs and BATCH_BYTES of JSON (a job larger than
 * that alone), in order. */
export function batchesOf(count: number, sizes: readonly number[]): number[][] {
  const batches: number[][] = [];
  let batchBytes = 0;
  for (let i = 0; i < count; i++) {
    const size = sizes[i] ?? 0;
    const last = batches.at(-1);
    if (last && last.length < BATCH && batchBytes + size <= BATCH_BYTES) {
      last.push(i);
      batchBytes += size;
    } else {
      batches.push([i]);
      batchBytes = size;
    }
  }
  return batches;
}

/**
 * Renders `jobs` on `threads` workers, and the catalogue's own pages when `catalogue` is given.
 * `sizes` are the jobs' sizes as JSON (their identities, registry.ts), which size the workers'
 * heaps (workerHeapMb); without them each job is taken to be small.
 */
export async function renderInWorkers(
  setup: WorkerSetup,
  jobs: readonly PageJob[],
  threads: number,
  onWritten: (jobIndex: number, files: WrittenFile[], bodies: string[]) => void,
  sizes: readonly number[] = [],
  catalogue?: CatalogueJob,
): Promise<WorkersTally> {
  const batches = batchesOf(jobs.length, sizes);
  const tally: WorkersTally = { bodies: 0, bodyMs: 0, bodiesReused: 0 };
  const largestBatch = Math.max(0, ...batches.map((batch) => batch.reduce((sum, i) => sum + (sizes[i] ?? 0), 0)));
  // The catalogue's worker holds the catalogue's pages, then batches, never both at once.
  const heapMb = Math.max(workerHeapMb(largestBatch, CARD_PAGE_HEAP_PER_BYTE), catalogue ? workerHeapMb(Buffer.byteLength(catalogue.catalogJson)) : 0);
  const workers = Array.from({ length: Math.max(catalogue ? 1 : 0, Math.min(threads, batches.length)) }, () => startWorker(setup, heapMb));
  const replies = batches.length + (catalogue ? 1 : 0);
  let next = 0;
  let done = 0;
  /** The batches each worker was given and has not answered yet (CATALOGUE for the catalogue's
   * pages), to name them if it dies. */
  const CATALOGUE = -1;
  const inFlight = new Map<Worker, Set<number>>(workers.map((worker) => [worker, new Set()]));
  const named = (batch: number) => (batch === CATALOGUE ? ['the catalogue\'s pages'] : batches[batch].map((i) => jobName(jobs[i])));
  try {
    await new Promise<void>((resolve, reject) => {
      if (replies === 0) return resolve();
      const feed = (worker: Worker) => {
        if (next >= batches.length) return;
        const batch = next++;
        inFlight.get(worker)!.add(batch);
        worker.postMessage({ kind: 'batch', batch, jobs: batches[batch].map((i) => jobs[i]) } satisfies WorkerRequest);
      };
      for (const worker of workers) {
        worker.on('message', (reply: WorkerReply) => {
          inFlight.get(worker)!.delete(reply.kind === 'catalogue' ? CATALOGUE : reply.batch);
          try {
            if (reply.kind === 'catalogue') catalogue!.onWritten(reply.files[0]);
            else reply.files.forEach((files, k) => onWritten(batches[reply.batch][k], files, reply.bodies[k] ?? []));
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
          reject(new PageRenderError(`a render worker (heap limit ${heapMb} MB) stopped while rendering ${shown.join(', ')}: ${error.message}`, { cause: error }));
        });
        worker.on('exit', (code) => {
          if (done < replies) reject(new PageRenderError(`a render worker stopped (exit code ${code}) with pages still to render`));
        });
      }
      if (catalogue) {
        inFlight.get(workers[0])!.add(CATALOGUE);
        workers[0].postMessage({ kind: 'catalogue', catalogJson: catalogue.catalogJson, docs: catalogue.docs } satisfies WorkerRequest);
      }
      for (const worker of workers) for (let i = 0; i < IN_FLIGHT; i++) feed(worker);
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return tally;
}
