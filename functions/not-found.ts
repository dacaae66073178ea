/** GET and HEAD on every path with no file: JSON 404s for API paths (never HTML), the 404 page for pages. */
import constants from '../runtime/generated/function-constants.json' with { type: 'json' };
import { answerNotFound } from '../core/not-found-answer.ts';
import { cachedCatalog, catalogCandidates, loadCatalog, readBuiltFile } from '../runtime/catalog-source.ts';
import { answeringErrors } from '../core/respond.ts';
import type { FunctionRoute } from '../core/function-route.ts';
import { NOT_FOUND_PAGE } from '../core/published-files.ts';

const candidates = catalogCandidates(import.meta.url);
const resources = {
  catalog: cachedCatalog(() => loadCatalog(candidates, constants.catalogLayout)),
  notFoundPage: () => readBuiltFile(NOT_FOUND_PAGE, candidates),
};

export default answeringErrors(constants, (request) => answerNotFound(request, constants, resources));

// The literals below are Netlify's routing table, read without running this file; a test derives
// the whole table from every function's config and netlify.toml and fails on any overlap.
export const config: FunctionRoute = {
  path: '/*',
  // Files win: the function sees only paths with nothing published at them.
  preferStatic: true,
  // Reads only: other-methods answers every other method on every path, files included.
  method: ['GET', 'HEAD'],
  // Paths another function answers whole, unversioned and under /v1 (whose files the build
  // publishes at dist/v1/, build/mirror.ts).
  excludedPath: ['/catalog.json', '/v1/catalog.json', '/api/public/health/payment', '/v1/api/public/health/payment',
    '/search', '/v1/search', '/search.json', '/v1/search.json', '/search.md', '/v1/search.md', '/mcp', '/v1/mcp',
    '/cards/*', '/v1/cards/*'],
};
