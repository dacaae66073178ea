/** `robots.txt`: everything may be crawled; the sitemap is named by its absolute URL. */
import type { Emitter } from './types.ts';

export const emitRobots: Emitter = (model) => [
  { path: 'robots.txt', bytes: `User-agent: *\nAllow: /\n\nSitemap: ${model.site.baseUrl}/sitemap.xml\n` },
];
