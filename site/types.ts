import type { CatalogueModel } from './model.ts';

/** One file of dist/: a path relative to dist/ and its bytes. */
export interface OutputFile {
  path: string;
  bytes: string | Uint8Array;
}

/** An emitter turns parts of the model into the files of one artifact: its type names the parts
 * it reads, which are all it is handed (build/emit/index.ts). */
export type Emitter<Parts extends keyof CatalogueModel = keyof CatalogueModel> = (model: Pick<CatalogueModel, Parts>) => OutputFile[];
