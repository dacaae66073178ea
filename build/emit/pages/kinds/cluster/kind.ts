/**
 * Cluster pages: `/clusters/<id>`, its twin, and its JSON twin `clusters/<id>.json`, the catalogue
 * filtered to the cluster. That JSON is the same bytes the catalog function answers for
 * `/catalog.json?cluster=<id>`: both are joined from catalog.json by the one query core.
 */
import { catalogFor } from '../../../../../core/query.ts';
import { renderCatalogQuery } from '../../../../../core/catalog-layout.ts';
import { pageFiles } from '../../kind.ts';
import type { ListingKind } from '../../kind.ts';
import { newestOf } from '../../newest.ts';
import { clusterRef } from './ref.ts';
import { clusterMembers, clusterQuery } from './members.ts';
import { clusterHtml } from './page.ts';
import { clusterTwin } from './twin.ts';

export const clusterKind: ListingKind = {
  type: 'cluster',
  *render(frame, { catalog, index }) {
    for (const cluster of frame.clusters) {
      const members = catalogFor(catalog, index, clusterQuery(cluster.id));
      // One cluster at a time: the next is not drawn while the last is still held.
      yield* pageFiles(clusterRef(frame.site.baseUrl, cluster), clusterHtml(frame, cluster, members), clusterTwin(frame, cluster, members));
    }
  },
  // A cluster page changes whenever one of its members does.
  pages: (model) => model.clusters.map((cluster) => {
    const members = clusterMembers(model, cluster);
    return { ...clusterRef(model.site.baseUrl, cluster), lastModified: newestOf(model, [...members.skills, ...members.bundles]) };
  }),
  json(model) {
    const bytes = Buffer.from(model.catalogFile.bytes);
    return model.clusters.map((cluster) => ({
      path: clusterRef(model.site.baseUrl, cluster).jsonPath.slice(1),
      bytes: renderCatalogQuery(bytes, model.catalogFile.layout, clusterQuery(cluster.id)),
    }));
  },
};
