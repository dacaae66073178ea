/**
 * Every page and Markdown twin, and llms-full.txt: each page job's HTML page is taken from the
 * cache when an identical one (same code, frame and input) was rendered before, its twin when one
 * of the same code, input and the part of the frame a twin reads (TwinFrame) was; what the cache
 * lacks is rendered, on every core when there is enough to render. Each file is written the moment
 * it exists.
 */
import { availableParallelism } from 'node:os';
import type { BuildCache } from '../cache/index.ts';
import { cacheUse } from './reuse.ts';
import type { CacheUse } from './reuse.ts';
import type { OutputFolder } from './output.ts';
import { renderTally } from '../../site/render/markdown-body.ts';
import { bodiesReused, takeBodiesUsed, useBodyCache } from '../cache/bodies.ts';
import type { RenderTally } from '../../site/render/markdown-body.ts';
import { llmsFullText } from '../../site/llms.ts';
import { LLMS_FULL_MAX_BYTES, llmsFullFiles } from '../../site/llms-full.ts';
import type { LlmsFullText } from '../../site/llms-full.ts';
import { siteFrame } from '../emit/assets.ts';
import { twinFrameOf } from '../../site/pages/frame.ts';
import type { PageFrame } from '../../site/pages/frame.ts';
import type { DocRef } from '../../site/pages/page-ref.ts';
import { cataloguePages, jobIdentity, pageJobs, renderJobFiles, twinFileOf } from '../../site/pages/registry.ts';
import { buildBodies } from './bodies.ts';
import type { PageJob } from '../../site/pages/registry.ts';
import { renderOnThreads, workerBundle } from './pool.ts';
import type { WrittenFile } from './reuse.ts';
import type { CatalogueModel } from '../../site/model.ts';
import type { OutputFile } from '../../site/types.ts';

export interface RenderOptions {
  /** Threads to render on; 1 renders in this thread. Default: every core. */
  threads?: number;
  /** The build's code fingerprint, naming the render workers' bundle. */
  codeVersion?: string;
  /** Fewer jobs to render than this are rendered in this thread: starting workers costs more. */
  workerThreshold?: number;
  /** The most bytes one llms-full.txt file holds (site/llms-full.ts); smaller in tests. */
  llmsFullMaxBytes?: number;
  /** Called as each page job to render is done: how many are, of how many (the cache's are not counted). */
  onPageRendered?: (done: number, total: number) => void;
}

export interface PageReport extends RenderTally {
  /** Bodies taken from the body cache (rendered before, for another frame or other facts) instead
   * of parsed; `bodies` counts those parsed. */
  bodiesReused: number;
  /** Page jobs: one per item page (skill, install page, bundle, prose page), and one for the catalogue's own pages. */
  jobs: number;
  rendered: number;
  fromCache: number;
  threads: number;
}

const WORKER_THRESHOLD = 200;

