/** An error answer as the API promises it: the status, JSON, the Error schema, and `error` equal
 * to `code` (the specification keeps both). */
import { expect } from 'vitest';
import { apiValidator } from '../../build/ajv.ts';
import type { ErrorBody } from '../../core/types.ts';

export async function errorBodyOf(response: Response, status: number, code?: ErrorBody['code']): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as ErrorBody;
  const validate = apiValidator('Error');
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  expect(body.error).toBe(body.code);
  if (code !== undefined) expect(body.code).toBe(code);
  return body;
}
