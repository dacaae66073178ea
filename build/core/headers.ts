/**
 * The response headers of the service, in one place: `dist/_headers` for static files and the
 * functions at request time both call these, so a twin and a function answer carry the same set.
 */

export interface BuildStamp {
  /** Package version plus short commit, fixed at build time. */
  buildVersion: string;
  /** Canonical origin, no trailing slash. */
  baseUrl: string;
}

/** Current major, and every major with the dates it retires on, if any. */
export const CURRENT_MAJOR = 1;

export interface MajorLifecycle {
  /** When the deprecation was announced. */
  deprecation?: Date;
  /** When the major stops answering. */
  sunset?: Date;
  /** Where the migration is explained. */
  link?: string;
}

export const MAJORS: Readonly<Record<number, MajorLifecycle>> = {
  1: {},
};

export const CACHE_PUBLIC_HOUR = 'public, max-age=3600';
export const CACHE_NO_STORE = 'no-store';

/**
 * Netlify's CDN keeps each distinct query's answer until the next deploy, so repeated queries never
 * reach the function. It varies on the whole query string, not only on cluster|sort|limit: a query
 * with an unknown parameter must reach the function and get its 400, not a cached 200.
 */
export const CDN_CACHE_HEADERS = {
  'netlify-cdn-cache-control': 'public, durable, s-maxage=31536000',
  'netlify-vary': 'query',
} as const;


/** Informational today; enforcement will change values, never names. */
export const RATE_LIMIT = { limit: 600, windowSeconds: 3600 } as const;

export const EXPOSED_HEADERS = [
  'x-build-version', 'x-base-url', 'api-version', 'etag',
  'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset',
  'deprecation', 'sunset', 'link',
] as const;

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';

export type HeaderSet = Record<string, string>;

/** Headers every JSON response carries (less `etag` and `content-type`, which depend on the body). */
export function apiHeaders(
  stamp: BuildStamp,
  { major = CURRENT_MAJOR, cacheControl = CACHE_PUBLIC_HOUR, majors = MAJORS }: {
    major?: number;
    cacheControl?: string;
    majors?: Readonly<Record<number, MajorLifecycle>>;
  } = {},
): HeaderSet {
  return {
    'x-build-version': stamp.buildVersion,
    'x-base-url': stamp.baseUrl,
    'api-version': String(major),
    'cache-control': cacheControl,
    ...rateLimitHeaders(),
    ...corsHeaders(),
    ...lifecycleHeaders(majors[major] ?? {}),
    'x-content-type-options': 'nosniff',
  };
}

export function rateLimitHeaders(): HeaderSet {
  return {
    'ratelimit-policy': `${RATE_LIMIT.limit};w=${RATE_LIMIT.windowSeconds}`,
    'ratelimit-limit': String(RATE_LIMIT.limit),
    'ratelimit-remaining': String(RATE_LIMIT.limit),
    'ratelimit-reset': String(RATE_LIMIT.windowSeconds),
  };
}

export function corsHeaders(): HeaderSet {
  return {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
  };
}

/** `deprecation` as an RFC 9745 structured date, `sunset` as an RFC 8594 HTTP-date. */
export function lifecycleHeaders(lifecycle: MajorLifecycle): HeaderSet {
  const headers: HeaderSet = {};
  if (lifecycle.deprecation) headers.deprecation = `@${Math.floor(lifecycle.deprecation.getTime() / 1000)}`;
  if (lifecycle.sunset) headers.sunset = lifecycle.sunset.toUTCString();
  if (lifecycle.link) headers.link = `<${lifecycle.link}>; rel="deprecation"; type="text/html"`;
  return headers;
}

/** Answer to a CORS preflight. */
export function preflightHeaders(): HeaderSet {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, HEAD, OPTIONS',
    'access-control-allow-headers': 'if-none-match, accept, user-agent',
    'access-control-max-age': '86400',
    vary: 'origin',
  };
}

/** Which major answers a path: a known `/vN/` prefix pins N; anything else gets the current one. */
export function majorOfPath(pathname: string, majors: Readonly<Record<number, MajorLifecycle>> = MAJORS): number {
  const match = /^\/v([0-9]+)(?:\/|$)/.exec(pathname);
  return match && Object.hasOwn(majors, match[1]) ? Number(match[1]) : CURRENT_MAJOR;
}
