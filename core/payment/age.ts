/**
 * `age` (RFC 9111, section 5.1): whole seconds since the check that made the answer, so a client can
 * tell a kept result from a fresh one without comparing `checkedAt` with its own clock. The body is
 * closed by its schema, so the age travels as a header, exposed to browsers like the others.
 */
import type { HeaderSet } from '../headers.ts';

/** `age` is among the header module's exposed headers, so browsers read it like the others. */
export function ageHeaders(ageSeconds: number): HeaderSet {
  return { age: String(ageSeconds) };
}
