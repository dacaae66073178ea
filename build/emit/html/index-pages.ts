/**
 * The folders' index pages: `/skills/` (every skill, filed under its first cluster as on the
 * overview), `/bundles/` (every bundle with its price) and `/clusters/` (each cluster's question
 * and how much answers it). Made from the whole catalogue, with the overview.
 */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { Catalog } from '../../../core/types.ts';
import { count, formatEuro } from '../../render/format.ts';
import type { PageFrame } from '../pages/frame.ts';
import type { PageRef } from '../pages/refs.ts';
import { bundleIndexRef, clusterIndexRef, skillIndexRef } from '../pages/refs.ts';
import { listedIn } from '../pages/listing.ts';
import type { ClusterCount } from '../pages/cluster-count.ts';
import { renderPage } from './layout.ts';
import type { PageLayout } from './layout.ts';
import { clusterAnchor } from './home-page.ts';
import { bundleCard, clusterPath, section, skillCard } from './parts.ts';
import { PRICES_NOTE } from '../../../core/pricing.ts';

export function skillIndexHtml(frame: PageFrame, catalog: Catalog): string {
  const page = skillIndexRef(frame.site);
  const groups = frame.clusters.map((cluster) => ({ cluster, skills: listedIn(catalog, cluster).listed })).filter((group) => group.skills.length > 0);
  return indexPage(frame, page, 'skills', [
    intro(page, `${count(catalog.skill_count, 'skill')}, each filed under its first cluster. A skill costs ${formatEuro(catalog.pricing.single_cents)} unless marked otherwise. ${PRICES_NOTE}`),
    groups.length > 1
      ? h('nav', { ariaLabel: 'Jump to a cluster' }, h('ul.chips', groups.map(({ cluster }) => h('li', h('a', { href: `#${clusterAnchor(cluster)}` }, cluster.label)))))
      : null,
    ...groups.map(({ cluster, skills }) => {
      const headingId = `${clusterAnchor(cluster)}-heading`;
      return h('section.section', { id: clusterAnchor(cluster), ariaLabelledBy: headingId }, [
        h('h2', { id: headingId }, h('a', { href: clusterPath(cluster.id) }, cluster.label)),
        h('p.question', cluster.question),
        h('ul.cards', skills.map(skillCard)),
      ]);
    }),
    groups.length === 0 ? h('p', 'No skill is published yet.') : null,
  ]);
}

export function bundleIndexHtml(frame: PageFrame, catalog: Catalog): string {
  const page = bundleIndexRef(frame.site);
  return indexPage(frame, page, 'bundles', [
    intro(page, `${catalog.pricing.rule} ${PRICES_NOTE}`),
    section('bundle-list', count(catalog.bundles.length, 'bundle'), [
      catalog.bundles.length > 0 ? h('ul.cards', catalog.bundles.map(bundleCard)) : h('p', 'No bundle is published yet.'),
    ]),
  ]);
}

export function clusterIndexHtml(frame: PageFrame, counts: readonly ClusterCount[]): string {
  const page = clusterIndexRef(frame.site);
  return indexPage(frame, page, 'clusters', [
    intro(page, `${count(counts.length, 'cluster')}, one per job to be done. A skill sits in one or two of them.`),
    h('ul.cards', counts.map(({ cluster, skills, bundles }) => h('li.card', [
      h('h2', h('a', { href: clusterPath(cluster.id) }, cluster.label)),
      h('p.summary', cluster.question),
      h('p.foot', [h('span', `${count(skills, 'skill')}`), h('span', `${count(bundles, 'bundle')}`)]),
    ]))),
  ]);
}

function intro(page: PageRef, facts: string): Element {
  return h('header.intro', [h('h1', page.title), h('p.lead', page.description), h('p', facts)]);
}

function indexPage(frame: PageFrame, page: PageRef, current: NonNullable<PageLayout['current']>, content: Array<Element | null>): string {
  return renderPage(frame, {
    page,
    title: `${page.title} · ${frame.site.name}`,
    description: page.description,
    current,
    breadcrumbs: [{ label: 'Catalogue', href: '/' }, { label: page.title }],
    content,
  });
}
