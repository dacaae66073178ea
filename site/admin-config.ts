/**
 * The content editor's configuration (Decap CMS, served at /admin/), derived from the content
 * schemas at build time and never written by hand: a collection per kind of content file, a field
 * per schema property, its widget from the property's JSON type, and what the schema requires of a
 * value (required, pattern, enum, length, minimum and maximum, item counts) as the form's own
 * validation, with the schema's titles and descriptions as labels and help text. A schema change
 * therefore reaches the form in the same commit; `admin-config.test.ts` compares the two.
 *
 * JSON Schema and the form disagree on one word: a schema's `required` says the key is present, a
 * form's that the value is not empty. A list the schema requires but lets be empty (`commands: []`)
 * is an optional field of the form with `[]` as its default; a required key that may be `null`
 * (`source.edition`) is optional in the form and written as `null` when left empty
 * (`normaliseEntry`, which the editor's file format runs on every save).
 *
 * Pure: schemas in, plain objects out. The emitter (admin.ts) writes them.
 */
import { contentSchemas } from '../core/schema-files.ts';
import { schemaLookup } from './schema-lookup.ts';
import type { Schema, SchemaLookup } from './schema-lookup.ts';

/** Where the editor lives: `/admin/`, files under `dist/admin/`. */
export const ADMIN_DIR = 'admin';

/**
 * Where the editor reaches the local proxy server (`decap-server`) when it runs on this machine:
 * a path of the editor's own origin, which `npm run cms` passes on to the proxy, so the local
 * editor needs no other origin in its Content-Security-Policy. Decap uses it only on localhost.
 */
export const LOCAL_BACKEND_PATH = `/${ADMIN_DIR}/api/v1`;

/** The repository a build that knows none names (a local build outside a GitHub clone). */
export const UNKNOWN_REPO = 'unknown/unknown';

/** One field of the form (Decap's field options; only those this project uses). */
export interface AdminField {
  name: string;
  label: string;
  widget: 'string' | 'text' | 'markdown' | 'number' | 'boolean' | 'select' | 'list' | 'object' | 'relation';
  required: boolean;
  hint?: string;
  /** A regular expression the value must match, and what to tell the editor when it does not. */
  pattern?: [string, string];
  default?: unknown;
  /** select: the allowed values, each with a label. */
  options?: { label: string; value: string }[];
  multiple?: boolean;
  /** number: the value as an integer. */
  value_type?: 'int';
  /** number: bounds; list, select with `multiple`, relation: item counts. */
  min?: number;
  max?: number;
  /** list of single values: the item's own field. */
  field?: AdminField;
  /** object, or list of objects: the sub-fields. */
  fields?: AdminField[];
  /** list: open by default so an editor sees what is in it. */
  collapsed?: boolean;
  /** relation: the collection whose entries the value names. */
  collection?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
}

export interface AdminCollection {
  name: string;
  label: string;
  label_singular?: string;
  description: string;
  folder?: string;
  files?: { name: string; label: string; file: string; format: string; fields: AdminField[] }[];
  create?: boolean;
  extension?: string;
  format?: string;
  slug?: string;
  /** Summary line in the list of entries. */
  summary?: string;
  sortable_fields?: string[];
  editor?: { preview: boolean };
  fields?: AdminField[];
}

export interface AdminConfig {
  backend: { name: 'github'; repo: string; branch: string; base_url: string; auth_endpoint: string; commit_messages: Record<string, string> };
  /** Work on this machine's files when the editor runs on localhost; where the proxy answers is
   * this origin's LOCAL_BACKEND_PATH, which the editor's script passes in (Decap wants an absolute URL). */
  local_backend: true;
  publish_mode: 'simple';
  media_folder: string;
  site_url?: string;
  display_url?: string;
  slug: { encoding: 'ascii'; clean_accents: true; sanitize_replacement: '-' };
  collections: AdminCollection[];
}

/**
 * The folder of the repository that holds everything the editor may read or write: every folder,
 * file and the media folder below are inside it. On this machine (`npm run cms`) the local proxy
 * server's repository is this folder alone, so it cannot reach anything else.
 */
export const EDITOR_ROOT = 'content';

