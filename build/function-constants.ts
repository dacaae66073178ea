/**
 * What the functions need even when the catalogue file cannot be read: the build's stamp, the
 * documentation link and the catalogue's layout. The functions bundler inlines the project's file,
 * so it must describe the folder that is deployed with them (netlify.toml's `publish`): only a
 * build into that folder writes it. A build into any other folder (a scratch build, a benchmark)
 * keeps its constants beside that folder, and the deployed functions never see them.
 */
import { dirname, join, resolve } from 'node:path';
import type { BuildStamp } from '../core/headers.ts';
import type { CatalogLayout } from '../core/catalog-layout.ts';
import type { CatalogueModel } from '../site/model.ts';

export const FUNCTION_CONSTANTS_FILE = 'runtime/generated/function-constants.json';

/** The folder Netlify publishes, relative to the project (netlify.toml's `build.publish`; a test
 * holds the two together). */
export const PUBLISH_DIR = 'dist';

/** Where a build into `outDir` writes the functions' constants. */
export function constantsFileFor(projectRoot: string, outDir: string): string {
  return resolve(outDir) === resolve(projectRoot, PUBLISH_DIR) ? join(projectRoot, FUNCTION_CONSTANTS_FILE) : `${resolve(outDir)}.function-constants.json`;
}

/**
 * Where the Edge Function learns which sections keep their pages in sub-folders
 * (functions/edge/markdown-twin.ts imports it): beside the functions' constants, small, since an
 * Edge Function's bundle carries every byte it imports. Only a build into the published folder
 * writes it, with the project's constants.
 */
export const PAGE_LAYOUT_FILE = `${dirname(FUNCTION_CONSTANTS_FILE)}/page-layout.json`;

/** The files a build leaves beside its folder, given where its constants go (none: `null`): the
 * functions' constants, and with the project's own constants the page layout too. */
export function besideFiles(projectRoot: string, constantsFile: string | null): { constants?: string; layout?: string } {
  if (constantsFile === null) return {};
  return constantsFile === join(projectRoot, FUNCTION_CONSTANTS_FILE) ? { constants: constantsFile, layout: join(projectRoot, PAGE_LAYOUT_FILE) } : { constants: constantsFile };
}

export interface FunctionConstants extends BuildStamp {
  documentationUrl: string;
  /** Where each skill and bundle sits in catalog.json, and the query index: precomputed here so a
   * cold function parses neither. */
  catalogLayout: CatalogLayout;
}

export function functionConstants(model: CatalogueModel): FunctionConstants {
  return { ...model.stamp, documentationUrl: model.site.documentationUrl, catalogLayout: model.catalogFile.layout };
}
