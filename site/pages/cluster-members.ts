/** What a cluster page lists: what `/catalog.json?cluster=<id>` lists, chosen by the query core that answers that twin. */
import type { Cluster } from '../../core/types.ts';
import { clusterQuery, selectCatalog } from '../../core/query.ts';
import type { BundleEntry, CatalogueModel, SkillEntry } from '../model.ts';

export function clusterMembers(model: CatalogueModel, cluster: Cluster): { skills: SkillEntry[]; bundles: BundleEntry[] } {
  const selection = selectCatalog(model.index, clusterQuery(cluster.id));
  return { skills: selection.skills.map((i) => model.skills[i]), bundles: selection.bundles.map((b) => model.bundles[b]) };
}
