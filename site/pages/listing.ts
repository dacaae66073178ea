/** How the overview files skills under clusters: under its first cluster, and named under its second. */
import type { Catalog, Cluster, Skill } from '../../core/types.ts';

export function listedIn(catalog: Catalog, cluster: Cluster): { listed: Skill[]; also: Skill[] } {
  return {
    listed: catalog.skills.filter((skill) => skill.clusters[0].id === cluster.id),
    also: catalog.skills.filter((skill) => skill.clusters[1]?.id === cluster.id),
  };
}
