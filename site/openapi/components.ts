/** openapi.json's components: every response schema and shared definition as a component, $refs
 * rewritten to point at components, and nothing no operation reaches. */
import { apiSchemas } from '../../core/schema-files.ts';
import { BuildDefinitionError } from '../errors.ts';

export type Json = Record<string, unknown>;

/** A schema file of schema/ by its path there (runtime/schema-source.ts reads them). */
export type SchemaReader = (file: string) => Json;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The document without the shared definitions no response or parameter reaches: schema/defs.schema.json
 * also holds what only editors' content uses (an `order`, a URL template), which is no part of the API.
 */
export function withoutUnusedSchemas(document: Json): Json {
  const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const name = key === '$ref' && typeof value === 'string' ? /^#\/components\/schemas\/([^/]+)/.exec(value)?.[1] : undefined;
      if (name !== undefined && !reached.has(name)) {
        reached.add(name);
        visit(schemas[name]);
      }
      if (key !== '$ref') visit(value);
    }
  };
  visit({ ...document, components: { ...(document.components as Json), schemas: {} } });
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...document, components: { ...(document.components as Json), schemas: kept } };
}

/** Every response schema and every definition it uses, keyed by name, with $refs pointing at
 * components. */
export function componentSchemas(readSchema: SchemaReader): Record<string, Json> {
  const components: Record<string, Json> = {};
  const add = (name: string, schema: Json) => {
    if (components[name]) throw new BuildDefinitionError(`openapi.json: two schemas want the component name ${name}`);
    components[name] = schema;
  };
  const fileComponent = new Map(Object.entries(apiSchemas).map(([name, file]) => [file.split('/').pop()!, name]));
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$id' || key === '$schema' || key === '$defs') continue;
      out[key] = key === '$ref' && typeof value === 'string' ? componentRef(value, fileComponent) : rewrite(value);
    }
    return out;
  };
  const addWithDefs = (name: string, schema: Json) => {
    add(name, rewrite(schema) as Json);
    for (const [defName, def] of Object.entries((schema.$defs ?? {}) as Record<string, Json>)) add(defName, rewrite(def) as Json);
  };
  const defs = readSchema('defs.schema.json');
  for (const [defName, def] of Object.entries(defs.$defs as Record<string, Json>)) add(defName, rewrite(def) as Json);
  for (const [name, file] of Object.entries(apiSchemas)) addWithDefs(name, readSchema(file));
  return components;
}

function componentRef(target: string, fileComponent: Map<string, string>): string {
  const [file, fragment = ''] = target.split('#');
  const defName = /^\/\$defs\/(.+)$/.exec(fragment)?.[1];
  if (defName) return `#/components/schemas/${defName}`;
  const component = fileComponent.get(file.split('/').pop()!);
  if (!component) throw new BuildDefinitionError(`openapi.json: no component for $ref ${target}`);
  // A pointer into another schema (`skill.schema.json#/properties/title`) points into its component.
  return `#/components/schemas/${component}${fragment}`;
}
