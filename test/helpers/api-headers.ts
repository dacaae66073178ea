/** The header set every JSON response carries (specification, "Headers on every JSON response"). */
import { expect } from 'vitest';
import type { Stamp } from './dist.ts';

/** The names DESIGN.md asks access-control-expose-headers to list, at least. */
export const EXPOSED_AT_LEAST = [
  'x-build-version', 'x-base-url', 'api-version', 'etag',
  'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset',
  'deprecation', 'sunset',
];

/** Headers of the set whose value does not depend on the body or the answering layer. */
export const STAMP_HEADER_NAMES = [
  'x-build-version', 'x-base-url', 'api-version',
  'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset',
  'access-control-allow-origin', 'access-control-expose-headers',
];

export const API_HEADER_NAMES = [...STAMP_HEADER_NAMES, 'etag', 'cache-control'];

export type HeaderSource = Headers | Record<string, string>;

export function headerRecord(headers: HeaderSource): Record<string, string> {
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

export interface ExpectedHeaders {
  stamp: Stamp;
  /** The exact cache-control expected; omitted: any value, but present. */
  cacheControl?: string;
  /** False for the HTML and Markdown 404 pages, which have no validator. */
  etag?: boolean;
  where?: string;
}

/** Asserts the full set: build stamp, major, validator, lifetime, request budget and CORS. */
export function expectApiHeaders(source: HeaderSource, { stamp, cacheControl, etag = true, where = 'response' }: ExpectedHeaders): void {
  const headers = headerRecord(source);
  const say = (name: string) => `${where}: header ${name} (headers: ${JSON.stringify(headers)})`;
  expect(headers['x-build-version'], say('x-build-version')).toBe(stamp.buildVersion);
  expect(headers['x-base-url'], say('x-base-url')).toBe(stamp.baseUrl);
  expect(headers['api-version'], say('api-version')).toBe('1');
  if (etag) expect(headers.etag, say('etag')).toMatch(/^(W\/)?"[^"]*"$/);
  if (cacheControl === undefined) expect(headers['cache-control'], say('cache-control')).toMatch(/\S/);
  else expect(headers['cache-control'], say('cache-control')).toBe(cacheControl);
  expect(headers['ratelimit-policy'], say('ratelimit-policy')).toBe('600;w=3600');
  expect(headers['ratelimit-limit'], say('ratelimit-limit')).toBe('600');
  expect(headers['ratelimit-remaining'], say('ratelimit-remaining')).toBe('600');
  expect(headers['ratelimit-reset'], say('ratelimit-reset')).toBe('3600');
  expect(headers['access-control-allow-origin'], say('access-control-allow-origin')).toBe('*');
  const exposed = (headers['access-control-expose-headers'] ?? '').split(',').map((name) => name.trim().toLowerCase());
  for (const name of EXPOSED_AT_LEAST) expect(exposed, say('access-control-expose-headers')).toContain(name);
}

/** The values of the headers that must not differ between two answers of one resource. */
export function stampHeaders(source: HeaderSource, names: readonly string[] = STAMP_HEADER_NAMES): Record<string, string | undefined> {
  const headers = headerRecord(source);
  return Object.fromEntries(names.map((name) => [name, headers[name]]));
}
