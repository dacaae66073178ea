/**
 * The groups of operations in openapi.json, the groups the API guide (content/docs/api.md) files the
 * endpoints under, each a `###` heading of its "Endpoints" section named as the tag is
 * (test/e2e/openapi.test.ts holds the two to each other). Swagger UI, Redoc and generated clients
 * show and name operations by these.
 */
export const TAGS = {
  catalogue: { name: 'Catalogue', description: 'The catalogue of skills and bundles, whole or filtered by cluster, sorted and limited; the list of clusters.' },
  items: { name: 'Items', description: 'One skill, bundle or page of prose, as the JSON twin of its page.' },
  search: { name: 'Search', description: 'Skills, bundles and guides that match words, best first.' },
  service: { name: 'Service', description: 'The build that answers, this description, and whether the shop can take payments right now.' },
} as const;

export type Tag = (typeof TAGS)[keyof typeof TAGS];
