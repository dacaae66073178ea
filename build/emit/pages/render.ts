/**
 * Every page and Markdown twin, and llms-full.txt: each page job is taken from the cache when an
 * identical one (same code, frame and input) was rendered before, and rendered otherwise, on
 * every core when there is enough to render. Each file is written the moment it exists.
 */
import { availableParallelism } from 'node:os';
import type { CatalogueModel } from '../../model.ts';
import { hashText } from '../../cache.ts';
import type { BuildCache, StoredPath } from '../../cache.ts';
import type { OutputFolder } from '../../write.ts';
import { renderTally } from '../../render/markdown-body.ts';
import type { RenderTally } from '../../render/markdown-body.ts';
import { LLMS_FULL_FILE, llmsFullIntro } from '../llms.ts';
import { pageFrame } from './frame.ts';
import { cataloguePages, jobIdentity, pageJobs, renderJobFiles, twinFileOf } from './jobs.ts';
import { renderCatalogueInWorker, renderInWorkers, workerBundle } from './pool.ts';
import type { WrittenFile } from './pool.ts';

export interface RenderOptions {
  /** Threads to render on; 1 renders in this thread. Default: every core. */
  threads?: number;
  /** The build's code fingerprint, naming the render workers' bundle. */
  codeVersion?: string;
  /** Fewer jobs to render than this are rendered in this thread: starting workers costs more. */
  workerThreshold?: number;
}

export interface PageReport extends RenderTally {
  jobs: number;
  rendered: number;
  fromCache: number;
  threads: number;
}

const WORKER_THRESHOLD = 200;

export async function renderPages(model: CatalogueModel, output: OutputFolder, cache: BuildCache, options: RenderOptions = {}): Promise<PageReport> {
  const frame = pageFrame(model);
  const jobs = pageJobs(model);
  const frameKey = cache.enabled ? hashText(`${cache.fingerprint}\n${JSON.stringify(frame)}`) : '';
  const keyOf = (i: number) => hashText(`${frameKey}\n${jobIdentity(jobs[i])}`);
  const objectOf = new Map<string, string | undefined>();

  // The catalogue's own pages: keyed by the catalogue file's hash. With workers, they are rendered
  // in one of their own once the item workers are done, so the two never add up in memory.
  const docs = model.docs.map(({ path, title, description }) => ({ path, title, description }));
  const catalogueKey = cache.enabled ? hashText(`${frameKey}\ncatalogue\n${model.catalogFile.layout.etag}\n${JSON.stringify(docs)}`) : '';
  const catalogueStored = cache.enabled ? cache.output(catalogueKey) : undefined;
  const catalogueCached = catalogueStored !== undefined && placeAll(output, catalogueStored);
  if (catalogueCached) cache.rememberOutput(catalogueKey, catalogueStored);
  const rememberCatalogue = (files: WrittenFile[]) => {
    if (cache.enabled) cache.rememberOutput(catalogueKey, files.map(([path, object]) => [path, object ?? '']));
  };

  const toRender: number[] = [];
  const keys: string[] = [];
  jobs.forEach((_, i) => {
    if (!cache.enabled) return toRender.push(i);
    keys[i] = keyOf(i);
    const stored = cache.output(keys[i]);
    if (stored && placeAll(output, stored)) {
      cache.rememberOutput(keys[i], stored);
      for (const [path, object] of stored) objectOf.set(path, object);
    } else toRender.push(i);
  });

  const record = (i: number, files: readonly WrittenFile[]) => {
    for (const [path, object] of files) objectOf.set(path, object);
    if (cache.enabled) cache.rememberOutput(keys[i], files.map(([path, object]) => [path, object ?? '']));
  };
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const useWorkers = threads > 1 && toRender.length > 0 && toRender.length >= (options.workerThreshold ?? WORKER_THRESHOLD);
  const before = renderTally();
  let tally: RenderTally;
  if (useWorkers) {
    const setup = { script: workerBundle(options.codeVersion ?? 'current'), frame, staging: output.staging, nameObjects: cache.enabled };
    const inWorkers = await renderInWorkers(setup, toRender.map((i) => jobs[i]), threads, (k, files) => {
      for (const [path, object] of files) output.addWritten(path, object);
      record(toRender[k], files);
    });
    if (!catalogueCached) {
      const files = await renderCatalogueInWorker(setup, model.catalogFile.bytes, docs);
      for (const [path, object] of files) output.addWritten(path, object);
      rememberCatalogue(files);
    }
    tally = { bodies: inWorkers.bodies + renderTally().bodies - before.bodies, bodyMs: inWorkers.bodyMs + renderTally().bodyMs - before.bodyMs };
  } else {
    if (!catalogueCached) {
      rememberCatalogue(Array.from(cataloguePages(frame, model.catalog, model.index, docs), (file): WrittenFile => [file.path, output.add(file)]));
    }
    for (const i of toRender) record(i, renderJobFiles(frame, jobs[i]).map((file) => [file.path, output.add(file)]));
    tally = { bodies: renderTally().bodies - before.bodies, bodyMs: renderTally().bodyMs - before.bodyMs };
  }

  // llms-full.txt: every skill's and bundle's twin in catalogue order, joined from the files just
  // placed; with the cache on, known by the twins' objects, so an unchanged catalogue reuses it.
  const twins = jobs.flatMap((job) => twinFileOf(frame, job) ?? []);
  const intro = llmsFullIntro(frame, model.skills.length, model.bundles.length);
  const fullKey = cache.enabled ? hashText(`${frameKey}\nllms-full\n${intro}\n${twins.map((path) => objectOf.get(path)).join('\n')}`) : '';
  const storedFull = cache.enabled ? cache.output(fullKey) : undefined;
  if (!(storedFull && placeAll(output, storedFull))) {
    const parts = function* () {
      yield Buffer.from(intro);
      for (const path of twins) yield output.read(path);
    };
    const object = output.addJoined(LLMS_FULL_FILE, parts(), '\n');
    if (cache.enabled) cache.rememberOutput(fullKey, [[LLMS_FULL_FILE, object ?? '']]);
  } else cache.rememberOutput(fullKey, storedFull);

  const pages = jobs.length + 1;
  const rendered = toRender.length + (catalogueCached ? 0 : 1);
  return { jobs: pages, rendered, fromCache: pages - rendered, threads: useWorkers ? threads : 1, ...tally };
}

/** Every file of a cached output, or none of them (a file the cache lost means render again). */
function placeAll(output: OutputFolder, stored: readonly StoredPath[]): boolean {
  const placed: string[] = [];
  for (const [path, object] of stored) {
    if (!output.addStored(path, object)) {
      for (const done of placed) output.remove(done);
      return false;
    }
    placed.push(path);
  }
  return true;
}
