/**
 * Cluster pages: `/clusters/<id>`, its twin, and its JSON twin `clusters/<id>.json`, the catalogue
 * filtered to the cluster. That JSON is the same bytes the catalog function answers for
 * `/catalog.json?cluster=<id>`: both are joined from catalog.json by the one query core.
 */
import type { Bundle, Cluster, Catalog, Skill } from '../../core/types.ts';
import { jsonTwinFile, pageName, SECTION } from '../../core/page-paths.ts';
import { pageRef } from './page-ref.ts';
import type { PageRef } from './page-ref.ts';
import { h } from 'hastscript';
import type { Element } from 'hast';
import { count } from '../render/format.ts';
import type { PageFrame } from './frame.ts';
import { clusterIndexRef } from './page-ref.ts';
import { renderPage } from '../html/layout.ts';
import { pagerCrumbs, pagerLinks, pagerNav } from '../html/pager.ts';
import { pagerBlocks } from '../markdown/pager.ts';
import type { ListingPage, ListingSlice } from './pagination.ts';
import { bundleCard, clusterPath, section, skillCard } from '../html/parts.ts';
import { PRICES_NOTE } from '../../core/pricing.ts';
import { frontMatter, twinDocument } from '../markdown/document.ts';
import { heading, link, paragraph } from '../markdown/mdast.ts';
import type { Block } from '../markdown/mdast.ts';
import { bundleList, skillList } from '../markdown/lists.ts';
import { catalogFor, clusterQuery } from '../../core/query.ts';
import { renderCatalogQuery } from '../../core/catalog-layout.ts';
import { datedListingPages, listingPageOf, listingTasks, pageFiles } from './kind.ts';
import type { ListingKind } from './kind.ts';
import { newestOf } from './newest.ts';
import { cardImage, cardOfCluster } from '../../core/card.ts';
import { clusterMembers } from './cluster-members.ts';

/** `/clusters/<id>`: its JSON twin is the catalogue filtered to the cluster, as `/catalog.json?cluster=<id>` answers. */
export const clusterRef = (baseUrl: string, cluster: Cluster): PageRef =>
  pageRef(baseUrl, 'cluster', pageName(SECTION.cluster, cluster.id), {
    jsonPath: `/${jsonTwinFile(SECTION.cluster, cluster.id)}`,
    title: cluster.label,
    description: cluster.question,
  });

/** What a cluster's page lists, skills first, then bundles, as its JSON twin lists them. */
export type ClusterItem = { skill: Skill; bundle?: undefined } | { bundle: Bundle; skill?: undefined };

const clusterItems = (members: Catalog): ClusterItem[] => [...members.skills.map((skill) => ({ skill })), ...members.bundles.map((bundle) => ({ bundle }))];

/** A page's share of the listing: its skills and its bundles. */
function onPage(page: ListingPage<ClusterItem>): { skills: Skill[]; bundles: Bundle[] } {
  return { skills: page.items.flatMap((item) => item.skill ?? []), bundles: page.items.flatMap((item) => item.bundle ?? []) };
}

/**
 * A page of `/clusters/<id>`: the skills and bundles that `/catalog.json?cluster=<id>` lists (its
 * JSON twin, answered by the catalog function), chosen by the same query core, over pages of
 * LISTING_PAGE_SIZE items.
 */
/** A page of a cluster as its task is handed it: the cluster, how many skills and bundles
 * `/catalog.json?cluster=<id>` lists, and the page's own. */
export interface ClusterPageInput extends ListingSlice<ClusterItem> {
  cluster: Cluster;
  skillCount: number;
  bundleCount: number;
}