export async function renderPages(model: CatalogueModel, output: OutputFolder, cache: BuildCache, options: RenderOptions = {}): Promise<PageReport> {
  const frame = siteFrame(model);
  const jobs = pageJobs(model);
  const reuse = cacheUse(cache, output);
  const frameKey = reuse.key(cache.fingerprint, JSON.stringify(frame));
  // A job's twin reads less of the frame than its page: it is kept past a change of the rest.
  const twinFrameKey = reuse.key(cache.fingerprint, 'twin', JSON.stringify(twinFrameOf(frame)));
  const objectOf = new Map<string, string | undefined>();
  const note = (files: readonly WrittenFile[]) => files.forEach(([path, object]) => objectOf.set(path, object));

  // The catalogue's own pages, keyed by the catalogue file's hash.
  const docs = catalogueDocs(model);
  const catalogueKey = reuse.key(frameKey, 'catalogue', model.catalogFile.layout.etag, JSON.stringify(docs));
  const catalogueDone = reuse.take(catalogueKey) !== undefined;

  // Each job's page and twin, keyed apart: [page, twin]; and its size as JSON, for the workers'
  // heaps. Its identity is not kept: at 10,000 skills the identities are 40 MB of text.
  const keys: (readonly [string, string])[] = [];
  const sizes: number[] = [];
  for (const job of jobs) {
    const identity = jobIdentity(job);
    keys.push([reuse.key(frameKey, identity), reuse.key(twinFrameKey, identity)]);
    sizes.push(identity.length);
  }
  // The jobs to render, each asking only for what the cache did not hold.
  const toRender: { i: number; job: PageJob }[] = [];
  jobs.forEach((job, i) => {
    const [page, twin] = keys[i].map((key) => reuse.take(key));
    if (page) note(page);
    if (twin) note(twin);
    if (!page || !twin) toRender.push({ i, job: page ? { ...job, only: 'twin' } : twin ? { ...job, only: 'page' } : job });
  });
  let renderedCount = 0;
  const rendered = (k: number, files: readonly WrittenFile[], bodies: readonly string[]) => {
    note(files);
    const { i, job } = toRender[k];
    // renderJobFiles' order: the page, then the twin.
    const made = job.only === 'twin' ? [keys[i][1]] : job.only === 'page' ? [keys[i][0]] : keys[i];
    made.forEach((key, n) => reuse.keep(key, [files[n]], bodies));
    options.onPageRendered?.(++renderedCount, toRender.length);
  };

  const threads = Math.max(1, options.threads ?? availableParallelism());
  // This thread renders too; a worker for each other core, when there is enough to render.
  const workers = threads > 1 && toRender.length > 0 && toRender.length >= (options.workerThreshold ?? WORKER_THRESHOLD) ? threads - 1 : 0;
  const before = renderTally();
  const reusedBefore = bodiesReused();
  useBodyCache(cache.bodies);
  takeBodiesUsed();
  const write = (file: OutputFile): WrittenFile => [file.path, output.add(file)];
  const setup = { script: workers > 0 ? workerBundle(options.codeVersion ?? 'current') : '', frame, staging: output.staging, inPlace: output.inPlace, nameObjects: cache.enabled, bodies: cache.bodies };
  const inWorkers = await renderOnThreads(setup, toRender.map(({ job }) => job), workers, (k, files, bodies) => {
    for (const [path, object] of files) output.addWritten(path, object);
    rendered(k, files, bodies);
  }, toRender.map(({ i }) => sizes[i]), {
    job: (job, k) => rendered(k, renderJobFiles(frame, job, buildBodies).map(write), takeBodiesUsed()),
    // The catalogue's own pages, from the model this thread holds: the overview, the index pages,
    // the clusters' pages and llms.txt list the whole catalogue.
    catalogue: catalogueDone ? undefined : (function* () {
      const files: WrittenFile[] = [];
      for (const file of cataloguePages(frame, model.catalog, model.index, docs)) yield files.push(write(file));
      reuse.keep(catalogueKey, files, takeBodiesUsed());
    })(),
  });
  const here = renderTally();

  writeLlmsFull(frame, model, jobs, output, reuse, frameKey, objectOf, options.llmsFullMaxBytes);
  const pages = jobs.length + 1;
  const renderedPages = toRender.length + (catalogueDone ? 0 : 1);
  return {
    jobs: pages,
    rendered: renderedPages,
    fromCache: pages - renderedPages,
    threads: workers + 1,
    bodies: inWorkers.bodies + here.bodies - before.bodies,
    bodyMs: inWorkers.bodyMs + here.bodyMs - before.bodyMs,
    bodiesReused: inWorkers.bodiesReused + bodiesReused() - reusedBefore,
  };
}

/** What the catalogue's own pages read of the prose pages: plain data, for a worker too. */
export const catalogueDocs = (model: CatalogueModel): DocRef[] => model.docs.map(({ path, title, description }) => ({ path, title, description }));

/** llms-full.txt's text, and the files of every skill's and bundle's twin (written before it), in catalogue order. */
export function llmsFullParts(frame: PageFrame, model: CatalogueModel, jobs: readonly PageJob[]): { text: LlmsFullText; twins: string[] } {
  return { text: llmsFullText(frame, model.skills.length, model.bundles.length), twins: jobs.flatMap((job) => twinFileOf(frame, job) ?? []) };
}

export const LLMS_FULL_SEPARATOR = '\n';

/**
 * llms-full.txt (and its parts past the limit), joined from the files just placed. With the cache
 * on it is known by the twins' objects and the limit, so an unchanged set is reused.
 */
function writeLlmsFull(
  frame: PageFrame,
  model: CatalogueModel,
  jobs: readonly PageJob[],
  output: OutputFolder,
  reuse: CacheUse,
  frameKey: string,
  objectOf: ReadonlyMap<string, string | undefined>,
  limit = LLMS_FULL_MAX_BYTES,
): void {
  const { text, twins } = llmsFullParts(frame, model, jobs);
  const key = reuse.key(frameKey, 'llms-full', String(limit), text.intro, ...twins.map((path) => objectOf.get(path) ?? ''));
  if (reuse.take(key)) return;
  const files = llmsFullFiles(text, twins, (path) => output.size(path), LLMS_FULL_SEPARATOR, limit);
  reuse.keep(key, files.map(({ path, head, twins: joined }): WrittenFile => {
    const parts = function* () {
      yield Buffer.from(head);
      for (const twin of joined) yield output.read(twin);
    };
    return [path, output.addJoined(path, parts(), LLMS_FULL_SEPARATOR)];
  }));
}
