/**
 * `age` (RFC 9111, section 5.1): whole seconds since the check that made the answer, so a client can
 * tell a kept result from a fresh one without comparing `checkedAt` with its own clock. The body is
 * closed by its schema, so the age travels as a header, exposed to browsers like the others.
 */
import { corsHeaders, EXPOSED_HEADERS } from '../core/headers.ts';
import type { HeaderSet } from '../core/headers.ts';

const EXPOSE = 'access-control-expose-headers';

export function ageHeaders(ageSeconds: number): HeaderSet {
  const exposed = corsHeaders()[EXPOSE];
  // Once the header module lists `age` itself, nothing is added here.
  const listed = (EXPOSED_HEADERS as readonly string[]).includes('age');
  return { age: String(ageSeconds), ...(!listed && { [EXPOSE]: `${exposed}, age` }) };
}