export function clusterHtml(frame: PageFrame, { cluster, skillCount, bundleCount }: ClusterPageInput, page: ListingPage<ClusterItem>): string {
  const others = frame.clusters.filter((other) => other.id !== cluster.id);
  const shown = onPage(page);
  const content: Array<Element | null> = [
    h('header.intro', [
      h('p.eyebrow', 'Cluster'),
      h('h1', page.ref.title),
      h('p.lead', cluster.question),
      h('p', `${count(skillCount, 'skill')} and ${count(bundleCount, 'bundle')} for this job. ${PRICES_NOTE}`),
    ]),
    shown.skills.length > 0
      ? section('skills', 'Skills', [h('ul.cards', shown.skills.map(skillCard))])
      : skillCount === 0 ? section('skills', 'Skills', [h('p', 'No published skill answers this question yet.')]) : null,
    shown.bundles.length > 0
      ? section('bundles', 'Bundles', [
          h('p', `Bundles with at least two of these skills. ${frame.pricingRule}`),
          h('ul.cards', shown.bundles.map(bundleCard)),
        ])
      : null,
    pagerNav(page),
    h('nav.section', { ariaLabel: 'Other clusters' }, [
      h('h2', 'Other clusters'),
      h('ul.chips', others.map((other) => h('li', h('a', { href: clusterPath(other.id), title: other.question }, other.label)))),
    ]),
  ];
  return renderPage(frame, {
    page: page.ref,
    title: `${page.ref.title} · ${frame.site.name}`,
    description: page.ref.description,
    breadcrumbs: pagerCrumbs(page, [{ label: 'Catalogue', href: '/' }, { label: 'Clusters', href: clusterIndexRef(frame.site).path }, { label: cluster.label }]),
    links: pagerLinks(page),
    feedCluster: { id: cluster.id, label: cluster.label },
    card: cardImage(frame.site.baseUrl, cardOfCluster(frame.site.name, cluster, { skills: skillCount, bundles: bundleCount })),
    content,
  });
}

/** The Markdown twin of a page of a cluster: what `/catalog.json?cluster=<id>` lists. */
export function clusterTwin(frame: PageFrame, { cluster, skillCount, bundleCount }: ClusterPageInput, page: ListingPage<ClusterItem>): string {
  const jsonUrl = `${frame.site.baseUrl}${page.ref.jsonPath}`;
  const shown = onPage(page);
  const blocks: Block[] = [
    heading(1, page.ref.title),
    paragraph(cluster.question),
    paragraph(`${count(skillCount, 'skill')} and ${count(bundleCount, 'bundle')}. ${PRICES_NOTE} JSON: `, link(jsonUrl, jsonUrl)),
  ];
  if (shown.skills.length > 0) blocks.push(heading(2, 'Skills'), skillList(shown.skills));
  else if (skillCount === 0) blocks.push(heading(2, 'Skills'), paragraph('No published skill answers this question yet.'));
  if (shown.bundles.length > 0) blocks.push(heading(2, 'Bundles'), paragraph(frame.pricingRule), bundleList(shown.bundles));
  blocks.push(...pagerBlocks(page));
  return twinDocument(frontMatter(frame, page.ref), blocks);
}

export const clusterKind: ListingKind<ClusterPageInput> = {
  type: 'cluster',
  code: import.meta.url,
  tasks: (frame, { catalog, index }) => frame.clusters.flatMap((cluster) => {
    const members = catalogFor(catalog, index, clusterQuery(cluster.id));
    return listingTasks(frame.site.baseUrl, clusterRef(frame.site.baseUrl, cluster), clusterItems(members),
      (slice) => ({ cluster, skillCount: members.skills.length, bundleCount: members.bundles.length, ...slice }));
  }),
  render(frame, input) {
    const page = listingPageOf(frame.site.baseUrl, clusterRef(frame.site.baseUrl, input.cluster), input);
    return pageFiles(frame, page.ref, clusterHtml(frame, input, page), clusterTwin(frame, input, page));
  },
  // A cluster's pages change whenever one of its members does.
  pages: (model) => model.clusters.flatMap((cluster) => {
    const members = clusterMembers(model, cluster);
    const items = [...members.skills, ...members.bundles];
    return datedListingPages(model.site.baseUrl, clusterRef(model.site.baseUrl, cluster), items.length, newestOf(model, items));
  }),
  json(model) {
    // A twin past a text file's most bytes is the catalog function's to answer (site/layout.ts).
    return model.clusters.filter((cluster) => !model.layout.queriedClusters.includes(cluster.id)).map((cluster) => ({
      path: clusterRef(model.site.baseUrl, cluster).jsonPath.slice(1),
      bytes: renderCatalogQuery(model.catalogFile.bytes, model.catalogFile.layout, clusterQuery(cluster.id)),
    }));
  },
};
