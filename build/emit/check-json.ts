/**
 * Every JSON document the build emits is checked against the response schema openapi.json declares
 * for its route, before it is written: a template or a code path that makes an invalid URL, a price
 * that is not a whole number, a title with a control character fails the build, not a client. The
 * examples openapi.json carries are checked against the schemas they illustrate.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { apiValidator, readSchema } from '../ajv.ts';
import { apiSchemas } from '../../core/schema-files.ts';
import type { ApiSchemaName } from '../../core/schema-files.ts';
import { formatProblem } from '../content-error.ts';
import type { ContentProblem } from '../content-error.ts';
import { schemaProblems } from '../validate/index.ts';
import { openApiDocument } from '../../site/openapi/index.ts';
import type { OutputFile } from '../../site/types.ts';
import { BuildDefinitionError } from '../../site/errors.ts';
import type { FileCheck } from '../run/task.ts';
import type { CatalogueModel } from '../../site/model.ts';

type Json = Record<string, unknown>;

/** The build made a JSON document its own schema refuses: nothing is written. */
export class EmittedJsonError extends Error {
  readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    super(
      `${problems.length} emitted JSON problem${problems.length === 1 ? '' : 's'} (each file in dist/ against the schema openapi.json declares for it; nothing was written):\n` +
        problems.map(formatProblem).join('\n'),
    );
    this.name = 'EmittedJsonError';
    this.problems = problems;
  }
}

/** The JSON files of an artifact checked as they are made, each against its response schema; an
 * EmittedJsonError names every problem once the artifact is done. */
export const JSON_CHECK: FileCheck = {
  problems: (file, model) => (file.path.endsWith('.json') ? emittedJsonProblems(file, model) : []),
  error: (problems) => new EmittedJsonError(problems),
};


interface Route {
  pattern: RegExp;
  /** How many templated segments: fewer wins when two paths match. */
  params: number;
  /** The response schema of a 200, or undefined for openapi.json, whose body is the contract itself. */
  schema: ApiSchemaName | undefined;
}

const routeTables = new WeakMap<CatalogueModel, Route[]>();

/** `/skills/{slug}.json` → `skills/<one segment>.json` → Skill, from the paths openapi.json states. */
function routesOf(model: CatalogueModel): Route[] {
  let routes = routeTables.get(model);
  if (routes) return routes;
  const paths = openApiDocument(model, readSchema).paths as Record<string, { get?: { responses?: Record<string, Json> } }>;
  routes = Object.entries(paths).map(([template, item]) => {
    const ref = ((item.get?.responses?.['200']?.content as Json | undefined)?.['application/json'] as { schema?: { $ref?: string } } | undefined)?.schema?.$ref;
    const name = ref?.split('/').pop();
    if (name !== undefined && !(name in apiSchemas)) throw new BuildDefinitionError(`openapi.json: ${template} answers ${name}, which is not one of the response schemas`);
    const escaped = template.slice(1).split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
    return { pattern: new RegExp(`^${escaped.join('[^/]+')}$`), schema: name as ApiSchemaName | undefined, params: escaped.length - 1 };
  })
    // OpenAPI 3.1, Paths Object: "concrete (non-templated) paths would be matched before their
    // templated counterparts" (clusters/index.json before clusters/{cluster}.json).
    .sort((a, b) => a.params - b.params);
  routeTables.set(model, routes);
  return routes;
}

/** Problems of one emitted JSON file: not JSON, on no declared route, or against its schema. */
export function emittedJsonProblems(file: OutputFile, model: CatalogueModel): ContentProblem[] {
  const where = `dist/${file.path}`;
  const route = routesOf(model).find(({ pattern }) => pattern.test(file.path));
  const bytes = file.bytes;
  // The same bytes under two names (catalog.json and index.json, 16 MB each at 10,000 skills) are
  // parsed and checked once: their problems but the file's name are the same.
  const known = typeof bytes === 'string' ? undefined : checkedBytes.get(bytes);
  if (known && known.schema === route?.schema) return known.problems.map((problem) => ({ ...problem, file: where }));
  const problems = parsedProblems(file, route, where);
  if (typeof bytes !== 'string') checkedBytes.set(bytes, { schema: route?.schema, problems });
  return problems;
}

/** The problems found in bytes already checked, by the schema they were checked against. */
const checkedBytes = new WeakMap<Uint8Array, { schema: ApiSchemaName | undefined; problems: ContentProblem[] }>();

