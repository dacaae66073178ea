/**
 * Every method but GET and HEAD, on every path, files included: OPTIONS is a CORS preflight (204),
 * anything else a JSON 405 with `allow` (the API is read-only). A static file would answer these
 * with the platform's own 405, without CORS or the build's headers.
 */
import constants from '../runtime/generated/function-constants.json' with { type: 'json' };
import { answeringErrors, answerOtherMethod } from '../core/respond.ts';
import type { FunctionRoute } from '../core/function-route.ts';

const links = { baseUrl: constants.baseUrl, documentationUrl: constants.documentationUrl };

export default answeringErrors(constants, (request) => answerOtherMethod(request, constants, links));

export const config: FunctionRoute = {
  path: '/*',
  method: ['OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'],
  // The functions that answer every method of their own paths.
  excludedPath: ['/catalog.json', '/v1/catalog.json', '/api/public/health/payment', '/v1/api/public/health/payment',
    '/search', '/v1/search', '/search.json', '/v1/search.json', '/search.md', '/v1/search.md', '/mcp', '/v1/mcp',
    '/cards/*', '/v1/cards/*'],
};
