/** GET /catalog.json (and /v1/catalog.json): the catalogue, filtered, sorted and limited. */
import constants from '../runtime/generated/function-constants.json' with { type: 'json' };
import { answerCatalog } from '../core/catalog-answer.ts';
import { cachedCatalog, catalogCandidates, loadCatalog } from '../runtime/catalog-source.ts';
import { answeringErrors } from '../core/respond.ts';
import type { FunctionRoute } from '../core/function-route.ts';

const catalog = cachedCatalog(() => loadCatalog(catalogCandidates(import.meta.url), constants.catalogLayout));

export default answeringErrors(constants, (request) => answerCatalog(request, catalog, constants));

// Every method Netlify can route: this function alone answers its paths (reads, the preflight and
// the 405), so no catch-all has to step in for one method and not another.
export const config: FunctionRoute = {
  path: ['/catalog.json', '/v1/catalog.json'],
  method: ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'],
};
