/**
 * Cluster pages: `/clusters/<id>`, its twin, and its JSON twin `clusters/<id>.json`, the catalogue
 * filtered to the cluster. That JSON is the same bytes the catalog function answers for
 * `/catalog.json?cluster=<id>`: both are joined from catalog.json by the one query core.
 */
import type { Cluster, Catalog } from '../../core/types.ts';
import { jsonTwinFile, pageName, SECTION } from '../../core/page-paths.ts';
import { pageRef } from './page-ref.ts';
import type { PageRef } from './page-ref.ts';
import { h } from 'hastscript';
import type { Element } from 'hast';
import { count } from '../render/format.ts';
import type { PageFrame } from './frame.ts';
import { clusterIndexRef } from './page-ref.ts';
import { renderPage } from '../html/layout.ts';
import { bundleCard, clusterPath, section, skillCard } from '../html/parts.ts';
import { PRICES_NOTE } from '../../core/pricing.ts';
import { frontMatter, twinDocument } from '../markdown/document.ts';
import { heading, link, paragraph } from '../markdown/mdast.ts';
import type { Block } from '../markdown/mdast.ts';
import { bundleList, skillList } from '../markdown/lists.ts';
import { catalogFor } from '../../core/query.ts';
import { renderCatalogQuery } from '../../core/catalog-layout.ts';
import { pageFiles } from './kind.ts';
import type { ListingKind } from './kind.ts';
import { newestOf } from './newest.ts';
import { clusterMembers, clusterQuery } from './cluster-members.ts';

/** `/clusters/<id>`: its JSON twin is the catalogue filtered to the cluster, as `/catalog.json?cluster=<id>` answers. */
export const clusterRef = (baseUrl: string, cluster: Cluster): PageRef =>
  pageRef(baseUrl, 'cluster', pageName(SECTION.cluster, cluster.id), {
    jsonPath: `/${jsonTwinFile(SECTION.cluster, cluster.id)}`,
    title: cluster.label,
    description: cluster.question,
  });

/**
 * `/clusters/<id>`: the skills and bundles that `/catalog.json?cluster=<id>` lists (its JSON twin,
 * answered by the catalog function), chosen by the same query core.
 */
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

/** The Markdown twin of a cluster page: what `/catalog.json?cluster=<id>` lists. */
/** `members` is `/catalog.json?cluster=<id>` as the query core answers it. */
export function clusterTwin(frame: PageFrame, cluster: Cluster, members: Catalog): string {
  const page = clusterRef(frame.site.baseUrl, cluster);
  const jsonUrl = `${frame.site.baseUrl}${page.jsonPath}`;
  const blocks: Block[] = [
    heading(1, cluster.label),
    paragraph(cluster.question),
    paragraph(`${count(members.skills.length, 'skill')} and ${count(members.bundles.length, 'bundle')}. ${PRICES_NOTE} JSON: `, link(jsonUrl, jsonUrl)),
    heading(2, 'Skills'),
    members.skills.length > 0 ? skillList(members.skills) : paragraph('No published skill answers this question yet.'),
  ];
  if (members.bundles.length > 0) blocks.push(heading(2, 'Bundles'), paragraph(frame.pricingRule), bundleList(members.bundles));
  return twinDocument(frontMatter(frame, page), blocks);
}

export const clusterKind: ListingKind = {
  type: 'cluster',
  *render(frame, { catalog, index }) {
    for (const cluster of frame.clusters) {
      const members = catalogFor(catalog, index, clusterQuery(cluster.id));
      // One cluster at a time: the next is not drawn while the last is still held.
      yield* pageFiles(frame, clusterRef(frame.site.baseUrl, cluster), clusterHtml(frame, cluster, members), clusterTwin(frame, cluster, members));
    }
  },
  // A cluster page changes whenever one of its members does.
  pages: (model) => model.clusters.map((cluster) => {
    const members = clusterMembers(model, cluster);
    return { ...clusterRef(model.site.baseUrl, cluster), lastModified: newestOf(model, [...members.skills, ...members.bundles]) };
  }),
  json(model) {
    const bytes = Buffer.from(model.catalogFile.bytes);
    return model.clusters.map((cluster) => ({
      path: clusterRef(model.site.baseUrl, cluster).jsonPath.slice(1),
      bytes: renderCatalogQuery(bytes, model.catalogFile.layout, clusterQuery(cluster.id)),
    }));
  },
};
