/** How the overview files skills under clusters: under its first cluster, and named under its second. */
import type { Catalog, Cluster, ClusterId, Skill } from '../../core/types.ts';

export interface Listing {
  listed: Skill[];
  also: Skill[];
}

/** Every cluster's listing, in catalogue order, from one pass over the catalogue: a pass per
 * cluster, for each page that lists them all, took half a second a build at 50,000 skills. */
export function listings(catalog: Catalog): (cluster: Cluster) => Listing {
  const byCluster = new Map<ClusterId, Listing>();
  const of = (id: ClusterId): Listing => {
    let listing = byCluster.get(id);
    if (listing === undefined) byCluster.set(id, (listing = { listed: [], also: [] }));
    return listing;
  };
  for (const skill of catalog.skills) {
    of(skill.clusters[0].id).listed.push(skill);
    if (skill.clusters[1] !== undefined) of(skill.clusters[1].id).also.push(skill);
  }
  return (cluster) => byCluster.get(cluster.id) ?? { listed: [], also: [] };
}
