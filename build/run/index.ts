/**
 * The runner: every artifact of the published folder made from the model, and nothing else of the
 * build. It alone opens the build cache (build/cache/). Each piece of work (a page job, an
 * artifact of build/emit/index.ts) is keyed by a digest of the site layer's code and of exactly
 * what it hands the render, placed from the last published folder when that key holds, rendered
 * otherwise (the pages on every core: pages.ts), and each file is written once, into a new folder
 * swapped in whole (output.ts). Before the model exists, the loader takes checked documents from
 * the same cache (`documents`).
 */
import { resolve } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { NO_CACHE, openCache } from '../cache/index.ts';
import type { BuildCache } from '../cache/index.ts';
import type { CodeFingerprints } from '../code-fingerprint.ts';
import type { DocumentMemo } from '../load.ts';
import { emitters } from '../emit/index.ts';
import { siteFrame } from '../emit/assets.ts';
import { emitHeaders } from '../../site/headers.ts';
import { mirrorMajors } from '../mirror.ts';
import { majorPrefixes } from '../../core/headers.ts';
import { emitInto } from './artifact.ts';
import { OutputFolder } from './output.ts';
import { renderPages } from './pages.ts';
import type { PageReport, RenderOptions } from './pages.ts';
import type { Companion } from '../swap.ts';
import type { CatalogueModel } from '../../site/model.ts';

/** The page report of a build that kept the last folder whole: every job's files from it. */
const keptPages = (jobs: number): PageReport => ({ jobs, rendered: 0, fromCache: jobs, threads: 1, bodies: 0, bodyMs: 0, bodiesReused: 0 });

/** Runs a step of the build, logging how long it took and what it made. */
export type Timed = <T>(phase: string, run: () => T | Promise<T>, describe: (value: T) => string) => Promise<T>;

export interface RunOptions extends RenderOptions {
  /** Called with every path of the finished folder, mirrors included, before it replaces the last:
   * a problem it throws leaves dist/ as it was. */
  checkFiles?: (files: readonly string[]) => void;
  /** Files outside the folder that belong to it (the functions' constants, the page layout), made
   * from the model and swapped in with it. */
  companions?: (model: CatalogueModel) => Companion[];
  /** The digest of everything the model and its files are made from (build/sources.ts), recorded
   * with the folder. When the last build into `outDir` recorded the same and its folder still holds
   * every file it made, that folder is kept whole, with the files it left beside it, and the model
   * is never asked for. */
  sourcesKey?: string;
}

export interface RunResult {
  /** Every file written, relative to the folder. */
  files: string[];
  pages: PageReport;
  /** The model's notices (or, for a folder kept whole, those of the build that made it). */
  notices: string[];
}

export interface Runner {
  /** The cache's memo of checked documents, for the loader. */
  readonly documents: DocumentMemo;
  /** Makes every artifact of the model into `outDir`, swapped in whole once all are made and
   * checked; `model` is asked for only when the last folder cannot be kept whole. */
  run(model: () => CatalogueModel, outDir: string, options?: RunOptions): Promise<RunResult>;
}

/** A runner over the cache in `cacheDir` (none: every file is made from scratch). */
export async function openRunner(cacheDir: string | null | undefined, fingerprints: CodeFingerprints, timed: Timed): Promise<Runner> {
  const cache: BuildCache = cacheDir
    ? await timed('cache open', () => openCache(resolve(cacheDir), fingerprints), () => `open, ${resolve(cacheDir)}`)
    : NO_CACHE;
  return {
    documents: cache,
    run: (model, outDir, options = {}) => run(cache, fingerprints, timed, model, outDir, options),
  };
}

/** A full collection of this thread's heap, where the process allows one: `npm run build` starts
 * it with `--expose-gc` (package.json); a process started without it (a test) skips it. */
function collectHeap(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function run(cache: BuildCache, fingerprints: CodeFingerprints, timed: Timed, modelOf: () => CatalogueModel, outDir: string, options: RunOptions): Promise<RunResult> {
  const output = new OutputFolder(outDir, cache);
  try {
    // Without the cache there is no record of the last folder to keep.
    const sourcesKey = cache.enabled ? options.sourcesKey : undefined;
    const last = sourcesKey === undefined ? undefined : await timed('sources', () => output.keepWhole(sourcesKey), (made) =>
      (made ? 'as the last build\'s: its folder is kept whole' : 'changed since the last build'));
    if (last) {
      // Recorded with what made it again, when its files were placed in a new folder: the next build keeps it whole too.
      await timed('write', () => output.commit(last.companions, last), () => `${output.files.length} files to ${outDir} (0 written, all kept from the last build)`);
      cache.commitFileDigests();
      return { files: output.files, pages: keptPages(last.jobs), notices: last.notices };
    }
    const model = modelOf();
    // Loading and checking the content held every document at once, and V8 sized the heap for that
    // (it grows by half over what was live at its last collection): most of it is garbage now that
    // the model is made. Collected here, the heap starts the artifacts at the model's size, where
    // it would have held that garbage beside them; about 40 MB of peak memory at 10,000 skills.
    collectHeap();
    const frame = siteFrame(model);
    // The pages first: on render workers they are most of a cold build, and this thread makes the
    // other artifacts meanwhile, handing the workers more pages between one artifact and the next.
    const pagesDone = timed('emit pages', () => renderPages(model, output, cache, { ...options, codeVersion: fingerprints.render }), (report) =>
      `${report.jobs} page jobs: ${report.fromCache} from the cache, ${report.rendered} rendered on ${report.threads} thread${report.threads === 1 ? '' : 's'} ` +
      `(${report.bodies} Markdown bodies in ${report.bodyMs.toFixed(0)} ms of CPU${report.bodiesReused > 0 ? `, ${report.bodiesReused} rendered bodies from the cache` : ''})`);
    // Awaited below, after the other artifacts: a failure before then is not an unhandled one.
    pagesDone.catch(() => {});
    try {
      for (const [name, emitter] of Object.entries(emitters)) {
        await timed(`emit ${name}`, () => emitInto(output, cache, fingerprints.emit, name, emitter, model, frame), ({ files, made, fromCache }) =>
          `${files} files${fromCache ? ' from the cache' : made < files ? `: ${made} made, the rest from the cache` : ''}`);
        await setImmediate();
      }
    } catch (error) {
      // The workers write into the folder that is about to go: they finish (or fail) first.
      await pagesDone.catch(() => {});
      throw error;
    }
    const pages = await pagesDone;
    // Written last: its rules name the top-level entries of every other file (site/headers.ts).
    await timed('emit headers', () => emitHeaders(model, output.files).map((file) => output.add(file)).length, (count) => `${count} files`);
    await timed('mirror majors', () => mirrorMajors(output), (count) => `${count} files under ${majorPrefixes().join(', ')}`);
    options.checkFiles?.(output.files);
    const companions = options.companions?.(model) ?? [];
    const made = sourcesKey === undefined ? undefined : { key: sourcesKey, companions, notices: model.notices, jobs: pages.jobs };
    await timed('write', () => output.commit(companions, made), () =>
      `${output.files.length} files to ${outDir} (${output.written} written, the rest unchanged from the previous build)`);
    if (cache.enabled) await timed('cache save', () => cache.commit(), () => 'saved');
    return { files: output.files, pages, notices: model.notices };
  } catch (error) {
    output.abort();
    throw error;
  }
}
