/**
 * `/catalog.json` without a query is the unfiltered catalogue, the same bytes the build wrote as
 * the static file `index.json`: this rewrites it there, so the CDN serves it as a file (with its
 * `dist/_headers`, cached like every twin) and the catalog function only ever answers queries. A
 * function's answer may be 6 MB (20 MB streamed); the whole catalogue of 50,000 skills is 85 MB.
 *
 * A cluster's JSON twin past a text file's most bytes is no file (site/layout.ts): its address,
 * `/clusters/<id>.json`, is rewritten to `/catalog.json?cluster=<id>`, the same answer, which the
 * catalog function sends compressed. The build names those clusters in page-layout.json, read here
 * when Netlify bundles the function, so below that size the function runs on the catalogue's paths
 * alone.
 *
 * Returning a URL rewrites the request to that same-site URL (https://docs.netlify.com/build/edge-functions/api/);
 * returning `undefined` leaves the request to the function. Should this fail, `onError: 'bypass'`
 * leaves it to the function too, which answers the unfiltered catalogue as long as it fits.
 */
import type { Config } from '@netlify/edge-functions';
import generatedLayout from '../../runtime/generated/page-layout.json' with { type: 'json' };
import { CATALOG_FILE, STATIC_CATALOG_FILE } from '../../core/published-files.ts';
import { majorPrefixes, majorPrefixOf } from '../../core/headers.ts';
import { jsonTwinFile, SECTION } from '../../core/page-paths.ts';
import type { PageLayout } from '../../core/page-paths.ts';

const LAYOUT = generatedLayout as PageLayout;

/** The function for a build whose clusters' JSON twins are where `layout` says. */
export const catalogRewrite = (layout: PageLayout) => {
  const queried = new Map(layout.queriedClusters.map((id) => [`/${jsonTwinFile(SECTION.cluster, id)}`, id]));
  return (request: Request): URL | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const url = new URL(request.url);
    const prefix = majorPrefixOf(url.pathname);
    const cluster = queried.get(url.pathname.slice(prefix.length));
    if (cluster !== undefined) return new URL(`${prefix}/${CATALOG_FILE}?cluster=${encodeURIComponent(cluster)}`, url);
    // Any query at all, even one the function will refuse, is the function's to answer.
    if (url.search !== '' || !url.pathname.endsWith(`/${CATALOG_FILE}`)) return undefined;
    return new URL(`${url.pathname.slice(0, -CATALOG_FILE.length)}${STATIC_CATALOG_FILE}`, url);
  };
};

/** The routes for `layout`: the catalogue's, and the clusters' JSON twins that are no file. */
export function catalogPaths(layout: PageLayout): `/${string}`[] {
  const paths = [`/${CATALOG_FILE}`, ...layout.queriedClusters.map((id) => `/${jsonTwinFile(SECTION.cluster, id)}`)] as const;
  return paths.flatMap((path) => ['', ...majorPrefixes()].map((major) => `${major}${path}` as `/${string}`));
}

export default catalogRewrite(LAYOUT);

export const config: Config = {
  path: catalogPaths(LAYOUT),
  onError: 'bypass',
};
