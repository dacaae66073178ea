/** `catalog.json`: the unfiltered catalogue. The catalog function answers from this file; its bytes
 * are also the function's answer to a query without parameters. */
import type { Emitter } from './types.ts';

export const CATALOG_FILE = 'catalog.json';

export const emitCatalog: Emitter = (model) => [{ path: CATALOG_FILE, bytes: model.catalogFile.bytes }];
