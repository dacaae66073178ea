/** The build: load → validate → model → the runner (build/run/: every artifact made, each file
 * written as it is made, the new folder swapped in), and nothing else. */
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContent, NO_DOCUMENT_MEMO } from './load.ts';
import type { DocumentMemo, LoadedFile } from './load.ts';
import { readSources, sourcesKey } from './sources.ts';
import type { BuildSources } from './sources.ts';
import { shopOriginProblems, validateContent } from './validate/index.ts';
import type { ValidContent } from './validate/index.ts';
import { buildModel } from './model.ts';
import type { PageReport, RenderOptions } from './run/pages.ts';
import { openRunner } from './run/index.ts';
import type { Timed } from './run/index.ts';
import type { RepositoryEnvironment } from './repository.ts';
import { codeFingerprints } from './code-fingerprint.ts';
import cacheLocation from './cache-location.json' with { type: 'json' };
import { buildStamp } from './stamp.ts';
import { ContentError } from './content-error.ts';
import { readHandHeaders } from './hand-headers.ts';
import type { HandHeaders } from './hand-headers.ts';
import type { StampEnvironment } from './stamp.ts';
import { deployContext } from './deploy-context.ts';
import { besideFiles, constantsFileFor, functionConstants, PUBLISH_DIR } from './function-constants.ts';
import { siteAssets } from './emit/assets.ts';
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
  log?: (line: string) => void;
}

export interface BuildResult {
  model: CatalogueModel;
  /** Every file written, relative to dist/. */
  files: string[];
  pages: PageReport;
  /** Milliseconds per phase, in the order they ran. */
  timings: Record<string, number>;
}

export const HAND_HEADERS_FILE = join(PROJECT_ROOT, '_headers');

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

/** The model of `sources`, checked: validate → model, reading nothing else (see build/sources.ts).
 * Throws ContentError with every problem. A content file that passed is remembered in `documents`. */
export function modelOf(
  sources: BuildSources, documents: DocumentMemo, step: Step = untimed,
  folderMaxEntries = DIRECTORY_MAX_ENTRIES,
  textFileMaxBytes = TEXT_FILE_MAX_BYTES,
): CatalogueModel {
  const { content: loaded, headers } = sources;
  const valid = step('validate', () => withHeaderProblems(headers, () => validateContent(loaded)), () => 'no problems');
  // Recorded now, saved only if the build succeeds; the loaded documents are not kept past the model.
  const remember = (file: LoadedFile, bodyStart = 0) => {
    if (!file.checked) documents.rememberDocument(file.checkKey, { data: file.data, bodyStart });
  };
  remember(loaded.site);
  remember(loaded.clusters);
  for (const { doc } of [...valid.skills, ...valid.bundles, ...valid.docs]) remember(doc, doc.body.start);
  return step(
    'model',
    () => {
      const stamp = buildStamp(sources.version, sources.url, valid.site.base_url);
      // The address published under may not be base_url (Netlify's URL wins): a cart there is this site too.
      const shopProblems = valid.site.shop ? shopOriginProblems(valid.site.shop, stamp.baseUrl, loaded.site.file) : [];
      if (shopProblems.length > 0) throw new ContentError(shopProblems);
      const lastModified = new Map(sources.lastModified);
      const model = buildModel(valid, stamp, sources.generatedAt, (file) => lastModified.get(file)!, headers.rules, sources.deploy, sources.repository);
      // Before any page is rendered: a catalogue too large for the platform stops here (site/layout.ts).
      return { ...model, layout: pageLayout(model, folderMaxEntries, textFileMaxBytes) };
    },
    (m) => `${m.skills.length} published skills, ${m.bundles.length} published bundles` +
      (m.layout.fannedOut.length > 0 ? `; pages and Markdown twins of ${m.layout.fannedOut.join(', ')} in sub-folders` : '') +
      (m.layout.queriedClusters.length > 0 ? `; the JSON twins of clusters ${m.layout.queriedClusters.join(', ')} answered by the catalog function` : '') +
      (sources.deploy.drafts ? `; for a preview (${sources.deploy.name}): ${m.drafts.skills.length} draft skills, ${m.drafts.bundles.length} draft bundles` : ''),
  );
}