/** Where a catalogue's lists of items begin: everything before it is its envelope. */
const ITEMS_START = ',"skills":[';

/**
 * A catalogue (catalog.json, a cluster's JSON twin) is its envelope and the JSON of its skills and
 * bundles, each the very text of the item's JSON twin (core/catalog-layout.ts), which is checked
 * against its own schema as it is made. So a catalogue's check is its envelope's, with no items:
 * an edit checks one twin again, not every item of every catalogue.
 */
function catalogueText(bytes: string | Uint8Array): string {
  // The envelope is a few hundred bytes: only its start is decoded, not the whole file.
  const head = typeof bytes === 'string' ? bytes : utf8.decode(bytes.subarray(0, ENVELOPE_MAX_BYTES));
  const start = head.indexOf(ITEMS_START);
  return start < 0 ? textOf(bytes) : `${head.slice(0, start)},"skills":[],"bundles":[]}`;
}

/** Far more than a catalogue's envelope takes (its version, site, date, query and pricing). */
const ENVELOPE_MAX_BYTES = 64 * 1024;

const textOf = (bytes: string | Uint8Array) => (typeof bytes === 'string' ? bytes : utf8.decode(bytes));

function parsedProblems(file: OutputFile, route: Route | undefined, where: string): ContentProblem[] {
  const text = route?.schema === 'Catalog' ? catalogueText(file.bytes) : textOf(file.bytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return [{ file: where, expected: 'valid JSON', got: (error as Error).message }];
  }
  if (!route) return [{ file: where, expected: 'a path that openapi.json declares, so that a schema says what the file holds', got: 'no route' }];
  if (route.schema === undefined) return openApiProblemsOnce(text, data as Json, where);
  return schemaProblems(apiValidator(route.schema), data, where).map(({ problem }) => problem);
}

/** Decodes the bytes where they are (`Buffer.from(bytes)` would copy them first), a byte order mark kept as a character, as Buffer keeps it: JSON has none. */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

let lastOpenApi: { text: string; problems: ContentProblem[] } | undefined;

/** openapi.json's examples checked once per document text: a process that builds many times (npm
 * run dev) compiles its examples' schemas again only when the document changed. */
function openApiProblemsOnce(text: string, document: Json, where: string): ContentProblem[] {
  if (lastOpenApi?.text !== text) lastOpenApi = { text, problems: openApiExampleProblems(document, where) };
  return lastOpenApi.problems;
}

/** Where openapi.json's component schemas sit for ajv: `#/components/schemas/X` → `${COMPONENTS}#/$defs/X`. */
const COMPONENTS = 'urn:openapi-json:components';

/**
 * Every example in an OpenAPI document, against the schema beside it: `example` and `examples`
 * of media types and parameters, and the `examples` keyword of component schemas.
 */
export function openApiExampleProblems(document: Json, file: string): ContentProblem[] {
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? value.replace(/^#\/components\/schemas\//, `${COMPONENTS}#/$defs/`) : rewrite(value),
    ]));
  };
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  // Compiled only for a document that has an example: most builds pay nothing.
  let ajv: Ajv2020 | undefined;
  const components = () => {
    if (ajv) return ajv;
    ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true, verbose: true });
    addFormats.default(ajv);
    return ajv.addSchema({ $id: COMPONENTS, $defs: rewrite(schemas) as Json });
  };

  const problems: ContentProblem[] = [];
  const check = (schema: Json, example: unknown, at: string) => {
    const validate = components().compile(rewrite(schema) as Json);
    for (const { problem } of schemaProblems(validate, example, file)) {
      problems.push({ ...problem, field: `${at}${problem.field ? `.${problem.field}` : ''}` });
    }
  };
  const walk = (node: unknown, at: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${at}[${i}]`));
    const object = node as Json;
    if (object.schema && typeof object.schema === 'object') {
      if ('example' in object) check(object.schema as Json, object.example, `${at}.example`);
      for (const [name, example] of Object.entries((object.examples ?? {}) as Record<string, Json>)) {
        if (example && 'value' in example) check(object.schema as Json, example.value, `${at}.examples.${name}.value`);
      }
    }
    for (const [key, value] of Object.entries(object)) walk(value, at ? `${at}.${key}` : key);
  };
  walk(document, '');
  for (const [name, schema] of Object.entries(schemas)) {
    ((schema.examples ?? []) as unknown[]).forEach((example, i) => check(schema, example, `components.schemas.${name}.examples[${i}]`));
  }
  return problems;
}
