/**
 * A schema of schema/ made self-contained: every `$ref` replaced by what it points at, so a tool's
 * schema can be handed to any MCP client on its own. Clients validate tool schemas with whatever
 * they have (the SDK's client compiles `outputSchema` with a draft-07 Ajv; other clients pass the
 * input schema to a model provider), and none of them can fetch `../defs.schema.json`.
 *
 * The result keeps its meaning under draft-07 and draft 2020-12 alike: a `$ref` with assertions
 * beside it (`HttpsUrl` is a `Url` that also matches `^https:`) becomes `allOf` with those
 * assertions kept, since draft-07 ignores a `$ref`'s siblings and a merge would let one `pattern`
 * overwrite the other; a `$ref` with only annotations beside it takes them over the target's own.
 * `$id`, `$schema` and `$defs` are dropped: a nested `$id` would make an Ajv that compiles two
 * tools' schemas refuse the second ("schema with key or id already exists").
 */

export type JsonSchema = { [keyword: string]: unknown };

/** Reads a schema document by its file name under schema/ (`api/skill.schema.json`). */
export type SchemaReader = (file: string) => JsonSchema;

export class SchemaReferenceError extends Error {
  override readonly name = 'SchemaReferenceError';
}

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas (2020-12). */
const SCHEMA_VALUED = new Set(['items', 'not', 'if', 'then', 'else', 'contains', 'additionalProperties', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas']);
const DROPPED = new Set(['$id', '$schema', '$defs', 'definitions', '$comment']);
/** Keywords that say what a value is without constraining it. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly']);

/**
 * The schema at `reference` (`file#/json/pointer`, relative to schema/), self-contained. A
 * recursive schema cannot be inlined and is refused, naming the chain of references.
 */
export function selfContained(reference: string, read: SchemaReader): JsonSchema {
  const [file, pointer = ''] = reference.split('#');
  return inline(resolvePointer(read(file), pointer, reference), file, read, [reference]) as JsonSchema;
}

function inline(node: unknown, file: string, read: SchemaReader, chain: readonly string[]): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  const schema = node as JsonSchema;
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === '$ref' || DROPPED.has(keyword)) continue;
    if (SCHEMA_VALUED.has(keyword)) out[keyword] = inline(value, file, read, chain);
    else if (SCHEMA_LISTS.has(keyword)) out[keyword] = (value as unknown[]).map((item) => inline(item, file, read, chain));
    else if (SCHEMA_MAPS.has(keyword)) {
      out[keyword] = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, sub]) => [name, inline(sub, file, read, chain)]));
    } else out[keyword] = value;
  }
  if (typeof schema.$ref !== 'string') return out;

  const target = referenceFrom(file, schema.$ref);
  if (chain.includes(target)) throw new SchemaReferenceError(`schema/${file}: $ref ${schema.$ref} is recursive (${[...chain, target].join(' → ')}); it cannot be inlined`);
  const [targetFile, pointer = ''] = target.split('#');
  const resolved = inline(resolvePointer(read(targetFile), pointer, `${file}: $ref ${schema.$ref}`), targetFile, read, [...chain, target]) as JsonSchema;
  if (Object.keys(out).every((keyword) => ANNOTATIONS.has(keyword))) return { ...resolved, ...out };
  return { ...out, allOf: [...((out.allOf as unknown[]) ?? []), resolved] };
}

/** `../defs.schema.json#/$defs/Slug` seen from `api/skill.schema.json` is `defs.schema.json#/$defs/Slug`. */
function referenceFrom(file: string, ref: string): string {
  const url = new URL(ref, `file:///${file}`);
  return `${decodeURIComponent(url.pathname.slice(1))}${url.hash}`;
}

function resolvePointer(document: JsonSchema, pointer: string, where: string): unknown {
  let node: unknown = document;
  for (const token of pointer.split('/').slice(1)) {
    const key = decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) {
      throw new SchemaReferenceError(`schema/${where}: nothing at #${pointer}`);
    }
    node = (node as JsonSchema)[key];
  }
  return node;
}
