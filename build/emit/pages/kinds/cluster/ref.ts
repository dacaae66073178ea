/** `/clusters/<id>`: its JSON twin is the catalogue filtered to the cluster, as `/catalog.json?cluster=<id>` answers. */
import type { Cluster } from '../../../../../core/types.ts';
import { jsonTwinFile, pageName, SECTION } from '../../../../../core/page-paths.ts';
import { pageRef } from '../../page-ref.ts';
import type { PageRef } from '../../page-ref.ts';

export const clusterRef = (baseUrl: string, cluster: Cluster): PageRef =>
  pageRef(baseUrl, 'cluster', pageName(SECTION.cluster, cluster.id), {
    jsonPath: `/${jsonTwinFile(SECTION.cluster, cluster.id)}`,
    title: cluster.label,
    description: cluster.question,
  });
