/**
 * GET /cards/… (and /v1/cards/…): the card of a shared link, drawn on the first request for its
 * address and then kept by Netlify's durable cache, the address changing with the card. Reads the
 * item's byte range of catalog.json, the page frame (the shop's name, description and clusters)
 * and the fonts and resvg's module, all found beside the function (netlify.toml's `included_files`).
 */
import constants from '../runtime/generated/function-constants.json' with { type: 'json' };
import { join } from 'node:path';
import { answerCard } from '../core/card-answer.ts';
import type { CardFrame } from '../core/card-answer.ts';
import { cachedCatalog, catalogCandidates, openCatalogItems } from '../runtime/catalog-source.ts';
import { readSearchPageFrame, searchDataDir } from '../runtime/search-source.ts';
import { cardAssetRoot, readCardAssets } from '../runtime/card-assets.ts';
import { answeringErrors } from '../core/respond.ts';
import type { FunctionRoute } from '../core/function-route.ts';
import { SEARCH_PAGE_FRAME_FILE } from '../core/published-files.ts';

const resources = {
  items: cachedCatalog(() => openCatalogItems(catalogCandidates(import.meta.url), constants.catalogLayout)),
  // The frame the search page is drawn in is every page's: the shop and the clusters the pages' cards were made from.
  frame: cachedCatalog(() => readSearchPageFrame<CardFrame>(join(searchDataDir(import.meta.url), SEARCH_PAGE_FRAME_FILE))),
  // satori, resvg and the fonts are most of this function: a 404, a 304 or a HEAD does not load them.
  draw: cachedCatalog(async () => (await import('../site/card-image.ts')).cardDrawer(await readCardAssets(cardAssetRoot(import.meta.url)))),
};

export default answeringErrors(constants, (request) => answerCard(request, resources, constants));

// Every method Netlify can route: this function alone answers its paths (reads, the preflight and
// the 405); the catch-alls exclude them.
export const config: FunctionRoute = {
  path: ['/cards/*', '/v1/cards/*'],
  method: ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'],
};
