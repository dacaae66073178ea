import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { canonicalSearchString, parseSearchParams, SEARCH_PARAMETERS, SEARCH_Q_MAX } from './search-query.ts';
import { SEARCH_DEFAULT_LIMIT, SEARCH_TYPES } from './search.ts';
import { LIMIT_MAX } from './query.ts';

const parse = (query: string, options?: { requireQ?: boolean }) => parseSearchParams(new URLSearchParams(query), options);
const problem = (query: string) => {
  const parsed = parse(query);
  if (parsed.ok) throw new Error(`${query} was accepted`);
  return parsed.problem;
};

describe('parseSearchParams', () => {
  it('echoes a query in canonical form: q trimmed, clusters in catalogue order, types in their order', () => {
    const parsed = parse('q=%20customer%20%20interview%20&cluster=pricing,ideas&cluster=ideas&type=doc,skill&kind=command&limit=5');
    expect(parsed).toEqual({
      ok: true,
      query: { q: 'customer interview', clusters: ['ideas', 'pricing'], kind: 'command', types: ['skill', 'doc'], limit: 5 },
    });
    if (parsed.ok) expect(canonicalSearchString(parsed.query)).toBe('q=customer%20interview&cluster=ideas,pricing&kind=command&type=skill,doc&limit=5');
  });

  it('defaults: every cluster, kind and type, and SEARCH_DEFAULT_LIMIT results', () => {
    expect(parse('q=x')).toEqual({ ok: true, query: { q: 'x', clusters: [], kind: null, types: [], limit: SEARCH_DEFAULT_LIMIT } });
  });

  it('needs q, given once and not empty', () => {
    expect(problem('')).toMatchObject({ parameter: 'q', message: expect.stringContaining('missing'), suggestion: 'q=pricing' });
    expect(problem('q=')).toMatchObject({ parameter: 'q', message: expect.stringContaining('empty') });
    expect(problem('q=%20%20')).toMatchObject({ parameter: 'q' });
    expect(problem('q=a&q=b')).toMatchObject({ parameter: 'q', message: expect.stringContaining('more than once') });
    expect(problem(`q=${'a'.repeat(SEARCH_Q_MAX + 1)}`)).toMatchObject({ parameter: 'q', message: expect.stringContaining(`longer than ${SEARCH_Q_MAX}`) });
    expect(parse(`q=${'a'.repeat(SEARCH_Q_MAX)}`).ok).toBe(true);
  });

  it('lets the search page leave q out or empty', () => {
    expect(parse('', { requireQ: false })).toMatchObject({ ok: true, query: { q: '' } });
    expect(parse('q=', { requireQ: false })).toMatchObject({ ok: true, query: { q: '' } });
  });

  it('refuses unknown names and values with the catalogue\'s words, offering what was likely meant', () => {
    expect(problem('q=x&foo=1')).toMatchObject({ parameter: 'foo', message: 'Unknown parameter "foo"; /search.json takes only q, cluster, kind, type, limit.' });
    expect(problem('q=x&qq=y')).toMatchObject({ parameter: 'qq', suggestion: 'q=y' });
    expect(problem('q=x&Q=y')).toMatchObject({ parameter: 'Q' });
    expect(problem('q=x&cluster=ideaz')).toMatchObject({ parameter: 'cluster', suggestion: 'cluster=ideas' });
    expect(problem('q=x&cluster=')).toMatchObject({ parameter: 'cluster', message: expect.stringContaining('empty') });
    expect(problem('q=x&kind=commands')).toMatchObject({ parameter: 'kind', suggestion: 'kind=command' });
    expect(problem('q=x&kind=command&kind=reference')).toMatchObject({ parameter: 'kind', message: expect.stringContaining('more than once') });
    expect(problem('q=x&type=skills')).toMatchObject({ parameter: 'type', suggestion: 'type=skill' });
    expect(problem('q=x&type=skill,')).toMatchObject({ parameter: 'type', message: expect.stringContaining('empty') });
    expect(problem('q=x&limit=0')).toMatchObject({ parameter: 'limit' });
    expect(problem(`q=x&limit=${LIMIT_MAX + 1}`)).toMatchObject({ parameter: 'limit' });
    expect(problem('q=x&limit=1e2')).toMatchObject({ parameter: 'limit' });
    expect(problem('q=x&limit=5&limit=6')).toMatchObject({ parameter: 'limit', message: expect.stringContaining('more than once') });
  });
});

describe('schema/api/search-results.schema.json', () => {
  const schema = JSON.parse(readFileSync(new URL('../schema/api/search-results.schema.json', import.meta.url), 'utf8'));
  const itemSchema = (file: string) => JSON.parse(readFileSync(new URL(`../schema/api/${file}`, import.meta.url), 'utf8'));

  it('echoes the parameters the parser takes, with its bounds', () => {
    const echo = schema.$defs.SearchQueryEcho.properties;
    expect(echo.q.maxLength).toBe(SEARCH_Q_MAX);
    expect(echo.limit.maximum).toBe(LIMIT_MAX);
    expect(schema.$defs.SearchType.enum).toEqual(SEARCH_TYPES);
    expect(SEARCH_PARAMETERS).toEqual(['q', 'cluster', 'kind', 'type', 'limit']);
  });

  it('gives each scored item exactly its item schema\'s fields and a score, each field by reference', () => {
    // JSON Schema cannot extend a closed schema (additionalProperties: false), so each scored item
    // lists the fields by $ref: this keeps that list equal to the item's own.
    for (const [name, file] of [['ScoredSkill', 'skill.schema.json'], ['ScoredBundle', 'bundle.schema.json']] as const) {
      const scored = schema.$defs[name];
      const item = itemSchema(file);
      expect(Object.keys(scored.properties), name).toEqual([...Object.keys(item.properties), 'score']);
      expect(scored.required, name).toEqual([...item.required, 'score']);
      for (const field of Object.keys(item.properties)) expect(scored.properties[field], `${name}.${field}`).toEqual({ $ref: `${file}#/properties/${field}` });
    }
    const doc = itemSchema('doc.schema.json');
    const summary = schema.$defs.ScoredDocSummary;
    expect(Object.keys(summary.properties).sort()).toEqual([...Object.keys(doc.properties).filter((key) => key !== 'markdown'), 'score'].sort());
  });
});
