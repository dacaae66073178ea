/**
 * `Accept: text/markdown` on a page path answers its Markdown twin from the same URL. The decision
 * is the pure core's (core/negotiate.ts); this adapter only routes, rewrites and marks the
 * page as varying on Accept, so a cache never hands the HTML to a Markdown client or the reverse.
 *
 * The twin answers with `x-markdown-tokens`, the estimate of its token count that its front matter
 * states (core/markdown-tokens.ts), so an agent can budget its context from the headers alone. The
 * static twin files cannot carry it themselves: `_headers` rules are wildcards per section, one
 * value for every twin in it.
 *
 * Netlify's Edge Functions API (https://docs.netlify.com/build/edge-functions/api/):
 * - `context.next(request, options)` passes a request of the function's own down the chain
 *   (@netlify/types' `Context`: "`Request` to be passed down the request chain"); with the twin's
 *   URL it is served as the static file it is, with its own `dist/_headers` (Markdown content type,
 *   `Vary: Accept`), and the function can add a header to it (SvelteKit's Netlify adapter rewrites
 *   the same way: sveltejs/kit#17045). Should an answer come back that is not the twin, the
 *   function falls back to returning the twin's `URL`, the documented rewrite (`context.rewrite`
 *   is deprecated, "Use a `URL` object instead"), which serves the twin without the estimate;
 * - returning `undefined` bypasses the function;
 * - `context.next()` strips the conditional request headers so that a function always gets a whole
 *   body to transform, unless it passes `sendConditionalRequest: true`; it is passed here, so the
 *   client's `If-None-Match` reaches the CDN and a 304 comes back as a 304.
 *
 * Past Netlify's limit of files per folder, a section's pages and Markdown twins are written in
 * sub-folders (site/layout.ts); the build says which sections in page-layout.json, read here when
 * Netlify bundles the function. Their pages are then served from there the same way (the page's
 * own request, with its method and headers, at the file's path), and the function also routes the
 * twins' own paths, which have no file any more: the one case where a twin costs an invocation.
 */
import type { Config, Context } from '@netlify/edge-functions';
import generatedLayout from '../../runtime/generated/page-layout.json' with { type: 'json' };
import { edgePatterns, markdownTwinPath, movedFile, prefersMarkdown, varyWithAccept } from '../../core/negotiate.ts';
import type { PageLayout } from '../../core/page-paths.ts';
import { MARKDOWN_TOKENS_HEADER, peekTokens } from '../../core/markdown-tokens.ts';
import { MARKDOWN_CONTENT_TYPE } from '../../core/headers.ts';

const LAYOUT = generatedLayout as PageLayout;

/** The function for a build whose pages are where `layout` put them. */
export const negotiator = (layout: PageLayout) => async (request: Request, context: Context): Promise<Response | URL | undefined> => {
  // Any other method (an OPTIONS preflight) is not negotiated: it goes on untouched.
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const url = new URL(request.url);
  const twin = markdownTwinPath(url.pathname);
  const moved = movedFile(url.pathname, layout);
  if (twin === null) {
    // A twin's own path, routed here when its file is in a sub-folder; routing keeps every other path away.
    return moved === null ? undefined : markdownAnswer(request, context, new URL(moved, url));
  }
  if (prefersMarkdown(request.headers.get('accept'))) return markdownAnswer(request, context, new URL(movedFile(twin, layout) ?? twin, url));
  const page = moved === null
    ? await context.next({ sendConditionalRequest: true })
    : await context.next(new Request(new URL(moved, url), { method: request.method, headers: request.headers }), { sendConditionalRequest: true });
  // As for the twin: should the chain not serve the file asked for, the documented rewrite does
  // (its Vary comes from the section's `_headers` rule).
  if (moved !== null && page.status === 404) {
    await page.body?.cancel();
    return new URL(moved, url);
  }
  const vary = varyWithAccept(page.headers.get('vary'));
  if (vary === page.headers.get('vary')) return page;
  // A fresh Response: the one handed back by the platform may have immutable headers.
  const response = new Response(page.body, page);
  response.headers.set('vary', vary);
  return response;
};

export default negotiator(LAYOUT);

/**
 * The twin, with its token estimate. A HEAD is asked of the CDN as a GET, since the estimate is in
 * the body and a HEAD answers with the headers of a GET; the body is then left unread.
 */
async function markdownAnswer(request: Request, context: Context, twin: URL): Promise<Response | URL> {
  const answer = await context.next(new Request(twin, { method: 'GET', headers: request.headers }), { sendConditionalRequest: true });
  // A 304 confirms the twin the client holds (its validator is the twin's); it has no body to read.
  if (answer.status === 304) return answer;
  if (!answer.ok || answer.body === null || mediaTypeOf(answer) !== mediaTypeOf(MARKDOWN_CONTENT_TYPE)) {
    await answer.body?.cancel();
    return twin;
  }
  const { tokens, body } = await peekTokens(answer.body);
  if (request.method !== 'HEAD') return withTokens(new Response(body, answer), tokens);
  await body.cancel();
  return withTokens(new Response(null, answer), tokens);
}

const mediaTypeOf = (source: Response | string) =>
  (typeof source === 'string' ? source : source.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();

function withTokens(response: Response, tokens: number | undefined): Response {
  if (tokens !== undefined) response.headers.set(MARKDOWN_TOKENS_HEADER, String(tokens));
  return response;
}

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
 *   cache keys the rewritten twin and the page apart by their paths;
 * - the twins' own paths only in a section whose twins are in sub-folders (`edgePatterns`).
 */
export const config: Config = {
  pattern: edgePatterns(LAYOUT),
  onError: 'bypass',
};
