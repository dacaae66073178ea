/** `/clusters/`: its JSON twin is the list of clusters with their pages and counts (ClusterList). */
import { SECTION } from '../../../../../core/page-paths.ts';
import { CLUSTER_LIST_FILE, publishedPath } from '../../../../../core/published-files.ts';
import { sectionIndexRef } from '../../page-ref.ts';
import type { PageRef, SiteNames } from '../../page-ref.ts';

export const clusterIndexRef = (site: SiteNames): PageRef =>
  sectionIndexRef(site.baseUrl, SECTION.cluster, 'cluster-index', {
    jsonPath: publishedPath(CLUSTER_LIST_FILE),
    title: 'Clusters',
    description: `The job clusters of ${site.name}: the question each one answers, and how many skills and bundles answer it.`,
  });
