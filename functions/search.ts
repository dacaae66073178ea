/** GET /search.json (the API), /search (the results page) and /search.md (its twin), and under /v1. */
import constants from '../runtime/generated/function-constants.json' with { type: 'json' };
import { answerSearch } from '../core/search-answer.ts';
import { cachedCatalog } from '../runtime/catalog-source.ts';
import { join } from 'node:path';
import { readSearchIndex, readSearchPageFrame, searchDataDir } from '../runtime/search-source.ts';
import { answeringErrors } from '../core/respond.ts';
import type { FunctionRoute } from '../core/function-route.ts';
import type { PageFrame } from '../site/pages/frame.ts';
import { SEARCH_PAGE_FRAME_FILE } from '../core/published-files.ts';

const resources = {
  search: cachedCatalog(() => readSearchIndex(searchDataDir(import.meta.url))),
  frame: cachedCatalog(() => readSearchPageFrame<PageFrame>(join(searchDataDir(import.meta.url), SEARCH_PAGE_FRAME_FILE))),
  // The pages' code (hast, mdast and their serialisers) is most of this function: a cold start
  // for the API does not evaluate it.
  renderers: cachedCatalog(async () => (await import('../site/search-page.ts')).searchRenderers),
};

export default answeringErrors(constants, (request) => answerSearch(request, resources, constants));

// Every method Netlify can route: this function alone answers its paths (reads, the preflight and
// the 405); the catch-alls exclude them.
export const config: FunctionRoute = {
  path: ['/search.json', '/v1/search.json', '/search', '/v1/search', '/search.md', '/v1/search.md'],
  method: ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'],
};
