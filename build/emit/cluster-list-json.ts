/**
 * `clusters/index.json`: the JSON twin of `/clusters/`, the seven clusters in catalogue order with
 * their pages and counts. The counts are what each `clusters/<id>.json` lists, chosen by the same
 * query core.
 */
import type { ClusterList } from '../../core/types.ts';
import { jsonBytes } from '../../core/json.ts';
import { clusterIndexRef, clusterMembers, clusterRef } from './pages/refs.ts';
import type { Emitter } from './types.ts';
import { CLUSTER_LIST_FILE } from '../../core/published-files.ts';

export const emitClusterListJson: Emitter = (model) => {
  const base = model.site.baseUrl;
  const index = clusterIndexRef(model.site);
  const list: ClusterList = {
    type: 'cluster-index',
    site: base,
    url: index.url,
    markdown_url: index.markdownUrl,
    json_url: `${base}${index.jsonPath}`,
    clusters: model.clusters.map((cluster) => {
      const page = clusterRef(base, cluster);
      const members = clusterMembers(model, cluster);
      return {
        ...cluster,
        url: page.url,
        markdown_url: page.markdownUrl,
        json_url: `${base}${page.jsonPath}`,
        skill_count: members.skills.length,
        bundle_count: members.bundles.length,
      };
    }),
  };
  return [{ path: CLUSTER_LIST_FILE, bytes: jsonBytes(list) }];
};
