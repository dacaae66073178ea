/** Every path with no file: JSON 404s for API paths (never HTML), the 404 page for pages. */
import type { Config } from '@netlify/functions';
import constants from '../build/generated/function-constants.json' with { type: 'json' };
import { answerNotFound } from '../build/core/not-found-answer.ts';
import { cachedCatalog, catalogCandidates, loadCatalog, readBuiltFile } from '../build/core/catalog-source.ts';
import { answeringErrors } from '../build/core/respond.ts';

const resources = {
  catalog: cachedCatalog(() => loadCatalog(catalogCandidates(), constants.catalogLayout)),
  notFoundPage: () => readBuiltFile('404.html'),
};

export default answeringErrors(constants, (request) => answerNotFound(request, constants, resources));

export const config: Config = {
  path: '/*',
  // Files win: the function sees only paths with nothing published at them.
  preferStatic: true,
  // Netlify tries functions in no promised order, so this catch-all steps aside from every path
  // another function owns (a test keeps this list complete). `/v1/*` goes on to the rewrite in
  // netlify.toml, whose target comes back here when it has no file either.
  excludedPath: ['/v1/*', '/catalog.json', '/api/public/health/payment'],
};
