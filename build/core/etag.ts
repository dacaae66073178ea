/** Strong validators and RFC 9110 `If-None-Match` evaluation. */
import { createHash } from 'node:crypto';

export function strongEtag(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * True when `If-None-Match` matches: `*`, or any listed tag under weak comparison (a `W/` prefix
 * on either side is ignored), as RFC 9110 §13.1.2 asks for GET and HEAD.
 */
export function ifNoneMatchMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = stripWeak(etag);
  // Entity tags are quoted strings without inner quotes, so a regex splits a list reliably even
  // when a tag contains a comma.
  for (const match of header.matchAll(/(?:W\/)?"[^"]*"/g)) {
    if (stripWeak(match[0]) === opaque) return true;
  }
  return false;
}

const stripWeak = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
