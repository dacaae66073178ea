/** Every artifact of dist/, one emitter each. Adding an artifact is one file and one line here. */
import type { CatalogueModel } from '../model.ts';
import type { Emitter, OutputFile } from './types.ts';
import { emitSkillJson } from './skill-json.ts';
import { emitBundleJson } from './bundle-json.ts';
import { emitCatalog } from './catalog.ts';
import { emitVersion } from './version.ts';
import { emitHeaders } from './headers.ts';
import { emitOpenApi } from './openapi.ts';

export const emitters: Readonly<Record<string, Emitter>> = {
  'skill-json': emitSkillJson,
  'bundle-json': emitBundleJson,
  catalog: emitCatalog,
  version: emitVersion,
  headers: emitHeaders,
  openapi: emitOpenApi,
};

export function emitAll(model: CatalogueModel, time: (name: string, run: () => OutputFile[]) => OutputFile[] = (_, run) => run()): OutputFile[] {
  return Object.entries(emitters).flatMap(([name, emit]) => time(name, () => emit(model)));
}
