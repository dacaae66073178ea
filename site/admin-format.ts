/**
 * How the content editor reads and writes content files, by their schema: what a form holds
 * becomes what `npm run check` accepts. A form knows no `null` and leaves an emptied field as `""`;
 * the schema wants an optional field left out, a nullable one written as `null`, and a list it
 * requires written even when empty. `normaliseEntry` closes that gap on every save, from the
 * schema alone; the YAML keeps the schema's order of keys, as the sample content does.
 *
 * Runs in the browser (bundled into the editor's script by admin.ts) and in the tests, so it reads
 * no file: its schemas come dereferenced.
 */
import { parse, stringify } from 'yaml';

/** A JSON Schema with every `$ref` already replaced by what it names (admin-config.ts `dereference`):
 * the browser has no schema/ folder to look a reference up in. */
export type Schema = Record<string, unknown>;
type Data = Record<string, unknown>;

/** A schema and the branches it is made of. */
function expandSchema(schema: Schema): Schema[] {
  const parts = [schema];
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) for (const branch of (schema[key] ?? []) as Schema[]) parts.push(...expandSchema(branch));
  if (schema.then) parts.push(...expandSchema(schema.then as Schema));
  return parts;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (typeof value === 'string' && value.trim() === '');

/** The properties of an object schema (through `$ref`, `oneOf`…), in the schema's order, and which it requires. */
function shape(schema: Schema): { properties: [string, Schema][]; required: Set<string> } {
  const parts = expandSchema(schema);
  // The first schema to name a property describes it (a `then` branch only narrows it).
  const named: Record<string, Schema> = {};
  for (const part of parts) for (const [name, property] of Object.entries((part.properties ?? {}) as Record<string, Schema>)) named[name] ??= property;
  const properties = Object.entries(named);
  return { properties, required: new Set(parts.flatMap((part) => (part.required ?? []) as string[])) };
}

const allows = (schema: Schema, type: string) => expandSchema(schema).some((part) => part.type === type);

/**
 * A form's values as the schema wants them: empty text and numbers left out, or `null` where the
 * field may be null; a required list kept even when empty; an object whose fields are all empty
 * treated as an empty value; keys in the schema's order, unknown keys kept last
 * (the schema then names them, rather than the editor losing them silently).
 */
export function normaliseEntry(schema: Schema, data: Data): Data {
  const { properties, required } = shape(schema);
  const out: Data = {};
  for (const [name, property] of properties) {
    const value = normaliseValue(property, data[name]);
    if (value === undefined) {
      // A nullable field left empty says so with `null`, as `npm run new` writes it and as files
      // that were only opened and saved keep it.
      if (allows(property, 'null')) out[name] = null;
      else if (required.has(name) && allows(property, 'array')) out[name] = [];
      continue;
    }
    out[name] = value;
  }
  for (const [name, value] of Object.entries(data)) if (!(name in out) && !properties.some(([known]) => known === name) && value !== undefined) out[name] = value;
  return out;
}

function normaliseValue(schema: Schema, value: unknown): unknown {
  if (isEmpty(value)) return undefined;
  if (Array.isArray(value)) {
    const items = expandSchema(schema).find((part) => part.items)?.items as Schema | undefined;
    const kept = value.map((item) => (items ? normaliseValue(items, item) : item)).filter((item) => item !== undefined);
    return kept;
  }
  if (typeof value === 'object' && allows(schema, 'object')) {
    const object = normaliseEntry(schema, value as Data);
    const filled = Object.values(object).some((field) => field !== null && !(Array.isArray(field) && field.length === 0));
    return filled ? object : undefined;
  }
  if (typeof value === 'string') return value.trim();
  return value;
}

/** YAML as the sample content writes it: block style, no line folding, strings quoted only where YAML needs it. */
export function toYaml(data: unknown): string {
  return stringify(data, { lineWidth: 0, nullStr: 'null', flowCollectionPadding: false });
}

/** A Markdown file with front matter: the form's values (with `body`) → the file's text. */
export function toFrontMatterFile(schema: Schema, data: Data): string {
  const { body, ...fields } = data;
  const text = typeof body === 'string' ? body.replace(/^\n+/, '') : '';
  return `---\n${toYaml(normaliseEntry(schema, fields))}---\n${text}${text.endsWith('\n') || text === '' ? '' : '\n'}`;
}

/** The file's text → the form's values, `body` being what follows the front matter. */
export function fromFrontMatterFile(content: string): Data {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/.exec(content);
  if (!match) return { body: content };
  const fields = (parse(match[1]) ?? {}) as Data;
  return { ...fields, body: content.slice(match[0].length) };
}

/** A YAML settings file; `root` names the one field that holds a file whose top is a list. */
export function toYamlFile(schema: Schema, data: Data, root?: string): string {
  if (root) {
    const items = expandSchema(schema).find((part) => part.items)?.items as Schema;
    return toYaml(((data[root] ?? []) as Data[]).map((item) => normaliseEntry(items, item)));
  }
  return toYaml(normaliseEntry(schema, data));
}

export function fromYamlFile(content: string, root?: string): Data {
  const parsed = parse(content) as unknown;
  return root ? { [root]: parsed ?? [] } : ((parsed ?? {}) as Data);
}
