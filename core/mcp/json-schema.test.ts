import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { apiValidator, readSchema } from '../../build/ajv.ts';
import { apiSchemas } from '../schema-files.ts';
import { selfContained, SchemaReferenceError } from './json-schema.ts';
import type { JsonSchema } from './json-schema.ts';

/** A tiny schema/ in memory: a shared file of definitions and a document using them. */
const FILES: Record<string, JsonSchema> = {
  'defs.schema.json': {
    $id: 'https://x.example/schema/defs.schema.json',
    $defs: {
      Url: { type: 'string', pattern: '^https?://' },
      HttpsUrl: { type: 'string', $ref: '#/$defs/Url', pattern: '^https:' },
      Name: { type: 'string', description: 'A name.', maxLength: 5 },
      Loop: { type: 'object', properties: { next: { $ref: '#/$defs/Loop' } } },
    },
  },
  'api/thing.schema.json': {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://x.example/schema/api/thing.schema.json',
    type: 'object',
    properties: {
      home: { $ref: '../defs.schema.json#/$defs/HttpsUrl' },
      name: { $ref: '../defs.schema.json#/$defs/Name', description: 'What the thing is called.' },
      part: { oneOf: [{ $ref: '#/$defs/Part' }, { type: 'null' }] },
      tags: { type: 'array', items: { $ref: '../defs.schema.json#/$defs/Name' } },
      example: { const: { $ref: 'not a reference: data' } },
    },
    $defs: { Part: { $id: 'https://x.example/schema/api/part', type: 'object', required: ['name'], properties: { name: { $ref: '../defs.schema.json#/$defs/Name' } } } },
  },
  'api/loop.schema.json': { $ref: '../defs.schema.json#/$defs/Loop' },
};
const read = (file: string) => {
  const schema = FILES[file];
  if (!schema) throw new Error(`no file ${file}`);
  return schema;
};

const refsIn = (value: unknown): string[] =>
  typeof value !== 'object' || value === null
    ? []
    : Object.entries(value).flatMap(([key, child]) => [...(['$ref', '$id', '$schema', '$defs'].includes(key) ? [key] : []), ...refsIn(child)]);

describe('selfContained', () => {
  const thing = selfContained('api/thing.schema.json', read);

  it('leaves no $ref, $id, $schema or $defs anywhere, data values aside', () => {
    const { example, ...schemas } = thing.properties as Record<string, JsonSchema>;
    expect(refsIn({ ...thing, properties: schemas })).toEqual([]);
    expect(example).toEqual({ const: { $ref: 'not a reference: data' } });
  });

  it('keeps the assertions beside a $ref and adds the target under allOf, so both patterns hold', () => {
    const home = (thing.properties as Record<string, JsonSchema>).home;
    expect(home).toEqual({ type: 'string', pattern: '^https:', allOf: [{ type: 'string', pattern: '^https?://' }] });
    const validate = new Ajv2020().compile(thing);
    expect(validate({ home: 'https://a.example' })).toBe(true);
    expect(validate({ home: 'http://a.example' })).toBe(false);
    expect(validate({ home: 'https:nothing' })).toBe(false);
  });

  it("lets a $ref's own annotations win over the target's", () => {
    expect((thing.properties as Record<string, JsonSchema>).name).toEqual({ type: 'string', description: 'What the thing is called.', maxLength: 5 });
  });

  it('resolves references relative to the file that holds them, through oneOf and items', () => {
    const part = ((thing.properties as Record<string, JsonSchema>).part.oneOf as JsonSchema[])[0];
    expect(part).toEqual({ type: 'object', required: ['name'], properties: { name: { type: 'string', description: 'A name.', maxLength: 5 } } });
    expect(((thing.properties as Record<string, JsonSchema>).tags.items as JsonSchema).maxLength).toBe(5);
  });

  it('takes a pointer into a file', () => {
    expect(selfContained('api/thing.schema.json#/properties/home', read).pattern).toBe('^https:');
  });

  it('refuses a recursive schema, naming the chain', () => {
    expect(() => selfContained('api/loop.schema.json', read)).toThrow(SchemaReferenceError);
    expect(() => selfContained('api/loop.schema.json', read)).toThrow(/defs\.schema\.json#\/\$defs\/Loop → defs\.schema\.json#\/\$defs\/Loop/);
  });

  it('names the file and the pointer that leads nowhere', () => {
    expect(() => selfContained('api/thing.schema.json#/properties/nothing', read)).toThrow(/api\/thing\.schema\.json#\/properties\/nothing: nothing at #\/properties\/nothing/);
  });
});

describe('selfContained over schema/', () => {
  // What an MCP client does with an output schema: the SDK's client compiles it with a draft-07 Ajv.
  const draft07 = new Ajv({ strict: false, allErrors: true });
  addFormats.default(draft07);

  it.each(Object.keys(apiSchemas) as (keyof typeof apiSchemas)[])('%s inlines to a schema a draft-07 Ajv compiles, twice in one instance', (name) => {
    const inlined = selfContained(apiSchemas[name], readSchema);
    expect(refsIn(inlined)).toEqual([]);
    // Two compilations in one Ajv: no nested $id is left to collide.
    expect(() => draft07.compile(structuredClone(inlined))).not.toThrow();
    expect(() => draft07.compile(structuredClone(inlined))).not.toThrow();
  });

  it('judges real documents as the project validator does', () => {
    const skill = selfContained(apiSchemas.Skill, readSchema);
    const validate = draft07.compile(skill);
    const good = {
      type: 'skill', slug: 'a-b', url: 'https://x.example/skills/a-b', markdown_url: 'https://x.example/skills/a-b.md', json_url: 'https://x.example/skills/a-b.json',
      title: 'A', author: 'B', clusters: [{ id: 'ideas', label: 'Ideas', question: 'What?' }], commands: ['/a'], command_count: 1, kind: 'command',
      you_get: [], wont_do: [], price: { amount_cents: 1900, currency: 'EUR', tax: 'net, VAT added at checkout' },
      install_url: 'https://x.example/install/a-b', cart_url: 'https://x.example/cart', source: { year: 2020, edition: null, isbn: null, buy_url: 'https://b.example', buy_label: 'Buy' },
    };
    const variants = [
      good,
      { ...good, slug: 'A B' },
      { ...good, title: 'line\nbreak' },
      { ...good, source: { ...good.source, buy_url: 'http://b.example' } },
      { ...good, url: 'javascript:alert(1)' },
      { ...good, clusters: [] },
      { ...good, extra: true },
    ];
    for (const variant of variants) expect(validate(variant), JSON.stringify(variant)).toBe(apiValidator('Skill')(variant));
    expect(variants.map((variant) => validate(variant))).toEqual([true, false, false, false, false, false, false]);
  });
});
