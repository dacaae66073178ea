/**
 * Reading the schemas themselves: which schema describes a field, and which JSON types it takes.
 * ajv says what failed; messages also need what a field is (in cents? an integer?) when nothing
 * failed, and the types of a `oneOf`'s branches to say "text or null".
 */
import { schemaFiles } from '../core/schema-files.ts';
import { BuildDefinitionError } from './errors.ts';

export type Schema = Record<string, unknown>;

export interface SchemaLookup {
  resolveRef(ref: string): Schema;
  expandSchema(schema: Schema): Schema[];
  schemasAt(root: Schema, path: readonly (string | number)[]): Schema[];
  typesOf(schema: Schema): string[];
  titlesOf(schemas: readonly Schema[]): Set<string>;
}

/** The lookups over the schemas `readSchema` gives (a schema file of schema/ by its path there). */
export function schemaLookup(readSchema: (file: string) => Schema): SchemaLookup {
  let index: { byFile: Map<string, Schema>; byDef: Map<string, Schema> } | undefined;

  /**
   * Every schema file by its name and every definition by its own name. Definition names are unique
   * across schema/ (openapi.json makes each one a component and refuses two of one name), so a
   * `$ref` is found by its last segment without resolving relative URIs.
   */
  function schemaIndex() {
    if (index) return index;
    const byFile = new Map<string, Schema>();
    const byDef = new Map<string, Schema>();
    for (const file of schemaFiles) {
      const schema = readSchema(file);
      byFile.set(file.split('/').pop()!, schema);
      for (const [name, def] of Object.entries((schema.$defs ?? {}) as Record<string, Schema>)) byDef.set(name, def);
    }
    return (index = { byFile, byDef });
  }

  /** The schema a `$ref` points at. */
  function resolveRef(ref: string): Schema {
    const { byFile, byDef } = schemaIndex();
    const [file, fragment = ''] = ref.split('#');
    const def = /^\/\$defs\/(.+)$/.exec(fragment)?.[1];
    const schema = def ? byDef.get(def) : byFile.get(file.split('/').pop()!);
    if (!schema) throw new BuildDefinitionError(`schema/: no schema for $ref ${ref}`);
    return schema;
  }

  /** The schema and everything it is made of through `$ref`, `allOf`, `anyOf`, `oneOf` and `then`. */
  function expandSchema(schema: Schema): Schema[] {
    const parts = [schema];
    if (typeof schema.$ref === 'string') parts.push(...expandSchema(resolveRef(schema.$ref)));
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      for (const branch of (schema[key] ?? []) as Schema[]) parts.push(...expandSchema(branch));
    }
    if (schema.then) parts.push(...expandSchema(schema.then as Schema));
    return parts;
  }

  /** Every schema that may apply to the value at `path` inside a document described by `root`. */
  function schemasAt(root: Schema, path: readonly (string | number)[]): Schema[] {
    let current = expandSchema(root);
    for (const segment of path) {
      current = current.flatMap((schema) => {
        const child = typeof segment === 'number' ? schema.items : (schema.properties as Record<string, Schema> | undefined)?.[segment];
        return child && typeof child === 'object' ? expandSchema(child as Schema) : [];
      });
    }
    return current;
  }

  /** The JSON types a schema (with what it is made of) names. */
  function typesOf(schema: Schema): string[] {
    return expandSchema(schema).flatMap((part) => (part.type === undefined ? [] : ([] as string[]).concat(part.type as string | string[])));
  }

  /** The titles of a schema and of everything it is made of: the shared definitions it uses. */
  function titlesOf(schemas: readonly Schema[]): Set<string> {
    return new Set(schemas.flatMap(expandSchema).flatMap((part) => (typeof part.title === 'string' ? [part.title] : [])));
  }

  return { resolveRef, expandSchema, schemasAt, typesOf, titlesOf };
}
