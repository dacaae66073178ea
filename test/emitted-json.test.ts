/**
 * Every JSON document the build emits is checked against the response schema of its route before
 * anything is written: an invalid URL or price that content alone cannot explain (a code path, the
 * deploy's URL) fails the build with the file, the field and what was expected, and dist/ stays as
 * it was. The examples of an OpenAPI document are checked against the schemas beside them.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../build/index.ts';
import { emitters } from '../build/emit/index.ts';
import { renderArtifact } from '../build/run/artifact.ts';
import { siteFrame } from '../build/emit/assets.ts';
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
function emitError(name: string, broken: CatalogueModel): EmittedJsonError | undefined {
  try {
    renderArtifact(name, emitters[name], broken, siteFrame(broken));
    return undefined;
  } catch (error) {
    if (error instanceof EmittedJsonError) return error;
    throw error;
  }
}

/** The model with its first skill replaced by `change(skill)`. */
function withFirstSkill(change: (skill: CatalogueModel['skills'][number]['skill']) => object): CatalogueModel {
  const [first, ...rest] = model.skills;
  return { ...model, skills: [{ ...first, skill: { ...first.skill, ...change(first.skill) } }, ...rest] };
}

describe('emitted JSON against its response schema', () => {
  it('passes every JSON file of a good build', () => {
    for (const [name, artifact] of Object.entries(emitters)) expect(() => renderArtifact(name, artifact, model, siteFrame(model))).not.toThrow();
  });

  it('fails a skill twin whose install link a template made into javascript:, naming file, field and scheme', () => {
    const slug = model.skills[0].skill.slug;
    const error = emitError('page-json', withFirstSkill(() => ({ install_url: 'javascript:alert(document.cookie)' })));
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
    const error = emitError('page-json', withFirstSkill((skill) => ({ price: { ...skill.price, amount_cents: Number.POSITIVE_INFINITY } })));
    expect(error?.problems).toMatchObject([{ field: 'price.amount_cents', expected: 'an integer (whole number)', got: 'null' }]);
  });

  it('fails a title with a bidirectional override', () => {
    const error = emitError('page-json', withFirstSkill(() => ({ title: 'Safe\u202Eexe.txt' })));
    expect(error?.problems).toMatchObject([{ field: 'title', got: '"Safe\\u202Eexe.txt" (U+202E, a bidirectional control, at character 5)' }]);
  });

  it('fails a JSON file on a path openapi.json does not declare', () => {
    const stray = { reads: [], render: () => [{ path: 'secrets.json', bytes: '{}\n' }], check: JSON_CHECK };
    expect(() => renderArtifact('stray', stray, model, siteFrame(model))).toThrow(/dist\/secrets\.json expected a path that openapi\.json declares/);
  });

  it('names each file whose bytes are written under two names, and checks the same bytes on another route against its own schema', () => {
    const bytes = new TextEncoder().encode('{"not":"a catalogue"}\n');
    const problemsOf = (paths: string[]) => {
      const artifact = { reads: [], render: () => paths.map((path) => ({ path, bytes })), check: JSON_CHECK };
      try {
        renderArtifact('twice', artifact, model, siteFrame(model));
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
    const marked = { reads: [], render: () => [{ path: 'version.json', bytes }], check: JSON_CHECK };
    expect(() => renderArtifact('marked', marked, model, siteFrame(model))).toThrow(/dist\/version\.json expected valid JSON/);
  });

  // On Netlify `URL` is the site's main address, an https origin such as https://petsof.netlify.app
  // (https://docs.netlify.com/configure-builds/environment-variables/, "Read-only variables"); it
  // replaces base_url, and content checks never see it. Anything else must not reach a client.
  it('fails the whole build when the deploy URL is no http(s) origin, and leaves dist/ as it was', async () => {
    const outDir = join(work, 'dist');
    const before = await readFile(join(outDir, 'catalog.json'), 'utf8');
    const failed = await build({ contentDir: SMALL, outDir, constantsFile: null, env: { ...ENV, URL: 'javascript:alert(1)//' } }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(failed).toBeInstanceOf(EmittedJsonError);
    expect((failed as EmittedJsonError).problems.some((problem) => problem.file === 'dist/skills/alpha.json' && problem.field === 'url')).toBe(true);
    expect(await readFile(join(outDir, 'catalog.json'), 'utf8')).toBe(before);
    expect(await readdir(work)).toEqual(['dist']);
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
