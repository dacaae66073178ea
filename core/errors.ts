/** Error bodies in the flat shape of the specification: `error` always equals `code`. */
import type { ErrorBody, ErrorCode } from './types.ts';

export interface ErrorLinks {
  /** Canonical origin, no trailing slash. */
  baseUrl: string;
  documentationUrl: string;
}

/**
 * The most characters of a client's input an error repeats. A message names what was refused, so
 * the client can find it; the refused input itself may be any size (100 KB of query string), and
 * sending it back would turn every malformed request into an amplifier.
 */
export const ECHO_MAX = 200;

/**
 * A client's input as a message repeats it: quoted as JSON (so quotes, control characters and lone
 * surrogates show as escapes), and when its quoted form would pass ECHO_MAX characters, cut there
 * with an ellipsis and the length of the whole input.
 */
export function echo(input: string): string {
  return cutToEcho(input, true);
}

/**
 * A request path as a message repeats it: `URL` has already percent-encoded everything that could
 * confuse a reader (spaces, quotes, control characters), so it is shown as it is, cut like `echo`.
 */
export function echoPath(pathname: string): string {
  return cutToEcho(pathname, false);
}

function cutToEcho(input: string, quoted: boolean): string {
  const show = (text: string) => (quoted ? JSON.stringify(text) : text);
  let shown = '';
  let width = quoted ? 2 : 0;
  let cut = false;
  // By code points, so a cut never splits a surrogate pair.
  for (const char of input) {
    const charWidth = show(char).length - (quoted ? 2 : 0);
    if (width + charWidth > ECHO_MAX) {
      cut = true;
      break;
    }
    shown += char;
    width += charWidth;
  }
  if (!cut) return show(shown);
  let total = 0;
  for (const _ of input) total++;
  return `${show(`${shown}…`)} (cut: ${total} characters in all)`;
}

/**
 * Bounds that hold whatever a caller passes: a message is one sentence, a hint a URL of ordinary
 * length. A caller that echoes input through `echo` never comes near them.
 */
export const MESSAGE_MAX = 1000;
export const HINT_MAX = 2000;

export function errorBody(code: ErrorCode, message: string, hints: string[], links: ErrorLinks): ErrorBody {
  const bounded = message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : message;
  return {
    error: code,
    code,
    message: bounded,
    hints: [...new Set(hints)].filter((hint) => hint.length <= HINT_MAX),
    documentation_url: links.documentationUrl,
  };
}

/** Where a lost client can always start again. */
export function startingPoints(links: ErrorLinks): string[] {
  return [`${links.baseUrl}/catalog.json`, `${links.baseUrl}/openapi.json`];
}

export function notFoundBody(path: string, links: ErrorLinks, didYouMean: string[] = []): ErrorBody {
  return errorBody(
    'not_found',
    `No published document at ${echoPath(path)}.`,
    [...didYouMean, ...startingPoints(links)],
    links,
  );
}

export function serverErrorBody(links: ErrorLinks, message = 'The catalogue could not be read; try again shortly.'): ErrorBody {
  return errorBody(
    'server_error',
    message,
    [`${links.baseUrl}/version.json`],
    links,
  );
}

export interface QueryProblemLike {
  message: string;
  /** A corrected query string to offer as a hint; one longer than ECHO_MAX is not offered. */
  suggestion?: string;
}

export function badRequestBody(problem: QueryProblemLike, path: string, links: ErrorLinks): ErrorBody {
  // A suggestion carries part of the client's input (the value of a misspelt parameter): offered
  // only when it is short enough to be an echo.
  const suggested = problem.suggestion && problem.suggestion.length <= ECHO_MAX ? [`${links.baseUrl}${path}?${problem.suggestion}`] : [];
  return errorBody('bad_request', problem.message, [...suggested, `${links.baseUrl}/openapi.json`, `${links.baseUrl}/catalog.json`], links);
}
