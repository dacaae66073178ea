/**
 * The headers of the public pages, their Markdown twins and the plain-text listings, in one place
 * beside headers.ts (which holds what every JSON answer carries). `dist/_headers` is written from
 * these; a function that answers a page (the HTML 404) can spread the same values.
 */
import { apiHeaders, cdnCacheHeaders, MARKDOWN_CONTENT_TYPE, preflightHeaders } from './headers.ts';
import type { HeaderSet } from './headers.ts';

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

export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';
export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/** Security headers for every static file. None of these names is set by another rule. */
export function securityHeaders(): HeaderSet {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
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
