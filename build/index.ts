/** The build: load → validate → model → the runner (build/run/: every task's files kept, linked or
 * made, the folder swapped in whole), and nothing else. */
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { loadContent, NO_DOCUMENT_MEMO } from './load.ts';
import type { DocumentMemo, KnownFile, LoadedContent } from './load.ts';
import { codeDigests } from './code.ts';
import { shopOriginProblems, validateContent } from './validate/index.ts';
import type { ValidContent } from './validate/index.ts';
import { buildModel } from './model.ts';
import { runTasks } from './run/index.ts';
import type { RenderOptions, RunReport, Timed } from './run/index.ts';
import { noStore, openStore } from './store.ts';
import type { Store } from './store.ts';
import { repositoryOf } from './repository.ts';
import type { RepositoryEnvironment } from './repository.ts';
import cacheLocation from './cache-location.json' with { type: 'json' };
import { buildStamp, buildTime, buildVersion } from './stamp.ts';
import { contentDates } from './content-dates.ts';
import type { DatesMemo, KeptDates } from './content-dates.ts';
import { ContentError } from './content-error.ts';
import { readHandHeaders } from './hand-headers.ts';
import type { HandHeaders } from './hand-headers.ts';
import type { StampEnvironment } from './stamp.ts';
import { deployContext } from './deploy-context.ts';
import { besideFiles, constantsFileFor, functionConstants, PUBLISH_DIR } from './function-constants.ts';
import { checkFolders, DIRECTORY_MAX_ENTRIES, pageLayout } from '../site/layout.ts';
import { TEXT_FILE_MAX_BYTES } from '../core/published-files.ts';
import { lockFolders } from './lock.ts';
import { recoverOutput } from './swap.ts';
import type { Companion } from './swap.ts';
import type { CatalogueModel, DeployContext } from '../site/model.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where `npm run build` keeps its cache; build/netlify-plugin-cache keeps it between deploys. */
export const DEFAULT_CACHE_DIR = join(PROJECT_ROOT, cacheLocation.dir);

export interface BuildOptions extends RenderOptions {
  contentDir?: string;
  /** Header rules kept by hand (Netlify's format); default: the project's top-level `_headers`. */
  headersFile?: string;
  /** Default: the folder netlify.toml publishes. */
  outDir?: string;
  /** Where the functions' build constants go; unset means the project's own file for a build into
   * the published folder, and `<outDir>.function-constants.json` for any other (constantsFileFor). */
  constantsFile?: string | null;
  /** How long to wait for another build of the same output or cache folder (default 5 minutes);
   * then a BuildLockedError names the lock file and its holder. */
  lockWaitMs?: number;
  /** The build cache's folder; unset or null builds everything from scratch. */
  cacheDir?: string | null;
  env?: StampEnvironment & RepositoryEnvironment;
  /** Build drafts (each at its own address, marked, noindex) whatever `env.CONTEXT` says, but never
   * when it says production (build/deploy-context.ts). */
  drafts?: boolean;
  /** The most entries (files and sub-folders) a folder of the output may hold: Netlify's limit
   * unless a test asks for less (site/layout.ts). */
  folderMaxEntries?: number;
  /** The most bytes a cluster's JSON twin may have to be written as a file: a text file's limit
   * unless a test asks for less (site/layout.ts). */
  textFileMaxBytes?: number;
  /** The heap's used bytes above which the heap is collected once the model is made (default
   * HEAP_COLLECTION_MIN_BYTES); lower in tests. */
  heapCollectionMinBytes?: number;
  log?: (line: string) => void;
}

export interface BuildResult {
  model: CatalogueModel;
  /** Every file written, relative to dist/. */
  files: string[];
  report: RunReport;
  /** Milliseconds per phase, in the order they ran. */
  timings: Record<string, number>;
}

export const HAND_HEADERS_FILE = join(PROJECT_ROOT, '_headers');

/** The code that makes a content file's checked form: its loading and its checks. */
const CHECK_CODE = ['build/load.ts', 'build/validate/index.ts'];
/** The code that reads the content's commit dates. */
const DATES_CODE = ['build/content-dates.ts'];

/** Load and validate only: what `npm run check` runs. Throws ContentError with every problem. */
export async function checkContent(contentDir = join(PROJECT_ROOT, 'content'), headersFile = HAND_HEADERS_FILE): Promise<ValidContent> {
  const headers = readHandHeaders(headersFile, relative(PROJECT_ROOT, headersFile) || headersFile);
  const loaded = await loadContent(resolve(contentDir), PROJECT_ROOT);
  return withHeaderProblems(headers, () => validateContent(loaded));
}

