/**
 * The headers of the public pages, their Markdown twins and the plain-text listings, in one place
 * beside headers.ts (which holds what every JSON answer carries). `dist/_headers` is written from
 * these; a function that answers a page (the HTML 404) can spread the same values.
 */
import { apiHeaders, cdnCacheHeaders, MARKDOWN_CONTENT_TYPE, preflightHeaders } from './headers.ts';
import type { HeaderSet } from './headers.ts';
import { API_CATALOG_FILE, publishedPath } from './published-files.ts';
import type { FeedFormat } from './published-files.ts';

/**
 * No inline script or style anywhere: the pages load one stylesheet and no script, so the policy
 * can be strict. `data:` images only for what a stylesheet may embed.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * The content editor under /admin/ (Decap CMS) needs more than the pages, and no more than this:
 * `'unsafe-eval'` because it compiles its configuration's JSON Schema with ajv at run time (`new
 * Function`); `'unsafe-inline'` styles because its components inject their CSS (emotion); `blob:`
 * images for previews of files it holds in memory; and GitHub's API and avatars, where the
 * production editor reads and commits content (the GitHub backend; signing in goes through a
 * pop-up on api.netlify.com, which a CSP does not govern). Locally it talks to the proxy server
 * through its own origin (`npm run cms`), so `'self'` covers that. Its scripts are all files of this
 * deploy. test/browser/cms.test.ts fails on any violation while an editor creates a skill.
 */
export const ADMIN_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://avatars.githubusercontent.com",
  "font-src 'self'",
  "connect-src 'self' https://api.github.com",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';
export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';
/** Each feed format's media type: Atom's (RFC 4287, 7) and JSON Feed's (jsonfeed.org/version/1.1). */
export const FEED_CONTENT_TYPES: Readonly<Record<FeedFormat, string>> = {
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};
/** OpenAPI's media type (spec.openapis.org/oas/v3.1.0, "Media Types"), as links name openapi.json's. */
export const OPENAPI_MEDIA_TYPE = 'application/vnd.oai.openapi+json';
/** The API catalog's media type, with the profile RFC 9727 (section 4.2) registers. */
export const API_CATALOG_CONTENT_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/** Security headers for every static file. None of these names is set by another rule. */
export function securityHeaders(): HeaderSet {
  return { ...contentSecurityHeaders(), ...framingHeaders() };
}

/** The pages' Content-Security-Policy, on its own: `dist/_headers` sets it apart from the rest. */
export function contentSecurityHeaders(): HeaderSet {
  return { 'content-security-policy': CONTENT_SECURITY_POLICY };
}

/** The security headers other than the Content-Security-Policy, the same for the pages and the editor. */
export function framingHeaders(): HeaderSet {
  return {
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}

/** What differs under /admin/: the editor's own policy, and no search engine lists it. */
export function adminHeaders(): HeaderSet {
  return { 'content-security-policy': ADMIN_CONTENT_SECURITY_POLICY, ...agentOnlyHeaders() };
}

/** A page whose path also answers its Markdown twin when the client asks for it. */
export function negotiatedPageHeaders(): HeaderSet {
  return { vary: 'Accept' };
}

/**
 * Files for agents, not for search results: the Markdown twins repeat their pages, and
 * llms-full.txt repeats every twin. Crawlers index the pages.
 */
export function agentOnlyHeaders(): HeaderSet {
  return { 'x-robots-tag': 'noindex' };
}

/** A Markdown twin: the media type Netlify would not guess. (Its Vary comes with its page's.) */
export function markdownTwinHeaders(): HeaderSet {
  return { 'content-type': MARKDOWN_CONTENT_TYPE, ...agentOnlyHeaders() };
}

/** llms.txt, llms-full.txt and robots.txt. */
export function plainTextHeaders(): HeaderSet {
  return { 'content-type': TEXT_CONTENT_TYPE };
}

export function sitemapHeaders(): HeaderSet {
  return { 'content-type': XML_CONTENT_TYPE };
}

export function feedHeaders(format: FeedFormat): HeaderSet {
  return { 'content-type': FEED_CONTENT_TYPES[format] };
}

/** The API catalog: its media type, and on every answer (a HEAD's too) the link RFC 9727 (section
 * 2) has an API catalog name itself by. */
export function apiCatalogHeaders(): HeaderSet {
  return { 'content-type': API_CATALOG_CONTENT_TYPE, link: `<${publishedPath(API_CATALOG_FILE)}>; rel="api-catalog"` };
}

/**
 * Every header name this project decides in code, for static files and function answers alike:
 * the top-level `_headers` (rules kept by hand) may not set one, or Netlify would join two values.
 */
export function ownedHeaderNames(): Set<string> {
  const retiring = { 1: { deprecation: new Date(0), sunset: new Date(0), link: 'https://example.invalid' } };
  return new Set([
    ...Object.keys(apiHeaders({ buildVersion: '', baseUrl: '' }, { majors: retiring })),
    ...Object.keys(preflightHeaders()),
    ...Object.keys(cdnCacheHeaders(200)),
    ...Object.keys({ ...securityHeaders(), ...negotiatedPageHeaders(), ...markdownTwinHeaders(), ...plainTextHeaders(), ...sitemapHeaders() }),
    'etag', 'content-type', 'allow',
  ]);
}
