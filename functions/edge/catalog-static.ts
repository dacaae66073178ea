/**
 * `/catalog.json` without a query is the unfiltered catalogue, the same bytes the build wrote as
 * the static file `index.json`: this rewrites it there, so the CDN serves it as a file (with its
 * `dist/_headers`, cached like every twin) and the catalog function only ever answers queries. A
 * function's answer may be 6 MB (20 MB streamed); the whole catalogue of 50,000 skills is 85 MB.
 *
 * Returning a URL rewrites the request to it (https://docs.netlify.com/build/edge-functions/api/);
 * returning `undefined` leaves the request to the function. Should this fail, `onError: 'bypass'`
 * leaves it to the function too, which answers the unfiltered catalogue as long as it fits.
 */
import type { Config } from '@netlify/edge-functions';
import { CATALOG_FILE, STATIC_CATALOG_FILE } from '../../core/published-files.ts';

export default (request: Request): URL | undefined => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const url = new URL(request.url);
  // Any query at all, even one the function will refuse, is the function's to answer.
  if (url.search !== '' || !url.pathname.endsWith(`/${CATALOG_FILE}`)) return undefined;
  return new URL(`${url.pathname.slice(0, -CATALOG_FILE.length)}${STATIC_CATALOG_FILE}`, url);
};

// Literal paths: Netlify reads a function's routes without running it.
export const config: Config = {
  path: ['/catalog.json', '/v1/catalog.json'],
  onError: 'bypass',
};