/** The content's problems and those of the hand-kept header rules, reported together. */
function withHeaderProblems<T>(headers: HandHeaders, run: () => T): T {
  let result: T;
  try {
    result = run();
  } catch (error) {
    if (error instanceof ContentError && headers.problems.length > 0) throw new ContentError([...headers.problems, ...error.problems]);
    throw error;
  }
  if (headers.problems.length > 0) throw new ContentError(headers.problems);
  return result;
}

/** Runs a step of the build that does not wait, logging how long it took and what it made. */
export type Step = <T>(phase: string, run: () => T, describe: (value: T) => string) => T;

/** A step that only runs. */
const untimed: Step = (_phase, run) => run();

/** Everything the model is made from besides the content: what the environment, git and the
 * file system say of the build. */
export interface ModelContext {
  headers: HandHeaders;
  env: StampEnvironment & RepositoryEnvironment;
  deploy: DeployContext;
  contentDir: string;
  /** The commit dates the build cache keeps (content-dates.ts); none: git reads the whole history. */
  dates?: DatesMemo;
  folderMaxEntries?: number;
  textFileMaxBytes?: number;
}

/** The model of loaded content, checked: validate → model. Throws ContentError with every
 * problem. A content file that passed is remembered in `documents`. */
export function modelOf(loaded: LoadedContent, documents: DocumentMemo, context: ModelContext, step: Step = untimed): CatalogueModel {
  const { headers, env, deploy, contentDir } = context;
  const valid = step('validate', () => withHeaderProblems(headers, () => validateContent(loaded)), () => 'no problems');
  // Learnt only of content that passed every check.
  for (const file of [loaded.site, loaded.clusters, ...loaded.skills, ...loaded.bundles, ...loaded.docs]) if (file.learnt) documents.set(...file.learnt);
  return step(
    'model',
    () => {
      const stamp = buildStamp(buildVersion(PROJECT_ROOT, env), env.URL, valid.site.base_url);
      // The address published under may not be base_url (Netlify's URL wins): a cart there is this site too.
      const shopProblems = valid.site.shop ? shopOriginProblems(valid.site.shop, stamp.baseUrl, loaded.site.file) : [];
      if (shopProblems.length > 0) throw new ContentError(shopProblems);
      // A file git does not know is dated by its modification time, taken as it was read.
      const modified = new Map([...loaded.skills, ...loaded.bundles, ...loaded.docs].map(({ file, modified: time }) => [file, time]));
      const dateOf = contentDates(contentDir, PROJECT_ROOT, (file) => modified.get(file)!, context.dates);
      const readTimes = [loaded.site, loaded.clusters, ...loaded.skills, ...loaded.bundles, ...loaded.docs].map((file) => file.modified);
      const model = buildModel(valid, stamp, buildTime(contentDir, env, readTimes), dateOf, headers.rules, deploy, repositoryOf(env, PROJECT_ROOT));
      // Before any page is rendered: a catalogue too large for the platform stops here (site/layout.ts).
      return { ...model, layout: pageLayout(model, context.folderMaxEntries ?? DIRECTORY_MAX_ENTRIES, context.textFileMaxBytes ?? TEXT_FILE_MAX_BYTES) };
    },
    (m) => `${m.skills.length} published skills, ${m.bundles.length} published bundles` +
      (m.layout.fannedOut.length > 0 ? `; pages and Markdown twins of ${m.layout.fannedOut.join(', ')} in sub-folders` : '') +
      (m.layout.queriedClusters.length > 0 ? `; the JSON twins of clusters ${m.layout.queriedClusters.join(', ')} answered by the catalog function` : '') +
      (deploy.drafts ? `; for a preview (${deploy.name}): ${m.drafts.skills.length} draft skills, ${m.drafts.bundles.length} draft bundles` : ''),
  );
}

/** Load → validate → model, with no cache: what the bench's floor (scripts/bench/floor.ts) models content with. */
export async function contentModel(contentDir: string, env: StampEnvironment & RepositoryEnvironment, deploy: DeployContext): Promise<CatalogueModel> {
  const headers = readHandHeaders(HAND_HEADERS_FILE, relative(PROJECT_ROOT, HAND_HEADERS_FILE));
  return modelOf(await loadContent(contentDir, PROJECT_ROOT), NO_DOCUMENT_MEMO, { headers, env, deploy, contentDir });
}

/** Below this much heap in use a collection costs more than it gives back (about 30 ms for the
 * 45 MB of 4,000 skills, and V8 soon collects so small a heap itself). */
export const HEAP_COLLECTION_MIN_BYTES = 256 * 1024 * 1024;

/** A full collection of this thread's heap, where the process allows one (`npm run build` starts
 * it with `--expose-gc`, package.json; a process started without it, a test, skips it) and the
 * heap is large. Loading and checking the content held every document at once, and V8 sized the
 * heap for that (it grows by half over what was live at its last collection): once the model is
 * made most of it is garbage, and collected then, the heap makes the files from the model's size. */