/** The content files the editor writes, each with the schema that describes it. */
export const ADMIN_CONTENT = {
  skills: { schema: contentSchemas.skill, folder: `${EDITOR_ROOT}/skills`, label: 'Skills', singular: 'Skill', format: 'skill-frontmatter', body: true },
  bundles: { schema: contentSchemas.bundle, folder: `${EDITOR_ROOT}/bundles`, label: 'Bundles', singular: 'Bundle', format: 'bundle-frontmatter', body: true },
  docs: { schema: contentSchemas.doc, folder: `${EDITOR_ROOT}/docs`, label: 'Docs', singular: 'Doc', format: 'doc-frontmatter', body: true },
} as const;

/** The settings files: one YAML document each. `clusters.yaml` is a list at its top, which a form
 * cannot hold: its format (admin-format.ts) reads it into, and writes it out of, one `clusters` field. */
export const ADMIN_SETTINGS = {
  site: { schema: contentSchemas.site, file: `${EDITOR_ROOT}/site.yaml`, label: 'Site settings', format: 'site-yaml' },
  clusters: { schema: contentSchemas.clusters, file: `${EDITOR_ROOT}/clusters.yaml`, label: 'Clusters', format: 'clusters-yaml', root: 'clusters' },
} as const;

/**
 * Fields whose value names an entry of another collection: a bundle's `skills` are skill slugs
 * (validate/content-rules.ts checks that each exists), so the form offers the skills by title.
 */
const RELATIONS: Readonly<Record<string, Readonly<Record<string, keyof typeof ADMIN_CONTENT>>>> = {
  [contentSchemas.bundle]: { skills: 'skills' },
};

export interface AdminOptions {
  /** Load a schema file of schema/ by its path there (build/ajv.ts's readSchema). */
  readSchema: (file: string) => Schema;
  /** `owner/name` of the GitHub repository the production editor commits to. */
  repo?: string;
  branch?: string;
  /** The site's address, for the editor's "view site" link. */
  siteUrl?: string;
  /** Cluster ids with their labels from clusters.yaml, for the cluster menus. */
  clusterLabels?: Readonly<Record<string, string>>;
}

/** The options with the lookups over their schemas. */
type AdminContext = AdminOptions & SchemaLookup;

/** A schema property that no widget can edit: the build stops and names it. */
export class UnmappedFieldError extends Error {
  constructor(file: string, path: string, found: string) {
    super(`schema/${file}: ${path}: no editor widget for ${found}; map it in site/admin-config.ts`);
    this.name = 'UnmappedFieldError';
  }
}

export function adminConfig(given: AdminOptions): AdminConfig {
  const options: AdminContext = { ...given, ...schemaLookup(given.readSchema) };
  const folders: AdminCollection[] = Object.entries(ADMIN_CONTENT).map(([name, content]) => {
    const schema = options.readSchema(content.schema);
    return {
      name,
      label: content.label,
      label_singular: content.singular,
      description: describe(schema) ?? content.label,
      folder: content.folder,
      create: true,
      extension: 'md',
      format: content.format,
      // The file name is the slug: the title, lower-cased, with a hyphen for every other character
      // (the global `slug` settings below), which is what schema/defs Slug allows.
      slug: '{{slug}}',
      summary: '{{title}}',
      sortable_fields: ['title'],
      fields: [
        ...objectFields(schema, content.schema, '', options),
        { name: 'body', label: 'Body', widget: 'markdown', required: false, hint: 'The long description, in Markdown.' },
      ],
    };
  });
  const settings: AdminCollection = {
    name: 'settings',
    label: 'Settings',
    description: 'The shop itself and its job clusters.',
    editor: { preview: false },
    files: Object.entries(ADMIN_SETTINGS).map(([name, settingsFile]) => {
      const schema = options.readSchema(settingsFile.schema);
      const fields = 'root' in settingsFile
        ? [fieldFor(settingsFile.root, schema, true, settingsFile.schema, settingsFile.root, options)]
        : objectFields(schema, settingsFile.schema, '', options);
      return { name, label: settingsFile.label, file: settingsFile.file, format: settingsFile.format, fields };
    }),
  };
  return {
    backend: {
      name: 'github',
      // Decap wants one even when it only talks to the local proxy; Netlify's builds always name it.
      repo: options.repo ?? UNKNOWN_REPO,
      branch: options.branch ?? 'main',
      // Netlify's OAuth provider for GitHub (Site configuration → Access & security → OAuth).
      base_url: 'https://api.netlify.com',
      auth_endpoint: 'auth',
      commit_messages: {
        create: 'Content: add {{collection}} "{{slug}}"',
        update: 'Content: update {{collection}} "{{slug}}"',
        delete: 'Content: delete {{collection}} "{{slug}}"',
        uploadMedia: 'Content: upload "{{path}}"',
        deleteMedia: 'Content: delete "{{path}}"',
      },
    },
    local_backend: true,
    publish_mode: 'simple',
    // No field takes an upload; Decap still wants a folder named.
    media_folder: `${EDITOR_ROOT}/media`,
    ...(options.siteUrl ? { site_url: options.siteUrl, display_url: options.siteUrl } : {}),
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: [...folders, settings],
  };
}

