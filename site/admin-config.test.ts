/**
 * The editor's configuration against the content schemas it is generated from: every property a
 * field, and every rule of the schema (required, enum, minimum and maximum, item counts, length and
 * patterns) the field's own. Patterns are compared by what they do: each string field's regular
 * expression accepts exactly the sample values ajv accepts for that property. A schema the
 * generator cannot map stops it, naming file and field.
 */
import { describe, expect, it } from 'vitest';
import { readSchema, schemaAjv, SCHEMA_BASE } from '../build/ajv.ts';
import { expandSchema, resolveRef, schemasAt } from '../build/schema-lookup.ts';
import { schemaFiles } from '../core/schema-files.ts';
import type { Schema } from '../build/schema-lookup.ts';
import { ADMIN_CONTENT, ADMIN_SETTINGS, adminConfig, UnmappedFieldError } from './admin-config.ts';
import type { AdminCollection, AdminField } from './admin-config.ts';

const config = adminConfig({ readSchema });

/** Each schema file the editor writes, with the fields the form holds for it. */
function formsOf(collections: readonly AdminCollection[]): { file: string; fields: AdminField[]; body: boolean }[] {
  const byName = new Map(collections.map((collection) => [collection.name, collection]));
  return [
    ...Object.entries(ADMIN_CONTENT).map(([name, content]) => ({ file: content.schema as string, fields: byName.get(name)!.fields!, body: true })),
    ...Object.entries(ADMIN_SETTINGS).map(([name, settings]) => {
      const file = byName.get('settings')!.files!.find((entry) => entry.name === name)!;
      return { file: settings.schema as string, fields: file.fields, body: false };
    }),
  ];
}

const first = <T>(parts: readonly Schema[], name: string) => parts.find((part) => part[name] !== undefined)?.[name] as T | undefined;

interface Property {
  path: (string | number)[];
  parts: Schema[];
  /** Required in its object, and that object in its own, up to the root. */
  required: boolean;
  nullable: boolean;
}

/** Every property of a schema, walked on its own (schema-lookup, not the generator's code). */
function properties(root: Schema, path: (string | number)[] = [], parentNeeded = true): Property[] {
  const here = schemasAt(root, path);
  const props = new Map<string, Schema>();
  for (const part of here) for (const [name, schema] of Object.entries((part.properties ?? {}) as Record<string, Schema>)) if (!props.has(name)) props.set(name, schema);
  const required = new Set(here.flatMap((part) => (part.required ?? []) as string[]));
  return [...props.keys()].flatMap((name) => {
    // The property as its object states it: a conditional branch (`then`: a command skill needs a
    // command) narrows it for some values only, which a form's static rules cannot follow.
    const parts = expandSchema(props.get(name)!);
    const own = parts.filter((part) => part.type !== 'null');
    const nullable = parts.some((part) => part.type === 'null');
    const property = { path: [...path, name], parts: own, required: parentNeeded && required.has(name), nullable };
    return first(own, 'type') === 'object' ? [property, ...properties(root, [...path, name], property.required && !nullable)] : [property];
  });
}

function fieldAt(fields: readonly AdminField[], path: readonly (string | number)[]): AdminField | undefined {
  const [name, ...rest] = path;
  const field = fields.find((candidate) => candidate.name === name);
  return rest.length === 0 ? field : field?.fields ? fieldAt(field.fields, rest) : undefined;
}

/** Values that probe a string rule from both sides. */
function samples(parts: readonly Schema[]): string[] {
  const max = first<number>(parts, 'maxLength') ?? 300;
  return [
    '', 'a', 'Plain title', 'x'.repeat(max), 'x'.repeat(max + 1), 'tab\there', 'line\nbreak', 'rtl\u202Eoverride', 'zero\u200Bwidth',
    '/interview-plan', '/Bad', '/a:b-c', 'interview', 'https://example.com/book', 'http://example.com', 'https://user@example.com',
    'javascript:alert(1)', 'https://example.com:8080/x?y#z', '{base}/install/{slug}', 'https://shop.example/{slug}', '{base}/no-slug',
    '978-0-13-468599-1', '0-306-40615-2', '030640615X', '12345', 'https://example.com/', '  padded  ',
  ];
}

