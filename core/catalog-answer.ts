/** The catalog function's whole behaviour as Request → Response, over the pure query core. */
import { canonicalQueryString, parseCatalogQuery } from './query.ts';
import { renderCatalogQuery } from './catalog-layout.ts';
import { badRequestBody, serverErrorBody } from './errors.ts';
import type { ErrorLinks } from './errors.ts';
import { answerOtherMethod, jsonResponse, LazyJson, READ_METHODS } from './respond.ts';
import { strongEtag } from './etag.ts';
import { CACHE_NO_STORE, majorPrefixOf } from './headers.ts';
import type { BuildStamp } from './headers.ts';
import type { CatalogLayout } from './catalog-layout.ts';
import { CATALOG_FILE, publishedPath } from './published-files.ts';

/** The catalogue as an answer reads it; runtime/catalog-source.ts loads it from the build's file. */
export interface LoadedCatalog {
  /** The file's bytes: the answer to a query without parameters, never re-serialised. */
  bytes: Uint8Array;
  layout: CatalogLayout;
}

export interface AnswerConstants extends BuildStamp {
  documentationUrl: string;
}

export { ALLOWED_METHODS } from './respond.ts';

export async function answerCatalog(
  request: Request,
  getCatalog: () => Promise<LoadedCatalog>,
  constants: AnswerConstants,
): Promise<Response> {
  const url = new URL(request.url);
  // Hints stay under the major the client asked for.
  const links: ErrorLinks = { baseUrl: `${constants.baseUrl}${majorPrefixOf(url.pathname)}`, documentationUrl: constants.documentationUrl };
  const stamp: BuildStamp = { buildVersion: constants.buildVersion, baseUrl: constants.baseUrl };

  if (!READ_METHODS.includes(request.method)) return answerOtherMethod(request, stamp, links);
  const parsed = parseCatalogQuery(url.searchParams);
  if (!parsed.ok) {
    return jsonResponse(request, badRequestBody(parsed.problem, publishedPath(CATALOG_FILE), links), { stamp, status: 400, cdnCache: true });
  }
  let catalog: LoadedCatalog;
  try {
    catalog = await getCatalog();
  } catch (error) {
    console.error('catalog function: the precomputed catalogue could not be read', error);
    return jsonResponse(request, serverErrorBody(links), { stamp, status: 500, cacheControl: CACHE_NO_STORE, cdnCache: true });
  }
  const canonical = canonicalQueryString(parsed.query);
  if (canonical === '') {
    return jsonResponse(request, catalog.bytes, { stamp, etag: catalog.layout.etag, cdnCache: true });
  }
  // The answer is a function of the file and the canonical query, so their hash is a strong
  // validator for it, known before (and without) building the body.
  const body = new LazyJson(() => renderCatalogQuery(catalog.bytes, catalog.layout, parsed.query));
  return jsonResponse(request, body, { stamp, etag: strongEtag(`${catalog.layout.etag}?${canonical}`), cdnCache: true });
}
