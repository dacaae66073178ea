/**
 * `catalog.json`: the unfiltered catalogue. The catalog function answers from this file; its bytes
 * are also the function's answer to a query without parameters.
 *
 * `index.json`: the same bytes as the JSON twin of `/`, a static file the CDN serves. In production
 * an Edge Function (functions/edge/catalog-static.ts) rewrites `/catalog.json` without a query to
 * it, so the unfiltered catalogue never passes through a function, whatever its size: a function's
 * answer is limited to 6 MB (20 MB streamed), and 50,000 skills make about 85 MB.
 */
import type { Emitter } from './types.ts';
import { CATALOG_FILE, STATIC_CATALOG_FILE } from '../core/published-files.ts';

export const catalogFiles: Emitter<'catalogFile'> = (model) => [
  { path: CATALOG_FILE, bytes: model.catalogFile.bytes },
  { path: STATIC_CATALOG_FILE, bytes: model.catalogFile.bytes },
];
