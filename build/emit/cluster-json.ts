/**
 * `clusters/<id>.json`: the JSON twin of each cluster page, the catalogue filtered to that cluster.
 * The same bytes the catalog function answers for `/catalog.json?cluster=<id>`: both are joined
 * from catalog.json by the one query core.
 */
import { renderCatalogQuery } from '../../core/catalog-layout.ts';
import type { Emitter } from './types.ts';

export const emitClusterJson: Emitter = (model) => {
  const bytes = Buffer.from(model.catalogFile.bytes);
  return model.clusters.map((cluster) => ({
    path: `clusters/${cluster.id}.json`,
    bytes: renderCatalogQuery(bytes, model.catalogFile.layout, { clusters: [cluster.id], sort: 'default', limit: null }),
  }));
};
