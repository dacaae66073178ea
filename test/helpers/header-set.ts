/**
 * "The full header set" as the header module states it, for answers checked in-process: the
 * expectation is computed by `apiHeaders` (and `preflightHeaders` for a preflight), never listed
 * here, so a header added to the module is expected everywhere at once.
 */
import { expect } from 'vitest';
import { apiHeaders, CACHE_NO_STORE, CACHE_PUBLIC_HOUR, majorOfPath, preflightHeaders } from '../../core/headers.ts';
import type { BuildStamp, HeaderSet } from '../../core/headers.ts';

const EXPOSE = 'access-control-expose-headers';
const names = (list: string | null | undefined) => (list ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);

export interface HeaderSetExpectation {
  stamp: BuildStamp;
  /** The request's path: it decides the major (`/v1/...`) and with it `api-version` and lifecycle headers. */
  path: string;
  /** The exact lifetime; omitted: one of the service's lifetimes (an hour, or no-store). */
  cacheControl?: string;
  /** A JSON answer with a body or a 304: it carries a validator. */
  etag?: boolean;
  /** A preflight's answer: the common grant (`true`), or the grant of an endpoint that takes other
   * methods than the reads (the MCP endpoint's POST). */
  preflight?: boolean | HeaderSet;
  /** Names the failure, e.g. the request. */
  where?: string;
}

export function expectFullHeaderSet(headers: Headers, { stamp, path, cacheControl, etag = false, preflight = false, where = path }: HeaderSetExpectation): void {
  const expected: Record<string, string> = { ...apiHeaders(stamp, { major: majorOfPath(path) }), ...(preflight === true ? preflightHeaders() : preflight || {}) };
  const say = (name: string) => `${where}: ${name} (answer headers ${JSON.stringify(Object.fromEntries(headers))})`;
  for (const [name, value] of Object.entries(expected)) {
    if (name === 'cache-control') {
      if (cacheControl !== undefined) expect(headers.get(name), say(name)).toBe(cacheControl);
      else expect([CACHE_PUBLIC_HOUR, CACHE_NO_STORE], say(name)).toContain(headers.get(name));
    } else if (name === EXPOSE) {
      // An answer may expose more than the common set (the payment check adds `age`), never less.
      const exposed = names(headers.get(name));
      for (const common of names(value)) expect(exposed, say(name)).toContain(common);
    } else {
      expect(headers.get(name), say(name)).toBe(value);
    }
  }
  if (etag) expect(headers.get('etag'), say('etag')).toMatch(/^(W\/)?"[^"]*"$/);
}
