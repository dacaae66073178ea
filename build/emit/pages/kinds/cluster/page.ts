/**
 * `/clusters/<id>`: the skills and bundles that `/catalog.json?cluster=<id>` lists (its JSON twin,
 * answered by the catalog function), chosen by the same query core.
 */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { Catalog, Cluster } from '../../../../../core/types.ts';
import { count } from '../../../../render/format.ts';
import type { PageFrame } from '../../frame.ts';
import { clusterIndexRef } from '../cluster-index/ref.ts';
import { clusterRef } from './ref.ts';
import { renderPage } from '../../../html/layout.ts';
import { bundleCard, clusterPath, section, skillCard } from '../../../html/parts.ts';
import { PRICES_NOTE } from '../../../../../core/pricing.ts';

/** `members` is `/catalog.json?cluster=<id>` as the query core answers it. */
export function clusterHtml(frame: PageFrame, cluster: Cluster, members: Catalog): string {
  const page = clusterRef(frame.site.baseUrl, cluster);
  const others = frame.clusters.filter((other) => other.id !== cluster.id);
  const content: Array<Element | null> = [
    h('header.intro', [
      h('p.eyebrow', 'Cluster'),
      h('h1', cluster.label),
      h('p.lead', cluster.question),
      h('p', `${count(members.skills.length, 'skill')} and ${count(members.bundles.length, 'bundle')} for this job. ${PRICES_NOTE}`),
    ]),
    section('skills', 'Skills', members.skills.length > 0
      ? [h('ul.cards', members.skills.map(skillCard))]
      : [h('p', 'No published skill answers this question yet.')]),
    members.bundles.length > 0
      ? section('bundles', 'Bundles', [
          h('p', `Bundles with at least two of these skills. ${frame.pricingRule}`),
          h('ul.cards', members.bundles.map(bundleCard)),
        ])
      : null,
    h('nav.section', { ariaLabel: 'Other clusters' }, [
      h('h2', 'Other clusters'),
      h('ul.chips', others.map((other) => h('li', h('a', { href: clusterPath(other.id), title: other.question }, other.label)))),
    ]),
  ];
  return renderPage(frame, {
    page,
    title: `${cluster.label} · ${frame.site.name}`,
    description: page.description,
    breadcrumbs: [{ label: 'Catalogue', href: '/' }, { label: 'Clusters', href: clusterIndexRef(frame.site).path }, { label: cluster.label }],
    content,
  });
}
