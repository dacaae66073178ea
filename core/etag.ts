/** Strong validators and RFC 9110 `If-None-Match` evaluation, as clients behind a compressing CDN send it. */
import { createHash } from 'node:crypto';

/**
 * The project's validators: 128 bits of SHA-256 in lowercase hex, quoted. Hex on purpose: a tag of
 * ours never contains `-`, so a `-` in a tag a client sends back can only be where a CDN's suffix
 * begins (base64url would allow `-` anywhere, and `"…-df"` could then be a tag of ours).
 */
export function strongEtag(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
}

/**
 * What a CDN appends inside the quotes when it compresses an answer on the way out, so the
 * compressed variant has a tag of its own (RFC 9110 §8.8.3: a strong tag names one encoding).
 * Browsers keep that tag and send it back in `If-None-Match`.
 *
 * - `-df`: Netlify's CDN for every encoding it applies (gzip and br alike), e.g. `"…-ssl-df"` for
 *   static files (answers.netlify.com/t/37852) and `"<our tag>-df"` for function answers. It is
 *   Apache Traffic Server's convention: plugins/compress/compress.cc, `etag_header()`, appends
 *   `-df` whatever the encoding. (Stock ATS appends it after the closing quote, `"abc"-df`; the
 *   list parser below reads the quoted tag and ignores what follows it, so that form matches too.)
 * - `-gzip`, `-br`: Apache httpd's mod_deflate and mod_brotli (`DeflateAlterETag AddSuffix`, the
 *   default since 2.4), as a compressing proxy in front of a client would add them.
 *
 * Only these are removed, and only from the client's tag, never from ours.
 */
export const CDN_ENCODING_SUFFIXES = ['-df', '-gzip', '-br'] as const;

/**
 * True when `If-None-Match` matches `etag`: `*`, or any listed tag under weak comparison (a `W/`
 * prefix on either side is ignored), as RFC 9110 §13.1.2 asks for GET and HEAD, where a listed
 * tag counts both as sent and with one CDN encoding suffix removed. The compressed variant is the
 * same representation before encoding, so the client's copy is current exactly when our tag is.
 */
export function ifNoneMatchMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const ours = opaqueTag(etag);
  // Entity tags are quoted strings without inner quotes, so a regex splits a list reliably even
  // when a tag contains a comma.
  for (const match of header.matchAll(/(?:W\/)?"([^"]*)"/g)) {
    if (match[1] === ours || withoutEncodingSuffix(match[1]) === ours) return true;
  }
  return false;
}

/** The characters between the quotes, without `W/`. */
const opaqueTag = (tag: string) => tag.replace(/^W\//, '').replace(/^"|"$/g, '');

function withoutEncodingSuffix(opaque: string): string | undefined {
  const suffix = CDN_ENCODING_SUFFIXES.find((candidate) => opaque.endsWith(candidate));
  return suffix === undefined ? undefined : opaque.slice(0, -suffix.length);
}
