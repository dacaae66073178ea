/** Fingerprint of the response schemas that define Catalog.version's meaning. */
import { createHash } from 'node:crypto';
import { readSchema } from './ajv.ts';

export const CATALOG_SCHEMA_FILES = [
  'defs.schema.json',
  'api/catalog.schema.json',
  'api/skill.schema.json',
  'api/bundle.schema.json',
  'api/cluster.schema.json',
  'api/price.schema.json',
];

/** Descriptions and titles are left out: rewording a schema does not change what a field means. */
export function catalogSchemaFingerprint(): string {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => key !== 'description' && key !== 'title')
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, value]) => [key, strip(value)]),
    );
  };
  const hash = createHash('sha256');
  for (const file of CATALOG_SCHEMA_FILES) hash.update(`${file}\n${JSON.stringify(strip(readSchema(file)))}\n`);
  return hash.digest('hex').slice(0, 16);
}
