/**
 * Each function zipped as Netlify zips it (@netlify/zip-it-and-ship-it's `zipFunctions`, with
 * netlify.toml's `[functions]` settings, a `[functions.<name>]` table's list merged with the
 * common one as @netlify/config does), its included files taken from a built folder other than
 * dist/ (the benchmark's): how many bytes each zip is. Netlify refuses a function zip over 50 MB
 * (its deploy log: 'The function "…" is larger than the 50MB limit').
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { parse as parseToml } from 'smol-toml';
import { FUNCTION_CONSTANTS_FILE, PUBLISH_DIR } from '../../build/function-constants.ts';

export const FUNCTION_ZIP_MAX_BYTES = 50 * 1024 * 1024;

type Settings = { node_bundler?: string; included_files?: string[] };

/** Zips every function into `target` as Netlify does, with the published folder's files from `outDir`. */
export async function zipAsNetlify(projectRoot: string, target: string, outDir = join(projectRoot, PUBLISH_DIR)): Promise<{ name: string; path: string }[]> {
  const toml = parseToml(readFileSync(join(projectRoot, 'netlify.toml'), 'utf8')) as { functions?: Settings & Record<string, unknown> };
  const settings = toml.functions ?? {};
  const perFunction = Object.entries(settings).filter(([, value]) => typeof value === 'object' && value !== null && !Array.isArray(value)) as [string, Settings][];
  // The published folder's files from the built one: the globs are relative to the project.
  const from = relative(projectRoot, outDir);
  const included = (files: string[] | undefined) => files?.map((glob) => (glob.startsWith(`${PUBLISH_DIR}/`) ? `${from}/${glob.slice(PUBLISH_DIR.length + 1)}` : glob));
  // As @netlify/config reads `[functions]` (lib/functions_config.js, normalizeFunctionsProps): a
  // table under it (`[functions.mcp]`) configures the function of that name; zip-it-and-ship-it
  // then merges it with '*', concatenating lists (config.js, getFromMainConfig).
  return zipFunctions([join(projectRoot, 'functions')], target, {
    basePath: projectRoot,
    repositoryRoot: projectRoot,
    archiveFormat: 'zip',
    config: {
      '*': { nodeBundler: settings.node_bundler as 'esbuild', includedFiles: included(settings.included_files) },
      ...Object.fromEntries(perFunction.map(([name, own]) => [name, { includedFiles: included(own.included_files) }])),
    },
  });
}

/**
 * The project as the functions' bundler would see it after a build into `outDir` whose constants
 * are `constantsFile`: every entry linked from the project but the functions (copied) and the
 * build's generated constants (this build's), since the functions inline
 * runtime/generated/function-constants.json, which only a build into dist/ writes.
 */
function projectWithConstants(projectRoot: string, constantsFile: string, into: string): string {
  const root = join(into, 'project');
  mkdirSync(join(root, 'runtime', 'generated'), { recursive: true });
  for (const entry of readdirSync(projectRoot)) {
    if (entry !== 'functions' && entry !== 'runtime') symlinkSync(join(projectRoot, entry), join(root, entry));
  }
  for (const entry of readdirSync(join(projectRoot, 'runtime'))) {
    if (entry !== 'generated') symlinkSync(join(projectRoot, 'runtime', entry), join(root, 'runtime', entry));
  }
  // Copied, not linked: the bundler resolves a linked file's imports from where it really is.
  cpSync(join(projectRoot, 'functions'), join(root, 'functions'), { recursive: true });
  copyFileSync(constantsFile, join(root, FUNCTION_CONSTANTS_FILE));
  return root;
}

/** How many bytes each function's zip is, its included files from `outDir` and, when given, the
 * constants of the build that wrote it (else the project's own, from a build into dist/). */
export async function functionZipSizes(projectRoot: string, outDir: string, constantsFile?: string): Promise<Map<string, number>> {
  const work = mkdtempSync(join(tmpdir(), 'function-zips-'));
  try {
    const root = constantsFile ? projectWithConstants(projectRoot, constantsFile, work) : projectRoot;
    mkdirSync(join(work, 'zips'));
    const results = await zipAsNetlify(root, join(work, 'zips'), outDir);
    return new Map(results.map((result) => [result.name, statSync(result.path).size]));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
