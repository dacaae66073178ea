/**
 * Whether a request target's percent-encoding can be decoded at all (RFC 3986 §2.1: `%` then two
 * hex digits; the bytes they give must be UTF-8, as the URL standard decodes them). `URL` and
 * `URLSearchParams` never refuse a malformed one: they keep `%ZZ` as it is and turn a cut UTF-8
 * sequence (`%E0%A4%A`) into U+FFFD, so without this check such a request would be answered as if
 * the client had asked for something else.
 */

const PERCENT = /%([0-9A-Fa-f]{2})?/g;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The part of the target that cannot be decoded, for the error message; undefined when all can. */
export function malformedPercentEncoding(text: string): string | undefined {
  // Runs of escapes decode together: one UTF-8 character may take up to four of them.
  const bytes: number[] = [];
  let runStart = -1;
  let runEnd = -1;
  const flush = (): string | undefined => {
    if (bytes.length === 0) return undefined;
    try {
      utf8.decode(Uint8Array.from(bytes));
      return undefined;
    } catch {
      return text.slice(runStart, runEnd);
    } finally {
      bytes.length = 0;
    }
  };
  for (const match of text.matchAll(PERCENT)) {
    if (match[1] === undefined) return flush() ?? text.slice(match.index, match.index + 3);
    if (match.index !== runEnd) {
      const bad = flush();
      if (bad !== undefined) return bad;
      runStart = match.index;
    }
    bytes.push(Number.parseInt(match[1], 16));
    runEnd = match.index + 3;
  }
  return flush();
}

/** Where in a query (`?a=b&c=d`) the first undecodable part is, and the parameter it belongs to:
 * its name as URLSearchParams reads it (which keeps what it cannot decode as it is), and whether
 * the part is in that name or in its value, so that the error can say which parameter is wrong. */
export function malformedQueryPart(search: string): { bad: string; parameter: string; inName: boolean } | undefined {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const inName = malformedPercentEncoding(name);
    const bad = inName ?? (equals === -1 ? undefined : malformedPercentEncoding(pair.slice(equals + 1)));
    if (bad !== undefined) return { bad, parameter: [...new URLSearchParams(`${name}=`).keys()][0], inName: inName !== undefined };
  }
  return undefined;
}
