/** Which file of schema/ describes what: the one list the build, the type generator, openapi.json,
 * the MCP tools and the tests all read (runtime/schema-source.ts reads the files). */

export const contentSchemas = {
  site: 'content/site.schema.json',
  clusters: 'content/clusters.schema.json',
  skill: 'content/skill.schema.json',
  bundle: 'content/bundle.schema.json',
  doc: 'content/doc.schema.json',
} as const;

export const apiSchemas = {
  Cluster: 'api/cluster.schema.json',
  Price: 'api/price.schema.json',
  Skill: 'api/skill.schema.json',
  Bundle: 'api/bundle.schema.json',
  Catalog: 'api/catalog.schema.json',
  Version: 'api/version.schema.json',
  Error: 'api/error.schema.json',
  PaymentHealth: 'api/payment-health.schema.json',
  Doc: 'api/doc.schema.json',
  ClusterList: 'api/cluster-list.schema.json',
  SearchResults: 'api/search-results.schema.json',
} as const;

export type ApiSchemaName = keyof typeof apiSchemas;

export const schemaFiles: string[] = [
  'defs.schema.json',
  ...Object.values(contentSchemas),
  ...Object.values(apiSchemas),
];
