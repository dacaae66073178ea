/**
 * `Accept: text/markdown` on a page path answers its Markdown twin from the same URL. The decision
 * is the pure core's (core/negotiate.ts); this adapter only routes, rewrites and marks the
 * page as varying on Accept, so a cache never hands the HTML to a Markdown client or the reverse.
 *
 * Netlify's Edge Functions API (https://docs.netlify.com/build/edge-functions/api/):
 * - returning a `URL` rewrites the request to that same-site URL (`context.rewrite` is deprecated,
 *   "Use a `URL` object instead", in @netlify/types' `Context`); the twin is then served as the
 *   static file it is, with its own `dist/_headers` (Markdown content type, `Vary: Accept`);
 * - returning `undefined` bypasses the function;
 * - `context.next()` strips the conditional request headers so that a function always gets a whole
 *   body to transform, unless it passes `sendConditionalRequest: true`; the page is only passed
 *   on here, so the client's `If-None-Match` reaches the CDN and a 304 comes back as a 304.
 */
import type { Config, Context } from '@netlify/edge-functions';
import { markdownTwinPath, PAGE_PATH_PATTERNS, prefersMarkdown, varyWithAccept } from '../../core/negotiate.ts';

export default async (request: Request, context: Context): Promise<Response | URL | undefined> => {
  // Any other method (an OPTIONS preflight) is not negotiated: it goes on untouched.
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const url = new URL(request.url);
  const twin = markdownTwinPath(url.pathname);
  // Routing already keeps everything but pages away; this guards a route and the core drifting apart.
  if (twin === null) return undefined;
  if (prefersMarkdown(request.headers.get('accept'))) return new URL(twin, url);
  const page = await context.next({ sendConditionalRequest: true });
  const vary = varyWithAccept(page.headers.get('vary'));
  if (vary === page.headers.get('vary')) return page;
  // A fresh Response: the one handed back by the platform may have immutable headers.
  const response = new Response(page.body, page);
  response.headers.set('vary', vary);
  return response;
};

/**
 * Netlify's declarations (https://docs.netlify.com/build/edge-functions/declarations/):
 * - `pattern`: regular expressions on the path, here exactly the page paths of the core, so the
 *   function never runs in front of a JSON twin, a Markdown twin, a listing, an asset or a
 *   function's path (`path` globs such as `/skills/*` would also take `/skills/x.json`);
 * - `onError: 'bypass'`: should the function fail, the request goes on to the page as if it were
 *   not there (the default, `fail`, answers an error page);
 * - no `method`: HEAD must be negotiated like GET, and the declaration type knows no HEAD (the
 *   function lets other methods through itself);
 * - `cache` stays off: the function runs before the CDN's cache on every page request, and the
 *   cache keys the rewritten twin and the page apart by their paths.
 */
export const config: Config = {
  pattern: [...PAGE_PATH_PATTERNS],
  onError: 'bypass',
};
