/** The build: load → validate → model → emit → write, and nothing else. */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContent } from './load.ts';
import { validateContent } from './validate.ts';
import type { ValidContent } from './validate.ts';
import { buildModel } from './model.ts';
import { contentDates } from './content-dates.ts';
import { readDocs } from './emit/docs.ts';
import type { CatalogueModel } from './model.ts';
import { emitAll } from './emit/index.ts';
import type { OutputFile } from './emit/types.ts';
import { writeAtomically, writeFileAtomically } from './write.ts';
import { buildStamp, buildTime } from './stamp.ts';
import type { StampEnvironment } from './stamp.ts';
import { functionConstants, FUNCTION_CONSTANTS_FILE } from './function-constants.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface BuildOptions {
  contentDir?: string;
  outDir?: string;
  /** Where the functions' build constants go; unset means the project's own file. */
  constantsFile?: string | null;
  env?: StampEnvironment;
  log?: (line: string) => void;
}

export interface BuildResult {
  model: CatalogueModel;
  files: OutputFile[];
  /** Milliseconds per phase, in the order they ran. */
  timings: Record<string, number>;
}

/** Load and validate only: what `npm run check` runs. Throws ContentError with every problem. */
export async function checkContent(contentDir = join(PROJECT_ROOT, 'content')): Promise<ValidContent> {
  return validateContent(await loadContent(resolve(contentDir), PROJECT_ROOT));
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const contentDir = resolve(options.contentDir ?? join(PROJECT_ROOT, 'content'));
  const outDir = resolve(options.outDir ?? join(PROJECT_ROOT, 'dist'));
  const env = options.env ?? process.env;
  const log = options.log ?? (() => {});
  const timings: Record<string, number> = {};
  const record = (phase: string, start: number, detail: string) => {
    timings[phase] = performance.now() - start;
    log(`${phase.padEnd(20)} ${timings[phase].toFixed(0).padStart(6)} ms  ${detail}`);
  };
  const timed = async <T>(phase: string, run: () => T | Promise<T>, describe: (value: T) => string): Promise<T> => {
    const start = performance.now();
    const value = await run();
    record(phase, start, describe(value));
    return value;
  };

  const loaded = await timed('load', () => loadContent(contentDir, PROJECT_ROOT), (c) => `${c.skills.length} skills, ${c.bundles.length} bundles`);
  const valid = await timed('validate', () => validateContent(loaded), () => 'no problems');
  const model = await timed(
    'model',
    () => {
      const lastModified = contentDates(contentDir, PROJECT_ROOT);
      const sources = { lastModified, docs: readDocs(contentDir, PROJECT_ROOT, lastModified) };
      return buildModel(valid, buildStamp(PROJECT_ROOT, valid.site.base_url, env), buildTime(env), sources);
    },
    (m) => `${m.skills.length} published skills, ${m.bundles.length} published bundles`,
  );
  for (const notice of model.notices) log(`${'notice'.padEnd(20)} ${notice}`);
  const files = emitAll(model, (name, emit) => {
    const start = performance.now();
    const emitted = emit();
    record(`emit ${name}`, start, `${emitted.length} files`);
    return emitted;
  });
  await timed('write', () => writeAtomically(files, outDir), () => `${files.length} files to ${outDir}`);
  const constantsFile = options.constantsFile === undefined ? join(PROJECT_ROOT, FUNCTION_CONSTANTS_FILE) : options.constantsFile;
  if (constantsFile) await writeFileAtomically(constantsFile, `${JSON.stringify(functionConstants(model))}\n`);
  return { model, files, timings };
}
