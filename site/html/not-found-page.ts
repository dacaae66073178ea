/** `404.html`: served by the not-found function for every path with no page. Root-relative links
 * only, since it answers at any depth. */
import { h } from 'hastscript';
import type { PageFrame } from '../pages/frame.ts';
import { renderPage } from './layout.ts';
import { clusterPath } from './parts.ts';

export function notFoundHtml(frame: PageFrame): string {
  return renderPage(frame, {
    title: `Page not found · ${frame.site.name}`,
    description: 'There is no published page at this address.',
    noindex: true,
    content: [
      h('div.not-found', [
        h('h1', 'Page not found'),
        h('p.lead', 'There is no published page at this address. The skill may have been withdrawn, or the link may have a typo.'),
        h('p', [h('a.button', { href: '/' }, 'Browse the catalogue')]),
        h('h2', 'Or start from a cluster'),
        h('ul', frame.clusters.map((cluster) => h('li', h('a', { href: clusterPath(cluster.id) }, cluster.label)))),
      ]),
    ],
  });
}
