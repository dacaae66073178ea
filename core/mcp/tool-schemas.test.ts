import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { readSchema } from '../../build/ajv.ts';
import { LIMIT_MAX, LIMIT_MIN } from '../query.ts';
import { SEARCH_DEFAULT_LIMIT } from '../search.ts';
import { SEARCH_Q_MAX } from '../search-query.ts';
import { CLUSTER_IDS } from '../types.ts';
import { argumentChecker } from './arguments.ts';
import { TOOL_NAMES } from './names.ts';
import { toolSchemas } from './tool-schemas.ts';
import type { JsonSchema } from './json-schema.ts';

const schemas = toolSchemas(readSchema);
const defs = readSchema('defs.schema.json').$defs as Record<string, JsonSchema>;
const props = (schema: JsonSchema) => schema.properties as Record<string, JsonSchema>;

describe('tool schemas derived from schema/', () => {
  it('has an object at the root of every input and output schema, as MCP asks', () => {
    expect(Object.keys(schemas).sort()).toEqual([...TOOL_NAMES].sort());
    for (const { input, output } of Object.values(schemas)) {
      expect(input.type).toBe('object');
      expect(output.type).toBe('object');
      expect(input.additionalProperties).toBe(false);
    }
  });

  it('gives schemas that are valid JSON Schema 2020-12 (the tools compile them unchecked)', () => {
    const meta = new Ajv2020();
    for (const [name, { input, output }] of Object.entries(schemas)) {
      expect(meta.validateSchema(input), `${name} input: ${meta.errorsText()}`).toBe(true);
      expect(meta.validateSchema(output), `${name} output: ${meta.errorsText()}`).toBe(true);
    }
    expect(meta.validateSchema({ type: 'object', properties: { a: { type: 'nothing' } } })).toBe(false);
  });

  it('takes the slug, cluster and kind from their one home', () => {
    for (const tool of ['get_skill', 'get_bundle'] as const) {
      const slug = props(schemas[tool].input).slug;
      expect(slug.pattern).toBe(defs.Slug.pattern);
      expect(slug.maxLength).toBe(defs.Slug.maxLength);
      expect(schemas[tool].input.required).toEqual(['slug']);
    }
    const search = props(schemas.search_skills.input);
    expect(search.cluster.enum).toEqual([...CLUSTER_IDS]);
    expect(search.kind.enum).toEqual(defs.SkillKind.enum);
    expect(search.limit).toMatchObject({ minimum: LIMIT_MIN, maximum: LIMIT_MAX, default: SEARCH_DEFAULT_LIMIT });
    expect(search.query).toMatchObject({ maxLength: SEARCH_Q_MAX });
    expect(schemas.search_skills.input.required).toEqual([]);
  });

  it('answers with the response schemas of the JSON API', () => {
    const skill = readSchema('api/skill.schema.json');
    expect(props(props(schemas.get_skill.output).skill).price).toEqual(expect.objectContaining({ title: 'Price' }));
    expect(props(schemas.get_skill.output).skill.required).toEqual(skill.required);
    expect(props(schemas.get_bundle.output).bundle.required).toEqual(readSchema('api/bundle.schema.json').required);
    expect((props(schemas.search_skills.output).skills.items as JsonSchema).required).toEqual(skill.required);
    expect(schemas.list_clusters.output.required).toEqual(readSchema('api/cluster-list.schema.json').required);
  });
});

describe('arguments checked against the input schema', () => {
  const search = argumentChecker('search_skills', schemas.search_skills.input);
  const getSkill = argumentChecker('get_skill', schemas.get_skill.input);
  const list = argumentChecker('list_clusters', schemas.list_clusters.input);
  const messages = (check: ReturnType<typeof search>) => (check.ok ? [] : check.problems.map((problem) => problem.message));

  it('passes what the schema allows, and no arguments at all where none is required', () => {
    expect(search({ query: 'pricing', cluster: 'pricing', kind: 'command', limit: 5 }).ok).toBe(true);
    expect(search(undefined).ok).toBe(true);
    expect(list({}).ok).toBe(true);
  });

  it('names an unknown value, the allowed ones and the nearest', () => {
    const check = search({ cluster: 'pricng' });
    expect(messages(check)).toEqual([`Argument "cluster" must be one of ${CLUSTER_IDS.join(', ')}, not "pricng" (did you mean "pricing"?).`]);
    expect(check.ok ? undefined : check.problems[0].nearValue).toBe('pricing');
  });

  it('names an unknown argument and the one meant', () => {
    expect(messages(search({ limt: 3 }))).toEqual(['Unknown argument "limt"; search_skills takes only query, cluster, kind, limit (did you mean "limit"?).']);
    expect(messages(list({ all: true }))).toEqual(['Unknown argument "all"; list_clusters takes no arguments.']);
  });

  it('says the range, the type and what came', () => {
    expect(messages(search({ limit: 500 }))).toEqual([`Argument "limit" must be a whole number from ${LIMIT_MIN} to ${LIMIT_MAX}, not 500.`]);
    expect(messages(search({ limit: '5' }))).toEqual([`Argument "limit" must be a whole number from ${LIMIT_MIN} to ${LIMIT_MAX}, not "5".`]);
    expect(messages(search({ query: '' }))).toEqual([`Argument "query" must be a string of 1 to ${SEARCH_Q_MAX} characters, not "".`]);
  });

  it('names a missing argument and a malformed slug', () => {
    expect(messages(getSkill({}))).toEqual([`Argument "slug" is missing; expected a string of at most ${defs.Slug.maxLength} characters matching ${defs.Slug.pattern}.`]);
    expect(messages(getSkill({ slug: 'Mom Test' }))).toEqual([`Argument "slug" must be a string of at most ${defs.Slug.maxLength} characters matching ${defs.Slug.pattern}, not "Mom Test".`]);
  });

  it('says every problem once, and cuts an oversized value as the API does', () => {
    const check = search({ cluster: 'x'.repeat(10_000), kind: 'cmd', extra: 1 });
    expect(check.ok ? [] : check.problems.map((problem) => problem.argument)).toEqual(['extra', 'cluster', 'kind']);
    expect(messages(check).join(' ').length).toBeLessThan(1000);
    expect(messages(check)[1]).toContain('(cut: 10000 characters in all)');
  });
});
