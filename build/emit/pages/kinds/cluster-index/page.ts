/** `/clusters/`: each cluster's question and how much answers it. Made from the whole catalogue, with the overview. */
import { h } from 'hastscript';
import { count } from '../../../../render/format.ts';
import type { PageFrame } from '../../frame.ts';
import { indexIntro, indexPage } from '../../../html/index-layout.ts';
import { clusterPath } from '../../../html/parts.ts';
import { clusterIndexRef } from './ref.ts';
import type { ClusterCount } from './cluster-count.ts';

export function clusterIndexHtml(frame: PageFrame, counts: readonly ClusterCount[]): string {
  const page = clusterIndexRef(frame.site);
  return indexPage(frame, page, 'clusters', [
    indexIntro(page, `${count(counts.length, 'cluster')}, one per job to be done. A skill sits in one or two of them.`),
    h('ul.cards', counts.map(({ cluster, skills, bundles }) => h('li.card', [
      h('h2', h('a', { href: clusterPath(cluster.id) }, cluster.label)),
      h('p.summary', cluster.question),
      h('p.foot', [h('span', `${count(skills, 'skill')}`), h('span', `${count(bundles, 'bundle')}`)]),
    ]))),
  ]);
}
