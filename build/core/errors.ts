/** Error bodies in the flat shape of the specification: `error` always equals `code`. */
import type { ErrorBody, ErrorCode } from './types.ts';

export interface ErrorLinks {
  /** Canonical origin, no trailing slash. */
  baseUrl: string;
  documentationUrl: string;
}

export function errorBody(code: ErrorCode, message: string, hints: string[], links: ErrorLinks): ErrorBody {
  return { error: code, code, message, hints: [...new Set(hints)], documentation_url: links.documentationUrl };
}

/** Where a lost client can always start again. */
export function startingPoints(links: ErrorLinks): string[] {
  return [`${links.baseUrl}/catalog.json`, `${links.baseUrl}/openapi.json`];
}

export function notFoundBody(path: string, links: ErrorLinks, didYouMean: string[] = []): ErrorBody {
  return errorBody(
    'not_found',
    `No published document at ${path}.`,
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
  /** A corrected query string to offer as a hint. */
  suggestion?: string;
}

export function badRequestBody(problem: QueryProblemLike, path: string, links: ErrorLinks): ErrorBody {
  const suggested = problem.suggestion ? [`${links.baseUrl}${path}?${problem.suggestion}`] : [];
  return errorBody('bad_request', problem.message, [...suggested, `${links.baseUrl}/openapi.json`, `${links.baseUrl}/catalog.json`], links);
}
