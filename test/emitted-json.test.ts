/**
 * Every JSON document the build emits is checked against the response schema of its route before
 * anything is written: an invalid URL or price that content alone cannot explain (a code path)
 * fails the build with the file, the field and what was expected, and dist/ stays as it was. The examples of an OpenAPI document are checked against the schemas beside them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../build/index.ts';
import { KINDS } from '../build/emit/index.ts';
import { makeKind } from '../build/run/index.ts';
import type { TaskKind } from '../build/run/task.ts';
import type { OutputFile } from '../site/types.ts';
import { EmittedJsonError, JSON_CHECK, openApiExampleProblems } from '../build/emit/check-json.ts';
import { openApiDocument } from '../site/openapi/index.ts';
import { readSchema } from '../build/ajv.ts';
import type { CatalogueModel } from '../site/model.ts';
import { CATALOG_FILE, STATIC_CATALOG_FILE } from '../core/published-files.ts';

const SMALL = fileURLToPath(new URL('./fixtures/content-small/', import.meta.url));
const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' };

let work: string;
let model: CatalogueModel;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'emitted-json-'));
  ({ model } = await build({ contentDir: SMALL, outDir: join(work, 'dist'), constantsFile: null, env: ENV }));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The error an emitter throws for `model`, or undefined. */
function emitError(name: keyof typeof KINDS, broken: CatalogueModel): EmittedJsonError | undefined {
  try {
    makeKind(KINDS[name], broken);
    return undefined;
  } catch (error) {
    if (error instanceof EmittedJsonError) return error;
    throw error;
  }
}

/** A kind of one task that makes `files`, held to the JSON check. */
const kindOf = (files: OutputFile[]): TaskKind<null> => ({ code: [], frame: false, where: 'here', tasks: () => [{ id: 'test', input: null }], render: () => files, check: JSON_CHECK });

/** The model with its first skill replaced by `change(skill)`. */
function withFirstSkill(change: (skill: CatalogueModel['skills'][number]['skill']) => object): CatalogueModel {
  const [first, ...rest] = model.skills;
  return { ...model, skills: [{ ...first, skill: { ...first.skill, ...change(first.skill) } }, ...rest] };
}

describe('emitted JSON against its response schema', () => {
  it('passes every JSON file of a good build', () => {
    for (const kind of Object.values(KINDS)) if ('check' in kind) expect(() => makeKind(kind, model)).not.toThrow();
  });

  it('fails a skill twin whose install link a template made into javascript:, naming file, field and scheme', () => {
    const slug = model.skills[0].skill.slug;
    const error = emitError('item-json', withFirstSkill(() => ({ install_url: 'javascript:alert(document.cookie)' })));
    expect(error?.problems).toEqual([
      {
        file: `dist/skills/${slug}.json`,
        line: undefined,
        field: 'install_url',
        expected: 'an absolute http:// or https:// URL with a host, no user name and no spaces',
        got: '"javascript:alert(document.cookie)" (scheme javascript:)',
      },
    ]);
    expect(error?.message).toContain(`dist/skills/${slug}.json install_url: expected an absolute http:// or https:// URL`);
  });

  it('fails a price that JSON writes as null (an infinite amount)', () => {
    const error = emitError('item-json', withFirstSkill((skill) => ({ price: { ...skill.price, amount_cents: Number.POSITIVE_INFINITY } })));
    expect(error?.problems).toMatchObject([{ field: 'price.amount_cents', expected: 'an integer (whole number)', got: 'null' }]);
  });

  it('fails a title with a bidirectional override', () => {
    const error = emitError('item-json', withFirstSkill(() => ({ title: 'Safe\u202Eexe.txt' })));
    expect(error?.problems).toMatchObject([{ field: 'title', got: '"Safe\\u202Eexe.txt" (U+202E, a bidirectional control, at character 5)' }]);
  });

  it('fails a JSON file on a path openapi.json does not declare', () => {
    expect(() => makeKind(kindOf([{ path: 'secrets.json', bytes: '{}\n' }]), model)).toThrow(/dist\/secrets\.json expected a path that openapi\.json declares/);
  });

  it('names each file whose bytes are written under two names, and checks the same bytes on another route against its own schema', () => {
    const bytes = new TextEncoder().encode('{"not":"a catalogue"}\n');
    const problemsOf = (paths: string[]) => {
      try {
        makeKind(kindOf(paths.map((path) => ({ path, bytes }))), model);
      } catch (error) {
        if (error instanceof EmittedJsonError) return error.problems;
        throw error;
      }
      return [];
    };
    const [catalog, copy, skill] = [CATALOG_FILE, STATIC_CATALOG_FILE, 'skills/alpha.json'];
    const both = problemsOf([catalog, copy]);
    const alone = problemsOf([catalog]);
    expect(alone.length).toBeGreaterThan(0);
    expect(both).toEqual([...alone, ...alone.map((problem) => ({ ...problem, file: `dist/${copy}` }))]);
    // The same bytes on a skill's route: the Skill schema's problems, not the catalogue's.
    const asSkill = problemsOf([catalog, skill]).filter((problem) => problem.file === `dist/${skill}`);
    expect(asSkill.length).toBeGreaterThan(0);
    expect(asSkill.map(({ field, expected }) => ({ field, expected }))).not.toEqual(alone.map(({ field, expected }) => ({ field, expected })));
  });

  it('refuses JSON bytes that begin with a byte order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{}')]);
    expect(() => makeKind(kindOf([{ path: 'version.json', bytes }]), model)).toThrow(/dist\/version\.json expected valid JSON/);
  });
});

describe('OpenAPI examples against the schemas beside them', () => {
  const withExamples = (skillExample: unknown, versionExample: unknown) => {
    const document = openApiDocument(model, readSchema) as { paths: Record<string, any>; components: { schemas: Record<string, any> } };
    const paths = structuredClone(document.paths);
    paths['/skills/{slug}.json'].get.responses[200].content['application/json'].example = skillExample;
    const schemas = structuredClone(document.components.schemas);
    schemas.Version.examples = [versionExample];
    return { ...document, paths, components: { ...document.components, schemas } };
  };
  const version = { 'x-build-version': '1.0.0+abc1234', 'x-base-url': 'https://shop.example' };

  it('accepts examples that are valid', () => {
    expect(openApiExampleProblems(withExamples(model.skills[0].skill, version), 'dist/openapi.json')).toEqual([]);
  });

  it('names the example, the field and what was expected for one that is not', () => {
    const badSkill = { ...model.skills[0].skill, cart_url: 'data:text/html,<script>alert(1)</script>' };
    const problems = openApiExampleProblems(withExamples(badSkill, { ...version, 'x-base-url': 'https://shop.example/' }), 'dist/openapi.json');
    expect(problems).toMatchObject([
      { file: 'dist/openapi.json', field: 'paths./skills/{slug}.json.get.responses.200.content.application/json.example.cart_url', got: /\(scheme data:\)$/ },
      { file: 'dist/openapi.json', field: 'components.schemas.Version.examples[0].x-base-url', expected: /^an origin/ },
    ]);
  });
});
