/**
 * `/clusters/`, its twin, and its JSON twin `clusters/index.json` (ClusterList): the clusters in
 * catalogue order with their pages and counts. The counts are what each `clusters/<id>.json`
 * lists, chosen by the same query core.
 */
import { CLUSTER_LIST_FILE } from '../../core/published-files.ts';
import { clusterIndexAt, clusterIndexRef } from './page-ref.ts';
import type { Cluster, ClusterList } from '../../core/types.ts';
import { h } from 'hastscript';
import { count } from '../render/format.ts';
import type { PageFrame } from './frame.ts';
import { indexIntro, indexPage } from '../html/index-layout.ts';
import { clusterPath } from '../html/parts.ts';
import { frontMatter, twinDocument } from '../markdown/document.ts';
import { link, list } from '../markdown/mdast.ts';
import { indexTwinIntro } from '../markdown/index-intro.ts';
import { clusterRef } from './cluster.ts';
import { jsonBytes } from '../../core/json.ts';
import { clusterQuery, selectCatalog } from '../../core/query.ts';
import type { CatalogIndex } from '../../core/query.ts';
import { pageFiles } from './kind.ts';
import type { ListingKind } from './kind.ts';
import { newestOf } from './newest.ts';

/** How much a cluster holds, for the index of clusters: what `/clusters/<id>.json` lists, counted. */
export interface ClusterCount {
  cluster: Cluster;
  /** Skills with the cluster among their two, as `/catalog.json?cluster=<id>` counts them. */
  skills: number;
  /** Bundles with at least two of those skills. */
  bundles: number;
}

/** `/clusters/`: each cluster's question and how much answers it. Made from the whole catalogue, with the overview. */
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

/** The Markdown twin of `/clusters/`: the same list as the page. */
/** `- [Label](url): question (3 skills, 1 bundle)` */
export function clusterIndexTwin(frame: PageFrame, counts: readonly ClusterCount[]): string {
  const page = clusterIndexRef(frame.site);
  return twinDocument(frontMatter(frame, page), [
    ...indexTwinIntro(frame, page, `${count(counts.length, 'cluster')}, one per job to be done. A skill sits in one or two of them. JSON: `),
    list(counts.map(({ cluster, skills, bundles }) => [
      link(clusterRef(frame.site.baseUrl, cluster).url, cluster.label),
      `: ${cluster.question} (${count(skills, 'skill')}, ${count(bundles, 'bundle')})`,
    ])),
  ]);
}

/** A cluster counted, not listed: from the catalogue's index alone, as its pages select their members. */
function countOf(index: CatalogIndex, cluster: Cluster): ClusterCount {
  const selection = selectCatalog(index, clusterQuery(cluster.id));
  return { cluster, skills: selection.skillCount, bundles: selection.bundles.length };
}

export const clusterIndexKind: ListingKind<ClusterCount[]> = {
  type: 'cluster-index',
  code: import.meta.url,
  tasks: (frame, { index }) => [{ path: clusterIndexAt(frame.site.baseUrl).path, input: frame.clusters.map((cluster) => countOf(index, cluster)) }],
  render: (frame, counts) => pageFiles(frame, clusterIndexRef(frame.site), clusterIndexHtml(frame, counts), clusterIndexTwin(frame, counts)),
  pages: (model) => [{ ...clusterIndexAt(model.site.baseUrl), lastModified: newestOf(model, [...model.skills, ...model.bundles]) }],
  json(model) {
    const base = model.site.baseUrl;
    const page = clusterIndexAt(base);
    const list: ClusterList = {
      type: 'cluster-index',
      site: base,
      url: page.url,
      markdown_url: page.markdownUrl,
      json_url: `${base}${page.jsonPath}`,
      clusters: model.clusters.map((cluster) => {
        const ref = clusterRef(base, cluster);
        const { skills, bundles } = countOf(model.index, cluster);
        return {
          ...cluster,
          url: ref.url,
          markdown_url: ref.markdownUrl,
          json_url: `${base}${ref.jsonPath}`,
          skill_count: skills,
          bundle_count: bundles,
        };
      }),
    };
    return [{ path: CLUSTER_LIST_FILE, bytes: jsonBytes(list) }];
  },
};
