/** GET /api/public/health/payment (and under /v1): can the shop take payments through Stripe? */
import type { FunctionRoute } from '../core/function-route.ts';
import constants from '../runtime/generated/function-constants.json' with { type: 'json' };
import { CACHE_NO_STORE } from '../core/headers.ts';
import type { BuildStamp } from '../core/headers.ts';
import { ALLOWED_METHODS, answeringErrors, jsonResponse, preflightResponse } from '../core/respond.ts';
import { ageHeaders, badHealthQueryBody, cachedHealthCheck, httpStatusOf, methodNotAllowedBody, parseHealthQuery } from '../runtime/payment/index.ts';

const stamp: BuildStamp = { buildVersion: constants.buildVersion, baseUrl: constants.baseUrl };
const links = { baseUrl: constants.baseUrl, documentationUrl: constants.documentationUrl };
const noStore = { stamp, cacheControl: CACHE_NO_STORE };

// Module scope: one cache per function instance, kept between the requests it serves.
const paymentHealth = cachedHealthCheck();

export default answeringErrors(constants, async (request: Request): Promise<Response> => {
  if (request.method === 'OPTIONS') return preflightResponse(request, stamp);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return jsonResponse(request, methodNotAllowedBody(request.method, links), { ...noStore, status: 405, extraHeaders: { allow: ALLOWED_METHODS } });
  }
  const query = parseHealthQuery(new URL(request.url).searchParams);
  if (!query.ok) return jsonResponse(request, badHealthQueryBody(query, links), { ...noStore, status: 400 });
  // Netlify exposes the site's environment variables to functions in process.env.
  const { health, ageSeconds } = await paymentHealth(process.env, { force: query.force });
  return jsonResponse(request, health, { ...noStore, status: httpStatusOf(health), extraHeaders: ageHeaders(ageSeconds) });
});

export const config: FunctionRoute = {
  path: ['/api/public/health/payment', '/v1/api/public/health/payment'],
  // Every method Netlify can route: this function answers its paths whole (reads, preflight, 405).
  method: ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'],
};