function objectFields(schema: Schema, file: string, path: string, options: AdminContext): AdminField[] {
  const parts = options.expandSchema(schema);
  // The first schema to name a property describes it: a conditional branch (`then`) only narrows
  // it for some values, which a form cannot follow; the check still applies it.
  const properties: Record<string, Schema> = {};
  for (const part of parts) for (const [name, property] of Object.entries((part.properties ?? {}) as Record<string, Schema>)) properties[name] ??= property;
  const required = new Set(parts.flatMap((part) => (part.required ?? []) as string[]));
  return Object.entries(properties).map(([name, property]) => fieldFor(name, property, required.has(name), file, path ? `${path}.${name}` : name, options));
}

/** The schema parts of a property, without the `null` branch of a nullable one. */
function valueParts(schema: Schema, { expandSchema }: SchemaLookup): { parts: Schema[]; nullable: boolean } {
  const parts = expandSchema(schema);
  const nullable = parts.some((part) => part.type === 'null');
  return { parts: parts.filter((part) => part.type !== 'null' && !part.oneOf), nullable };
}

/** What a property's parts say together: the first value each keyword has (a `$ref`'s own
 * keywords come before those of the definition it names, so `Title`'s 200 wins over `Line`'s 500). */
function keyword<T>(parts: readonly Schema[], name: string): T | undefined {
  return parts.find((part) => part[name] !== undefined)?.[name] as T | undefined;
}

export function fieldType(parts: readonly Schema[]): string | undefined {
  return keyword<string>(parts, 'type');
}

function fieldFor(name: string, schema: Schema, required: boolean, file: string, path: string, options: AdminContext): AdminField {
  const { parts, nullable } = valueParts(schema, options);
  const type = fieldType(parts);
  const base = { name, label: labelOf(name), required: required && !nullable, ...hintOf(schema, parts) };
  const relation = RELATIONS[file]?.[path];
  if (type === 'string') {
    const values = keyword<string[]>(parts, 'enum');
    if (values) return { ...base, widget: 'select', options: values.map((value) => ({ label: options.clusterLabels?.[value] ?? value, value })) };
    return { ...base, widget: 'string', pattern: stringPattern(parts, file, path) };
  }
  if (type === 'integer') {
    return { ...base, widget: 'number', value_type: 'int', ...bounds(parts, 'minimum', 'maximum') };
  }
  if (type === 'boolean') return { ...base, widget: 'boolean', required: false, default: keyword<boolean>(parts, 'default') ?? false };
  if (type === 'object') {
    // A form cannot require a field only when its optional parent is filled in (a skill's source
    // needs its year once it has one): such fields are optional in the form, and `npm run check`
    // names what a half-filled object lacks.
    const fields = objectFields(schema, file, path, options);
    return { ...base, widget: 'object', fields: base.required ? fields : fields.map(optional) };
  }
  if (type === 'array') {
    const items = (keyword<Schema>(parts, 'items') ?? {}) as Schema;
    const { parts: itemParts } = valueParts(items, options);
    const itemType = fieldType(itemParts);
    const counts = bounds(parts, 'minItems', 'maxItems');
    // A list that may be empty is never "required" in the form's sense; its key is still written.
    const listRequired = base.required && (counts.min ?? 0) > 0;
    const list = { ...base, required: listRequired, ...counts, ...(base.required && !listRequired ? { default: [] } : {}) };
    if (relation) {
      const target = ADMIN_CONTENT[relation];
      return { ...list, widget: 'relation', collection: relation, multiple: true, value_field: '{{slug}}', search_fields: ['title'], display_fields: ['title'], hint: list.hint ?? target.label };
    }
    if (itemType === 'string' && keyword<string[]>(itemParts, 'enum')) {
      const values = keyword<string[]>(itemParts, 'enum')!;
      return { ...list, widget: 'select', multiple: true, options: values.map((value) => ({ label: options.clusterLabels?.[value] ?? value, value })) };
    }
    if (itemType === 'string') {
      return { ...list, widget: 'list', collapsed: false, field: { name: 'item', label: labelOf(singular(name)), widget: 'string', required: true, pattern: stringPattern(itemParts, file, `${path}[]`), ...hintOf(items, itemParts) } };
    }
    if (itemType === 'object') {
      return { ...list, widget: 'list', collapsed: false, fields: objectFields(items, file, `${path}[]`, options) };
    }
    throw new UnmappedFieldError(file, path, `a list of ${itemType ?? 'untyped items'}`);
  }
  throw new UnmappedFieldError(file, path, type ? `type ${type}` : 'a property with no type');
}

