/** CORS preflight for every path: static files would answer OPTIONS with 405. */
import type { Config } from '@netlify/functions';
import { preflightHeaders } from '../build/core/headers.ts';

export default (): Response => new Response(null, { status: 204, headers: preflightHeaders() });

export const config: Config = {
  path: '/*',
  method: 'OPTIONS',
};
