/** CORS preflight for every path: static files would answer OPTIONS with 405. */
import type { Config } from '@netlify/functions';
import constants from '../build/generated/function-constants.json' with { type: 'json' };
import { preflightResponse } from '../build/core/respond.ts';

export default (request: Request): Response => preflightResponse(request, constants);

export const config: Config = {
  path: '/*',
  method: 'OPTIONS',
};
