/** What a cluster page lists: what `/catalog.json?cluster=<id>` lists, chosen by the query core that answers that twin. */
import type { Cluster, ClusterId } from '../../core/types.ts';
import { selectCatalog } from '../../core/query.ts';
import type { CatalogQuery } from '../../core/query.ts';
import type { BundleEntry, CatalogueModel, SkillEntry } from '../model.ts';

/** `/catalog.json?cluster=<id>`: the query a cluster page, its twins and its count in the index of clusters answer. */
export const clusterQuery = (id: ClusterId): CatalogQuery => ({ clusters: [id], sort: 'default', limit: null });

export function clusterMembers(model: CatalogueModel, cluster: Cluster): { skills: SkillEntry[]; bundles: BundleEntry[] } {
  const selection = selectCatalog(model.index, clusterQuery(cluster.id));
  return { skills: selection.skills.map((i) => model.skills[i]), bundles: selection.bundles.map((b) => model.bundles[b]) };
}
