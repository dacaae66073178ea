/**
 * `/`: the catalogue overview. Each cluster with its question and the skills listed under it (a
 * skill sits under its first cluster, and is named under its second), then the bundles with their
 * prices, then the catalogue's own facts. Each item's remaining facts are one link away.
 */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { CatalogueModel } from '../../model.ts';
import type { Cluster } from '../../core/types.ts';
import type { Emitter } from '../types.ts';
import { count, formatDate, formatEuro } from '../../render/format.ts';
import { renderPage } from './layout.ts';
import { homePage } from './pages.ts';
import { bundleCard, clusterPath, skillCard, skillPath } from './parts.ts';

export const emitHomePage: Emitter = (model) => [{ path: homePage(model).htmlFile, bytes: homeHtml(model) }];

export const clusterAnchor = (cluster: Cluster) => `cluster-${cluster.id}`;

export function homeHtml(model: CatalogueModel): string {
  const page = homePage(model);
  const { catalog } = model;
  const content: Array<Element | null> = [
    h('header.intro', [
      h('h1', model.site.name),
      h('p.lead', model.site.description),
      h('p', `A skill costs ${formatEuro(catalog.pricing.single_cents)} unless marked otherwise; in a bundle every third skill is free. Prices are net, VAT added at checkout.`),
    ]),
    h('section#clusters', { ariaLabel: 'Clusters' }, [
      h('nav', { ariaLabel: 'Jump to a cluster' }, h('ul.chips', model.clusters.map((cluster) =>
        h('li', h('a', { href: `#${clusterAnchor(cluster)}` }, cluster.label)),
      ))),
      ...model.clusters.map((cluster) => clusterSection(model, cluster)),
    ]),
    h('section.section#bundles', { ariaLabelledBy: 'bundles-heading' }, [
      h('h2#bundles-heading', 'Bundles'),
      h('p.question', catalog.pricing.rule),
      h('ul.cards', model.bundles.map(bundleCard)),
    ]),
    h('section.section', { ariaLabelledBy: 'about-heading' }, [
      h('h2#about-heading', 'About this catalogue'),
      h('dl.facts', [
        h('dt', 'Skills'), h('dd', String(catalog.skill_count)),
        h('dt', 'Bundles'), h('dd', String(catalog.bundles.length)),
        h('dt', 'Single price'), h('dd', `${formatEuro(catalog.pricing.single_cents)} (${catalog.pricing.currency}, net)`),
        h('dt', 'Catalogue version'), h('dd', String(catalog.version)),
        h('dt', 'Generated'), h('dd', h('time', { dateTime: catalog.generated_at }, formatDate(catalog.generated_at))),
      ]),
    ]),
  ];
  return renderPage(model, { page, title: `${model.site.name} · Catalogue`, description: page.description, current: 'catalogue', content });
}

function clusterSection(model: CatalogueModel, cluster: Cluster): Element {
  const listed = model.skills.filter(({ skill }) => skill.clusters[0].id === cluster.id);
  const also = model.skills.filter(({ skill }) => skill.clusters[1]?.id === cluster.id);
  const headingId = `${clusterAnchor(cluster)}-heading`;
  return h('section.section', { id: clusterAnchor(cluster), ariaLabelledBy: headingId }, [
    h('header', [
      h('h2', { id: headingId }, cluster.label),
      h('a.more', { href: clusterPath(cluster.id) }, `All ${count(listed.length + also.length, 'skill')} in ${cluster.label}`),
    ]),
    h('p.question', cluster.question),
    listed.length > 0 ? h('ul.cards', listed.map(skillCard)) : h('p', 'No published skill lists this cluster first yet.'),
    also.length > 0
      ? h('p.also', ['Also useful here: ', ...also.flatMap(({ skill }, i) => [i > 0 ? ', ' : '', h('a', { href: skillPath(skill.slug) }, skill.title)])])
      : null,
  ]);
}
