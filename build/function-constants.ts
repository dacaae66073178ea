/**
 * What the functions need even when the catalogue file cannot be read: the build's stamp, the
 * documentation link and the catalogue's layout. The build writes it beside the code, and the
 * functions bundler inlines it.
 */
import type { CatalogueModel } from './model.ts';
import type { BuildStamp } from './core/headers.ts';
import type { CatalogLayout } from './core/catalog-layout.ts';

export const FUNCTION_CONSTANTS_FILE = 'build/generated/function-constants.json';

export interface FunctionConstants extends BuildStamp {
  documentationUrl: string;
  /** Where each skill and bundle sits in catalog.json, and the query index: precomputed here so a
   * cold function parses neither. */
  catalogLayout: CatalogLayout;
}

export function functionConstants(model: CatalogueModel): FunctionConstants {
  return { ...model.stamp, documentationUrl: model.site.documentationUrl, catalogLayout: model.catalogFile.layout };
}
