/**
 * `/clusters/`, its twin, and its JSON twin `clusters/index.json` (ClusterList): the clusters in
 * catalogue order with their pages and counts. The counts are what each `clusters/<id>.json`
 * lists, chosen by the same query core.
 */
import type { ClusterList } from '../../../../../core/types.ts';
import { jsonBytes } from '../../../../../core/json.ts';
import { selectCatalog } from '../../../../../core/query.ts';
import { CLUSTER_LIST_FILE } from '../../../../../core/published-files.ts';
import { pageFiles } from '../../kind.ts';
import type { ListingKind } from '../../kind.ts';
import { newestOf } from '../../newest.ts';
import { clusterRef } from '../cluster/ref.ts';
import { clusterMembers, clusterQuery } from '../cluster/members.ts';
import type { ClusterCount } from './cluster-count.ts';
import { clusterIndexRef } from './ref.ts';
import { clusterIndexHtml } from './page.ts';
import { clusterIndexTwin } from './twin.ts';

export const clusterIndexKind: ListingKind = {
  type: 'cluster-index',
  render(frame, { index }) {
    const counts = frame.clusters.map((cluster): ClusterCount => {
      // Counted, not listed: the selection alone, as the cluster pages select their members.
      const selection = selectCatalog(index, clusterQuery(cluster.id));
      return { cluster, skills: selection.skillCount, bundles: selection.bundles.length };
    });
    return pageFiles(clusterIndexRef(frame.site), clusterIndexHtml(frame, counts), clusterIndexTwin(frame, counts));
  },
  pages: (model) => [{ ...clusterIndexRef(model.site), lastModified: newestOf(model, [...model.skills, ...model.bundles]) }],
  json(model) {
    const base = model.site.baseUrl;
    const page = clusterIndexRef(model.site);
    const list: ClusterList = {
      type: 'cluster-index',
      site: base,
      url: page.url,
      markdown_url: page.markdownUrl,
      json_url: `${base}${page.jsonPath}`,
      clusters: model.clusters.map((cluster) => {
        const ref = clusterRef(base, cluster);
        const members = clusterMembers(model, cluster);
        return {
          ...cluster,
          url: ref.url,
          markdown_url: ref.markdownUrl,
          json_url: `${base}${ref.jsonPath}`,
          skill_count: members.skills.length,
          bundle_count: members.bundles.length,
        };
      }),
    };
    return [{ path: CLUSTER_LIST_FILE, bytes: jsonBytes(list) }];
  },
};
