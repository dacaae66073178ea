/**
 * Emitters whose files are decided by a key of the model that costs far less than the files: the
 * search index, the pages' JSON twins, catalog.json (whose check against its schema is the cost),
 * openapi.json, the content editor. The build keeps each one's files in its cache under the
 * emitters' code fingerprint, the emitter's name and that key, and a build with the same key places
 * them instead of making them again (a deploy where nothing changed, a save in `npm run dev` that
 * changed no fact they show). The key must name everything the emitter reads of the model; each is
 * written in the emitter table (index.ts; the editor's in admin.ts), beside the site layer's function
 * it keys.
 */
import type { BuildCache } from '../cache/index.ts';
import { cacheUse } from '../cache/reuse.ts';
import type { WrittenFile } from '../cache/reuse.ts';
import type { OutputFolder } from '../write.ts';
import type { Emitter } from '../../site/types.ts';
import type { CatalogueModel } from '../../site/model.ts';

export interface KeyedEmitter {
  /** Everything of the model the files depend on, as text (hashed with the code's fingerprint). */
  key(model: CatalogueModel): string;
  emit: Emitter;
}

export type AnyEmitter = Emitter | KeyedEmitter;

/** The function that makes an emitter's files, keyed or not. */
export const emitterFunction = (emitter: AnyEmitter): Emitter => (typeof emitter === 'function' ? emitter : emitter.emit);

/** What an emitter did: how many files, and whether the cache had them. */
export interface Emitted {
  files: number;
  fromCache: boolean;
}

/** Runs an emitter into the output, or places its files from the cache when its key is unchanged. */
export function emitInto(output: OutputFolder, cache: BuildCache, emitCode: string, name: string, emitter: AnyEmitter, model: CatalogueModel): Emitted {
  const add = (emit: Emitter) => emit(model).map((file): WrittenFile => [file.path, output.add(file)]);
  if (typeof emitter === 'function' || !cache.enabled) return { files: add(emitterFunction(emitter)).length, fromCache: false };
  const reuse = cacheUse(cache, output);
  const key = reuse.key(emitCode, name, emitter.key(model));
  const stored = reuse.take(key);
  if (stored) return { files: stored.length, fromCache: true };
  const written = add(emitter.emit);
  reuse.keep(key, written);
  return { files: written.length, fromCache: false };
}

/** The parts of the model most emitters' keys are made of: the catalogue file (every published
 * skill and bundle with the site's URLs and the catalogue's date), the clusters and the prose pages. */
export function catalogueKey(model: CatalogueModel): string {
  const docs = model.docs.map(({ path, title, description, body }) => [path, title, description, body.checkKey]);
  return JSON.stringify([model.catalogFile.layout.etag, model.site, model.clusters, docs]);
}
