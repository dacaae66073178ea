/** GET /catalog.json (and /v1/catalog.json): the catalogue, filtered, sorted and limited. */
import type { Config } from '@netlify/functions';
import constants from '../build/generated/function-constants.json' with { type: 'json' };
import { answerCatalog } from '../build/core/catalog-answer.ts';
import { cachedCatalog, catalogCandidates, loadCatalog } from '../build/core/catalog-source.ts';
import { answeringErrors } from '../build/core/respond.ts';

const catalog = cachedCatalog(() => loadCatalog(catalogCandidates(), constants.catalogLayout));

export default answeringErrors(constants, (request) => answerCatalog(request, catalog, constants));

export const config: Config = {
  path: ['/catalog.json', '/v1/catalog.json'],
};
