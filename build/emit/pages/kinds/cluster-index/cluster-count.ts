/** How much a cluster holds, for the index of clusters: what `/clusters/<id>.json` lists, counted. */
import type { Cluster } from '../../../../../core/types.ts';

export interface ClusterCount {
  cluster: Cluster;
  /** Skills with the cluster among their two, as `/catalog.json?cluster=<id>` counts them. */
  skills: number;
  /** Bundles with at least two of those skills. */
  bundles: number;
}
