/**
 * The response headers of the service, in one place: `dist/_headers` for static files and the
 * functions at request time both call these, so a twin and a function answer carry the same set.
 */
import { MARKDOWN_TOKENS_HEADER } from './markdown-tokens.ts';

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
/** An answer at an address that changes whenever its bytes do (a card, core/card.ts): a browser
 * keeps it for a year and never asks again (RFC 8246). */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * How long Netlify's CDN keeps a function's answer, by status class. Netlify's CDN reads
 * `Netlify-CDN-Cache-Control` before `CDN-Cache-Control` and `Cache-Control`, and removes it before
 * the answer leaves the CDN, so clients see only `cache-control` (docs.netlify.com/build/caching/
 * caching-overview, "Supported cache control headers"). A deploy clears what the CDN keeps for the
 * site, durable cache included; only answers tagged with `Netlify-Cache-Tag` would be spared, so
 * none is tagged (same page, "Automatic invalidation with atomic deploys"; netlify/context-and-tools
 * skills/netlify-caching/SKILL.md).
 *
 * - `success` (2xx, and the 304 that confirms one): until the next deploy, in the durable cache every
 *   edge shares, so each distinct query reaches the function once per deploy.
 * - `clientError` (4xx): a minute, per edge, never durable. Whether a query is valid depends on the
 *   content (a cluster a later deploy adds makes `cluster=<id>` valid), so a 400 may never be kept
 *   for as long as an answer that only a deploy can change; a minute still absorbs a client that
 *   repeats one bad query in a loop.
 * - `never` (5xx and anything else): the next request may succeed, so nothing is kept.
 */
export const CDN_LIFETIMES = {
  success: 'public, durable, s-maxage=31536000',
  clientError: 'public, s-maxage=60',
  never: 'no-store',
} as const;

export function cdnLifetime(status: number): string {
  if ((status >= 200 && status < 300) || status === 304) return CDN_LIFETIMES.success;
  if (status >= 400 && status < 500) return CDN_LIFETIMES.clientError;
  return CDN_LIFETIMES.never;
}

/**
 * The CDN's lifetime for an answer of `status`, keyed on the whole query string rather than only on
 * cluster|sort|limit: a query with an unknown parameter must reach the function and get its 400,
 * not the cached 200 of the query without it. Every status carries the same `Netlify-Vary`, as
 * Netlify asks of one URL.
 */
export function cdnCacheHeaders(status: number): HeaderSet {
  return { 'netlify-cdn-cache-control': cdnLifetime(status), 'netlify-vary': 'query' };
}

/** Informational today; enforcement will change values, never names. */
export const RATE_LIMIT = { limit: 600, windowSeconds: 3600 } as const;

export const EXPOSED_HEADERS = [
  'x-build-version', 'x-base-url', 'api-version', 'etag',
  'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset',
  'deprecation', 'sunset', 'link',
  // How old a kept answer is (the payment check's).
  'age',
  // The token estimate of a Markdown twin answered by negotiation.
  MARKDOWN_TOKENS_HEADER,
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

/** The path prefix that pins a major: `/v1`. */
export const majorPrefix = (major: number | string): string => `/v${major}`;

/** The prefix of every major that answers, each serving the same files and functions. */
export const majorPrefixes = (majors: Readonly<Record<number, MajorLifecycle>> = MAJORS): string[] => Object.keys(majors).map(majorPrefix);

const MAJOR_PREFIX = /^\/v([0-9]+)(?=\/|$)/;

/** Which major answers a path: a known `/vN/` prefix pins N; anything else gets the current one. */
export function majorOfPath(pathname: string, majors: Readonly<Record<number, MajorLifecycle>> = MAJORS): number {
  const match = MAJOR_PREFIX.exec(pathname);
  return match && Object.hasOwn(majors, match[1]) ? Number(match[1]) : CURRENT_MAJOR;
}

/**
 * The path's `/vN` prefix when N is a major that answers, else '': links offered in an answer keep
 * the client on the major it asked for, and never point at a major that does not exist.
 */
export function majorPrefixOf(pathname: string, majors: Readonly<Record<number, MajorLifecycle>> = MAJORS): string {
  const match = MAJOR_PREFIX.exec(pathname);
  return match && Object.hasOwn(majors, match[1]) ? match[0] : '';
}
