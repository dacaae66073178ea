/**
 * Page jobs rendered on every core: a few worker threads, each fed small batches as it finishes the
 * last, so a slow batch never leaves a core idle. Each worker writes its files into the staging
 * folder itself and answers with their paths and object names only: rendered pages never cross
 * between threads, and this thread's memory stays the size of the model.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import type { PageFrame } from './frame.ts';
import type { WrittenFile } from '../../cache/reuse.ts';
import type { PageJob } from './registry.ts';
import { PageRenderError } from '../../build-errors.ts';
import type { DocRef } from './page-ref.ts';
import type { RenderTally } from '../../render/markdown-body.ts';
import type { BodyCacheSetup } from '../../render/body-cache.ts';

/** Small enough to balance the load, large enough that messaging costs nothing. */
const BATCH = 24;
/** Batches in flight per worker: enough to keep it busy while this thread renders a catalogue
 * page or writes the last results. */
const IN_FLIGHT = 4;


export interface WorkerSetup {
  /** The worker's code: see workerBundle. */
  script: string;
  frame: PageFrame;
  /** The staging folder the worker writes into. */
  staging: string;
  /** Whether to name each file's object (the cache is on). */
  nameObjects: boolean;
  /** The rendered bodies' store, when the cache is on. */
  bodies?: BodyCacheSetup;
}

export type WorkerRequest =
  | { kind: 'batch'; batch: number; jobs: PageJob[] }
  | { kind: 'catalogue'; catalogJson: string; docs: DocRef[] };

export interface WorkerReply {
  batch: number;
  files: WrittenFile[][];
  /** The keys of the rendered bodies each job used (build/render/body-cache.ts). */
  bodies: string[][];
  tally: RenderTally;
  /** Bodies taken from the body cache instead of rendered. */
  bodiesReused: number;
}

/** What the workers rendered, all told. */
export interface WorkersTally extends RenderTally {
  bodiesReused: number;
}

/** Old-generation heap of an item worker: a batch's pages are small, and a capped heap is
 * collected early instead of growing the process by hundreds of megabytes of garbage. */
const ITEM_HEAP_MB = 64;
/** The catalogue's pages hold the whole catalogue and a page listing all of it: measured at about
 * seven times catalog.json's size, so eight, plus room for the code. */
const catalogueHeapMb = (catalogBytes: number) => 64 + Math.ceil((8 * catalogBytes) / 2 ** 20);

const BUNDLES = fileURLToPath(new URL('../../../node_modules/.cache/skill-catalogue-workers/', import.meta.url));

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
  // Bundles of other code are of no further use.
  for (const other of readdirSync(BUNDLES)) {
    if (/\.mjs(\.map)?$/.test(other) && !join(BUNDLES, other).startsWith(file)) rmSync(join(BUNDLES, other), { force: true });
  }
  return file;
}

function startWorker(setup: WorkerSetup, heapMb: number): Worker {
  return new Worker(setup.script, { workerData: setup, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
}

export async function renderInWorkers(
  setup: WorkerSetup,
  jobs: readonly PageJob[],
  threads: number,
  onWritten: (jobIndex: number, files: WrittenFile[], bodies: string[]) => void,
): Promise<WorkersTally> {
  const batches: number[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH).map((_, k) => i + k));
  const tally: WorkersTally = { bodies: 0, bodyMs: 0, bodiesReused: 0 };
  const workers = Array.from({ length: Math.min(threads, batches.length) }, () => startWorker(setup, ITEM_HEAP_MB));
  let next = 0;
  let done = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      if (batches.length === 0) return resolve();
      const feed = (worker: Worker) => {
        if (next >= batches.length) return;
        const batch = next++;
        worker.postMessage({ kind: 'batch', batch, jobs: batches[batch].map((i) => jobs[i]) } satisfies WorkerRequest);
      };
      for (const worker of workers) {
        worker.on('message', (reply: WorkerReply) => {
          try {
            reply.files.forEach((files, k) => onWritten(batches[reply.batch][k], files, reply.bodies[k] ?? []));
          } catch (error) {
            return reject(error);
          }
          tally.bodies += reply.tally.bodies;
          tally.bodyMs += reply.tally.bodyMs;
          tally.bodiesReused += reply.bodiesReused;
          if (++done === batches.length) return resolve();
          feed(worker);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (done < batches.length) reject(new PageRenderError(`a render worker stopped (exit code ${code}) with pages still to render`));
        });
        for (let i = 0; i < IN_FLIGHT; i++) feed(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return tally;
}

/** The catalogue's own pages in a worker of their own, its heap sized to the catalogue. */
export async function renderCatalogueInWorker(setup: WorkerSetup, catalogJson: string, docs: DocRef[]): Promise<WrittenFile[]> {
  const worker = startWorker(setup, catalogueHeapMb(Buffer.byteLength(catalogJson)));
  try {
    return await new Promise<WrittenFile[]>((resolve, reject) => {
      worker.on('message', (reply: WorkerReply) => resolve(reply.files[0]));
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new PageRenderError(`the catalogue pages' worker stopped (exit code ${code})`)));
      worker.postMessage({ kind: 'catalogue', catalogJson, docs } satisfies WorkerRequest);
    });
  } finally {
    await worker.terminate();
  }
}
