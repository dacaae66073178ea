/**
 * `Accept: text/markdown` on a page path answers its Markdown twin from the same URL. The decision
 * is the pure core's (build/core/negotiate.ts); this adapter only rewrites and marks the answer as
 * varying on Accept, so a cache never hands the HTML to a Markdown client or the reverse.
 */
import type { Config, Context } from '@netlify/edge-functions';
import { markdownTwinPath, prefersMarkdown, varyWithAccept } from '../../build/core/negotiate.ts';

export default async (request: Request, context: Context): Promise<Response | undefined> => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const twin = markdownTwinPath(new URL(request.url).pathname);
  // Not a page with a twin (a .json, an asset, an explicit .html): nothing to negotiate.
  if (twin === null) return undefined;
  const answer = prefersMarkdown(request.headers.get('accept')) ? await context.rewrite(twin) : await context.next();
  // A fresh Response: the one handed back by the platform may have immutable headers.
  const response = new Response(answer.body, answer);
  response.headers.set('vary', varyWithAccept(response.headers.get('vary')));
  return response;
};

export const config: Config = {
  path: ['/', '/skills/*', '/bundles/*', '/clusters/*', '/docs/*', '/v1', '/v1/*'],
};