function optional(field: AdminField): AdminField {
  return { ...field, required: false, ...(field.fields ? { fields: field.fields.map(optional) } : {}) };
}

function bounds(parts: readonly Schema[], low: string, high: string): { min?: number; max?: number } {
  const min = keyword<number>(parts, low);
  const max = keyword<number>(parts, high);
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/**
 * The JSON Schema formats a string may have, as what a browser's regular expression can check:
 * `uri` as the characters RFC 3986 allows (with `%` escapes); the schema's own patterns say the rest
 * (scheme, host), and `npm run check` still applies the full format.
 */
const FORMAT_PATTERNS: Readonly<Record<string, string>> = {
  uri: "^(?:[A-Za-z0-9\\-._~:/?#\\[\\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$",
};

/**
 * One regular expression for everything a string's schema asks: its length and each of its
 * patterns (a `$ref` chain may add one per level: `HttpsUrl` is `Url`'s pattern and `^https:`),
 * each a lookahead from the start. Decap tests `new RegExp(pattern)` against the value.
 */
export function stringPattern(parts: readonly Schema[], file: string, path: string): [string, string] {
  const min = keyword<number>(parts, 'minLength') ?? 1;
  const max = keyword<number>(parts, 'maxLength');
  const formats = [...new Set(parts.flatMap((part) => (typeof part.format === 'string' ? [part.format] : [])))];
  const patterns = [
    ...new Set(parts.flatMap((part) => (typeof part.pattern === 'string' ? [part.pattern] : []))),
    ...formats.map((format) => {
      if (!FORMAT_PATTERNS[format]) throw new UnmappedFieldError(file, path, `format ${format}`);
      return FORMAT_PATTERNS[format];
    }),
  ];
  const lookaheads = [
    `(?=[\\s\\S]{${min},${max ?? ''}}$)`,
    ...patterns.map((pattern) => (pattern.startsWith('^') ? `(?=${pattern})` : `(?=[\\s\\S]*?(?:${pattern}))`)),
  ];
  const length = max !== undefined ? `${min} to ${max} characters` : `at least ${min} character${min === 1 ? '' : 's'}`;
  return [`^${lookaheads.join('')}`, describeParts(parts)[0] ?? length];
}

/** The descriptions of a value's definitions, most specific first, for the pattern's message. */
function describeParts(parts: readonly Schema[]): string[] {
  return [...new Set(parts.flatMap((part) => (typeof part.description === 'string' ? [part.description] : [])))].slice(0, 1);
}

function describe(schema: Schema): string | undefined {
  return typeof schema.description === 'string' ? schema.description : undefined;
}

/** Help text: the property's own description, else its definition's. */
function hintOf(schema: Schema, parts: readonly Schema[]): { hint?: string } {
  const own = describe(schema) ?? describeParts(parts)[0];
  return own ? { hint: own } : {};
}

/** `you_get` → "You get". */
function labelOf(name: string): string {
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An item's label: `commands` → "Command", `you_get` → "You get (one line)". */
function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : `${name} (one line)`;
}

/**
 * A schema with every `$ref` replaced by the definition it names, recursively (the content
 * schemas have no cycles), keeping the referring schema's own keywords beside it in `allOf`, so
 * nothing a level adds is lost. For the browser, which cannot look a reference up.
 */
export function dereference(schema: Schema, resolveRef: SchemaLookup['resolveRef']): Schema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Schema;
    const own = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, key === 'enum' || key === 'const' || key === 'required' ? value : walk(value)]));
    return typeof $ref === 'string' ? { ...own, allOf: [...((own.allOf as unknown[]) ?? []), walk(resolveRef($ref))] } : own;
  };
  return walk(schema) as Schema;
}
