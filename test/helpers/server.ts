/** The running `netlify dev` of the test run, and requests to it checked against the contract. */
import { inject } from 'vitest';
import { httpRequest } from './http.ts';
import type { Reply, RequestOptions } from './http.ts';
import { expectContract } from './openapi.ts';

/** Base URL of the server the http layer started. */
export const serverUrl: string = inject('serverUrl');
// An HTTP suite never skips itself: outside the http and browser layers there is no server to skip to.
if (!serverUrl) throw new Error('No test server: HTTP suites run in the http and browser layers (npm run test:http).');

/** A request to the test server whose reply is checked against openapi.json before it is returned. */
export async function call(path: string, options: RequestOptions = {}): Promise<Reply> {
  const reply = await httpRequest(`${serverUrl}${path}`, options);
  expectContract(reply);
  return reply;
}
