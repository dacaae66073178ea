/** The schema lookups (site/schema-lookup.ts) over the schema files themselves, for the build's
 * validation messages. */
import { readSchema } from './ajv.ts';
import { schemaLookup } from '../site/schema-lookup.ts';

export type { Schema } from '../site/schema-lookup.ts';

export const { resolveRef, expandSchema, schemasAt, typesOf, titlesOf } = schemaLookup(readSchema);
