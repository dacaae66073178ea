/**
 * Each function zipped as Netlify zips it (@netlify/zip-it-and-ship-it's `zipFunctions`, with
 * netlify.toml's `[functions]` settings, a `[functions.<name>]` table's list merged with the
 * common one as @netlify/config does), its included files taken from a built folder other than
 * dist/ (the benchmark's): how many bytes each zip is. Netlify refuses a function zip over 50 MB
 * (its deploy log: 'The function "…" is larger than the 50MB limit').
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { parse as parseToml } from 'smol-toml';
import { PUBLISH_DIR } from '../../build/function-constants.ts';

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

/** How many bytes each function's zip is, its included files from `outDir`. */
export async function functionZipSizes(projectRoot: string, outDir: string): Promise<Map<string, number>> {
  const work = mkdtempSync(join(tmpdir(), 'function-zips-'));
  try {
    const results = await zipAsNetlify(projectRoot, work, outDir);
    return new Map(results.map((result) => [result.name, statSync(result.path).size]));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