/** `file#/$defs/Name` of a definition, found by identity among the schemas schema-lookup reads. */
function definitionOf(schema: Schema): string | undefined {
  for (const file of schemaFiles) {
    for (const name of Object.keys((readSchema(file).$defs ?? {}) as Record<string, unknown>)) {
      if (resolveRef(`${file}#/$defs/${name}`) === schema) return `${file}#/$defs/${name}`;
    }
  }
  return undefined;
}

describe('the editor configuration against schema/content', () => {
  for (const form of formsOf(config.collections)) {
    const schema = readSchema(form.file);
    // clusters.yaml is a list at its top: its form holds one `clusters` field of objects.
    const root = first<string>(expandSchema(schema), 'type') === 'array' ? 'clusters' : undefined;
    const fields = root ? fieldAt(form.fields, [root])!.fields! : form.fields;
    const walkedRoot = root ? (expandSchema(schema).find((part) => part.items)!.items as Schema) : schema;
    const walked = properties(walkedRoot);
    // A list file's items are another schema file (`$ref`), which ajv knows by its own id.
    const itemsRef = root ? (expandSchema(schema).find((part) => part.items)!.items as Schema).$ref as string : undefined;
    const base = itemsRef ? `${SCHEMA_BASE}${itemsRef.replace(/^(\.\.\/)+/, '')}` : `${SCHEMA_BASE}${form.file}`;
    /** Where ajv finds the property's schema: under its own object definition when it has one
     * (`source.edition` is api/skill.schema.json's SkillSource), else by its path from the root. */
    const pointer = (path: readonly (string | number)[]) => {
      const parent = path.length > 1 ? schemasAt(walkedRoot, path.slice(0, -1)).find((part) => (part.properties as Record<string, unknown> | undefined)?.[path.at(-1)!]) : undefined;
      const def = parent ? definitionOf(parent) : undefined;
      return def ? `${SCHEMA_BASE}${def}/properties/${path.at(-1)}` : `${base}#${path.map((segment) => `/properties/${segment}`).join('')}`;
    };

    it(`${form.file}: has a field for every property and none for anything else`, () => {
      const names = (list: readonly AdminField[]) => list.map((field) => field.name);
      expect(names(fields).filter((name) => name !== 'body')).toEqual(walked.filter((property) => property.path.length === 1).map((property) => property.path[0]));
      expect(names(form.fields).includes('body')).toBe(form.body);
    });

    for (const property of walked) {
      const name = property.path.join('.');
      const field = () => fieldAt(fields, property.path)!;
      const type = first<string>(property.parts, 'type');

      it(`${form.file}: ${name} is required in the form exactly when the schema needs a value`, () => {
        const minItems = first<number>(property.parts, 'minItems') ?? 0;
        const needsValue = property.required && !property.nullable && type !== 'boolean' && (type !== 'array' || minItems > 0);
        expect(field().required, name).toBe(needsValue);
        // A list the schema requires but lets be empty starts as [], so its key is always written.
        if (type === 'array' && property.required && minItems === 0) expect(field().default).toEqual([]);
      });

      it(`${form.file}: ${name} has the schema's widget, values and bounds`, () => {
        const items = first<Schema>(property.parts, 'items');
        const itemParts = items ? expandSchema(items) : [];
        const values = first<string[]>(property.parts, 'enum') ?? first<string[]>(itemParts, 'enum');
        if (values) expect(field().options?.map((option) => option.value), name).toEqual(values);
        if (type === 'integer') {
          expect(field()).toMatchObject({ widget: 'number', value_type: 'int', min: first(property.parts, 'minimum'), max: first(property.parts, 'maximum') });
        } else if (type === 'array') {
          expect([field().min, field().max], name).toEqual([first(property.parts, 'minItems'), first(property.parts, 'maxItems')]);
        } else if (type === 'boolean') {
          expect(field().widget).toBe('boolean');
        } else if (type === 'object') {
          expect(field().widget).toBe('object');
        } else {
          expect(type, name).toBe('string');
          expect(field().widget, name).toBe(values ? 'select' : 'string');
        }
        const description = property.parts.find((part) => typeof part.description === 'string')?.description;
        if (description) expect(field().hint, name).toBe(description);
      });

      if (type === 'string' && !first(property.parts, 'enum')) {
        it(`${form.file}: ${name}'s pattern accepts exactly what the schema accepts`, () => {
          const validate = schemaAjv().getSchema(pointer(property.path))!;
          const [pattern, message] = field().pattern!;
          expect(message.length).toBeGreaterThan(0);
          for (const value of samples(property.parts)) {
            expect(new RegExp(pattern).test(value), `${name}: ${JSON.stringify(value)}`).toBe(validate(value) as boolean);
          }
        });
      }

      if (type === 'array' && first<Schema>(property.parts, 'items') && field().widget === 'list' && field().field) {
        it(`${form.file}: ${name}'s items follow the item schema`, () => {
          const validate = schemaAjv().getSchema(`${pointer(property.path)}/items`)!;
          const [pattern] = field().field!.pattern!;
          for (const value of samples(expandSchema(first<Schema>(property.parts, 'items')!))) {
            expect(new RegExp(pattern).test(value), `${name}[]: ${JSON.stringify(value)}`).toBe(validate(value) as boolean);
          }
        });
      }
    }
  }

  it('offers a bundle\'s skills from the skills collection, by title', () => {
    const bundles = config.collections.find((collection) => collection.name === 'bundles')!;
    expect(fieldAt(bundles.fields!, ['skills'])).toMatchObject({ widget: 'relation', collection: 'skills', multiple: true, value_field: '{{slug}}', min: 2, max: 50 });
  });

  it('writes each collection in its schema\'s format, into the content folder, on the GitHub backend with the local proxy on this origin', () => {
    expect(config.collections.map((collection) => collection.name)).toEqual(['skills', 'bundles', 'docs', 'settings']);
    expect(config.collections.find((collection) => collection.name === 'skills')).toMatchObject({ folder: 'content/skills', extension: 'md', format: 'skill-frontmatter', create: true });
    expect(config.collections.find((collection) => collection.name === 'settings')!.files!.map((file) => file.file)).toEqual(['content/site.yaml', 'content/clusters.yaml']);
    expect(config.backend).toMatchObject({ name: 'github', base_url: 'https://api.netlify.com', auth_endpoint: 'auth' });
    expect(config.local_backend).toBe(true);
  });

  it('follows a schema change: a new limit reaches the form', () => {
    const changed = adminConfig({
      readSchema: (file) => {
        const schema = readSchema(file);
        if (file !== ADMIN_CONTENT.skills.schema) return schema;
        const properties = schema.properties as Record<string, Schema>;
        return { ...schema, properties: { ...properties, you_get: { ...properties.you_get, maxItems: 7 } } };
      },
    });
    const skills = changed.collections.find((collection) => collection.name === 'skills')!;
    expect(fieldAt(skills.fields!, ['you_get'])!.max).toBe(7);
  });

  it('stops on a property no widget can edit, naming the schema file and the field', () => {
    const unmapped = () => adminConfig({
      readSchema: (file) => (file === ADMIN_CONTENT.docs.schema
        ? { type: 'object', properties: { title: { type: 'string' }, weight: { type: 'number' } } }
        : readSchema(file)),
    });
    expect(unmapped).toThrow(UnmappedFieldError);
    expect(unmapped).toThrow('schema/content/doc.schema.json: weight: no editor widget for type number');
  });
});
