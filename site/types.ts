import type { CatalogueModel } from './model.ts';

/** One file of dist/: a path relative to dist/ and its bytes. */
export interface OutputFile {
  path: string;
  bytes: string | Uint8Array;
}

/** An emitter turns the model into the files of one artifact. */
export type Emitter = (model: CatalogueModel) => OutputFile[];
