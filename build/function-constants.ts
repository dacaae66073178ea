/**
 * What the functions need even when the catalogue file cannot be read: the build's stamp and the
 * documentation link. The build writes it beside the code, and the functions bundler inlines it.
 */
import type { CatalogueModel } from './model.ts';
import type { BuildStamp } from './core/headers.ts';

export const FUNCTION_CONSTANTS_FILE = 'build/generated/function-constants.json';

export interface FunctionConstants extends BuildStamp {
  documentationUrl: string;
}

export function functionConstants(model: CatalogueModel): FunctionConstants {
  return { ...model.stamp, documentationUrl: model.site.documentationUrl };
}