function collectHeap(minBytes: number): void {
  const { gc } = globalThis as { gc?: () => void };
  if (gc && getHeapStatistics().used_heap_size > minBytes) gc();
}

/**
 * One build at a time per output folder and per cache folder (build/lock.ts); under the locks, what
 * a killed build left is finished or removed first (build/swap.ts), then the build runs.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = resolve(options.outDir ?? join(PROJECT_ROOT, PUBLISH_DIR));
  const constantsFile = options.constantsFile === undefined ? constantsFileFor(PROJECT_ROOT, outDir) : options.constantsFile;
  const log = options.log ?? (() => {});
  const release = await lockFolders([outDir, ...(options.cacheDir ? [resolve(options.cacheDir)] : [])], {
    waitMs: options.lockWaitMs,
    onWait: (holder) => log(`${'lock'.padEnd(20)} waiting for ${holder ? `build pid ${holder.pid} on ${holder.host}` : 'another build'} to finish`),
  });
  try {
    recoverOutput(outDir, Object.values(besideFiles(PROJECT_ROOT, constantsFile)));
    return await buildInto(outDir, constantsFile, options);
  } finally {
    release();
  }
}

async function buildInto(outDir: string, constantsFile: string | null, options: BuildOptions): Promise<BuildResult> {
  const contentDir = resolve(options.contentDir ?? join(PROJECT_ROOT, 'content'));
  const env = options.env ?? process.env;
  const log = options.log ?? (() => {});
  const timings: Record<string, number> = {};
  const done = <T>(phase: string, start: number, value: T, describe: (value: T) => string): T => {
    timings[phase] = performance.now() - start;
    log(`${phase.padEnd(20)} ${timings[phase].toFixed(0).padStart(6)} ms  ${describe(value)}`);
    return value;
  };
  const step: Step = (phase, run, describe) => done(phase, performance.now(), run(), describe);
  const timed: Timed = async (phase, run, describe) => {
    const start = performance.now();
    return done(phase, start, await run(), describe);
  };

  const store: Store = options.cacheDir ? step('cache open', () => openStore(resolve(options.cacheDir!)), () => `open, ${resolve(options.cacheDir!)}`) : noStore();
  // What loading and checking made of each content file, by its path, under the code that does it.
  const [checkCode, datesCode] = codeDigests(PROJECT_ROOT, [CHECK_CODE, DATES_CODE]);
  const documents: DocumentMemo = store.pack<KnownFile>('files', checkCode);
  // Without a cache, this process's memo of the commit's dates (git.ts perCommit) is all there is.
  const dates = store.enabled ? store.pack<KeptDates>('dates', datesCode) : undefined;
  const headersFile = resolve(options.headersFile ?? HAND_HEADERS_FILE);
  const headers = readHandHeaders(headersFile, relative(PROJECT_ROOT, headersFile) || headersFile);
  const deploy = deployContext(env, { drafts: options.drafts });
  // The content as loaded is held by nothing once the model is made, and what the memo learnt of
  // it is written then: the rest of the build holds the model alone.
  const model = modelOf(await timed('load', () => loadContent(contentDir, PROJECT_ROOT, documents), (content) => {
    const files = [content.site, content.clusters, ...content.skills, ...content.bundles, ...content.docs];
    const parsed = files.filter((file) => !file.checked).length;
    return `${content.skills.length} skills, ${content.bundles.length} bundles, ${content.docs.length} docs` + (parsed < files.length ? `; ${parsed} of ${files.length} files parsed, the rest checked before` : '');
  }), documents, { headers, env, deploy, contentDir, dates, folderMaxEntries: options.folderMaxEntries, textFileMaxBytes: options.textFileMaxBytes }, step);
  store.close('files');
  store.close('dates');
  collectHeap(options.heapCollectionMinBytes ?? HEAP_COLLECTION_MIN_BYTES);
  for (const notice of model.notices) log(`${'notice'.padEnd(20)} ${notice}`);
  // The functions' constants, and beside a build into the published folder the page layout the
  // Edge Function reads when Netlify bundles it (markdown-twin.ts), change with dist/: one swap.
  const beside = besideFiles(PROJECT_ROOT, constantsFile);
  const companions: Companion[] = [
    ...(beside.constants ? [{ file: beside.constants, text: `${JSON.stringify(functionConstants(model))}\n` }] : []),
    ...(beside.layout ? [{ file: beside.layout, text: `${JSON.stringify(model.layout)}\n` }] : []),
  ];
  const folderMaxEntries = options.folderMaxEntries ?? DIRECTORY_MAX_ENTRIES;
  const { files, report } = await runTasks(model, store, outDir, timed, {
    ...options,
    projectRoot: PROJECT_ROOT,
    // Every file now, mirrors included: the deploy never gets as far as a folder over the limit.
    checkFiles: (paths) => checkFolders(paths, folderMaxEntries),
    companions,
  });
  return { model, files, report, timings };
}
