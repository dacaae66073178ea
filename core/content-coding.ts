/**
 * `Accept-Encoding` (RFC 9110 §12.5.3): may an answer go gzip-compressed? Yes when gzip or `*` is
 * listed with a weight above zero (an explicit `gzip;q=0` refuses it even when `*` would allow it),
 * and yes when the header is absent: "a request without any Accept-Encoding header field implies
 * that the user agent has no preferences regarding content-codings" (curl without --compressed,
 * for one, sends none). A header that lists only other codings, or `identity`, refuses it.
 */
export function mayGzip(header: string | null | undefined): boolean {
  if (header === null || header === undefined) return true;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (name.trim() === 'gzip' || name.trim() === 'x-gzip') gzip = weight;
    else if (name.trim() === '*') any = weight;
  }
  return (gzip ?? any ?? 0) > 0;
}
