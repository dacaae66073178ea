/** The running `netlify dev` of the test run, and requests to it checked against the contract. */
import { inject } from 'vitest';
import { httpRequest } from './http.ts';
import type { Reply, RequestOptions } from './http.ts';
import { expectContract } from './openapi.ts';

/** Base URL of the server, '' when SKIP_SERVER=1 (the HTTP suites then skip). */
export const serverUrl: string = inject('serverUrl');

/** A request to the test server whose reply is checked against openapi.json before it is returned. */
export async function call(path: string, options: RequestOptions = {}): Promise<Reply> {
  const reply = await httpRequest(`${serverUrl}${path}`, options);
  expectContract(reply);
  return reply;
}