/** Load, timed: the sources of a build of `contentDir` (build/sources.ts). */
const loadSources = (contentDir: string, headersFile: string, documents: DocumentMemo, env: StampEnvironment & RepositoryEnvironment, deploy: DeployContext, timed: Timed) =>
  timed('load', () => readSources({ contentDir, headersFile, projectRoot: PROJECT_ROOT }, documents, env, deploy), ({ content: c }) => {
    const documents = [...c.skills, ...c.bundles, ...c.docs];
    const known = documents.filter((document) => document.knownByStamp).length;
    return `${c.skills.length} skills, ${c.bundles.length} bundles, ${c.docs.length} docs` +
      (known > 0 ? `; ${documents.length - known} of them read, the rest known unchanged by their stamps` : '');
  });

/** Load → validate → model, with no cache: what the bench's floor (scripts/bench/floor.ts) models content with. */
export async function contentModel(contentDir: string, env: StampEnvironment & RepositoryEnvironment, deploy: DeployContext): Promise<CatalogueModel> {
  const sources = await readSources({ contentDir, headersFile: HAND_HEADERS_FILE, projectRoot: PROJECT_ROOT }, NO_DOCUMENT_MEMO, env, deploy);
  return modelOf(sources, NO_DOCUMENT_MEMO);
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
  const notices = (lines: readonly string[]) => lines.forEach((notice) => log(`${'notice'.padEnd(20)} ${notice}`));

  const fingerprints = codeFingerprints(PROJECT_ROOT);
  const runner = await openRunner(options.cacheDir, fingerprints, timed);
  const deploy = deployContext(env, { drafts: options.drafts });
  const folderMaxEntries = options.folderMaxEntries ?? DIRECTORY_MAX_ENTRIES;
  let sources: BuildSources | undefined = await loadSources(contentDir, resolve(options.headersFile ?? HAND_HEADERS_FILE), runner.documents, env, deploy, timed);
  // The model is made once, when the runner asks for it (or the caller reads it).
  let made: CatalogueModel | undefined;
  const model = (how = step) => {
    if (made === undefined) {
      made = modelOf(sources!, runner.documents, how, folderMaxEntries, options.textFileMaxBytes);
      // The loaded documents are not kept past the model.
      sources = undefined;
      if (how === step) notices(made.notices);
    }
    return made;
  };
  // The functions' constants, and beside a build into the published folder the page layout the
  // Edge Function reads when Netlify bundles it (markdown-twin.ts), change with dist/: one swap.
  const beside = besideFiles(PROJECT_ROOT, constantsFile);
  const companions = (built: CatalogueModel): Companion[] => [
    ...(beside.constants ? [{ file: beside.constants, text: `${JSON.stringify(functionConstants(built))}\n` }] : []),
    ...(beside.layout ? [{ file: beside.layout, text: `${JSON.stringify(built.layout)}\n` }] : []),
  ];
  // Everything the build is made from besides the sources: the code, the assets its pages link, and
  // the options (a function, such as `log`, decides nothing and drops out; the environment counts
  // by what the sources read of it).
  const { env: _env, log: _log, onPageRendered: _progress, ...settings } = options;
  // Each asset by its file and its digest (integrity) rather than its bytes: bytes would take the
  // whole key through canonicalJson's replacer, 4,000 skills' worth of it (build/digest.ts).
  const assets = Object.values(siteAssets()).map(({ file, integrity }) => [file, integrity]);
  const key = options.cacheDir ? sourcesKey(sources, { root: PROJECT_ROOT, contentDir, outDir, constantsFile, code: fingerprints, assets, settings }) : undefined;

  const run = await runner.run(() => model(), outDir, {
    ...options,
    sourcesKey: key,
    // Every file now, mirrors included: the deploy never gets as far as a folder over the limit.
    checkFiles: (paths) => checkFolders(paths, folderMaxEntries),
    companions,
  });
  if (made === undefined) notices(run.notices);
  const { files, pages } = run;
  // When the last folder was kept whole the model was never needed: made on first read.
  return { files, pages, timings, get model() { return model(untimed); } };
}
