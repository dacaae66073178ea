/**
 * The contract as dist/openapi.json states it: which response (and so which schema) a route and
 * status have. Schemas are compiled from the document itself, not from schema/, so a test that
 * passes proves openapi.json describes what the service sends.
 */
import { expect } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readDistJson } from './dist.ts';
import type { Reply } from './http.ts';

type Json = Record<string, any>;

export const openApi = (): Json => readDistJson<Json>('openapi.json');

/** Where the document's components live for ajv: `#/components/schemas/X` → `${COMPONENTS_ID}#/$defs/X`. */
const COMPONENTS_ID = 'https://contract.test/openapi-components.json';

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === '$ref' && typeof value === 'string') {
        const name = /^#\/components\/schemas\/(.+)$/.exec(value)?.[1];
        if (!name) throw new Error(`openapi.json: a $ref outside components/schemas: ${value}`);
        return [key, `${COMPONENTS_ID}#/$defs/${name}`];
      }
      return [key, rewriteRefs(value)];
    }),
  );
}

export interface Contract {
  document: Json;
  /** The route template ("/skills/{slug}.json") a request path falls under, or undefined. */
  routeOf(pathname: string): string | undefined;
  /** The response object openapi.json declares for a route, method and status, or undefined. */
  response(route: string, method: string, status: number): Json | undefined;
  /** A validator for a schema node from the document (refs into components resolved). */
  validator(schema: Json): ValidateFunction;
  /** A validator for one component schema by name. */
  component(name: string): ValidateFunction;
}

let cached: Contract | undefined;

export function contract(): Contract {
  if (cached) return cached;
  const document = openApi();
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteRefs(document.components.schemas) as Json });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (schema: Json) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile(rewriteRefs(schema) as Json)));
    return validate;
  };
  // Server entries are `{base}` and `{base}/v1`: a /v1 path falls under the same templates.
  const serverPrefixes = (document.servers as { url: string }[]).map((server) => new URL(server.url).pathname.replace(/\/$/, ''))
    // Longest first, so `/v1/…` is read under the `/v1` server before the bare one.
    .sort((a, b) => b.length - a.length);
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('([^/]+)')}$`),
  }));
  cached = {
    document,
    routeOf(pathname) {
      for (const prefix of serverPrefixes) {
        if (prefix !== '' && !pathname.startsWith(`${prefix}/`)) continue;
        const rest = pathname.slice(prefix.length);
        const match = templates.find(({ pattern }) => pattern.test(rest));
        if (match) return match.template;
      }
      return undefined;
    },
    response(route, method, status) {
      const operation = document.paths[route]?.[method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()];
      return operation?.responses?.[String(status)];
    },
    validator,
    component: (name) => validator({ $ref: `#/components/schemas/${name}` }),
  };
  return cached;
}

const isJson = (reply: Reply) => /^application\/json\b/.test(reply.headers['content-type'] ?? '');

function expectValid(validate: ValidateFunction, value: unknown, where: string) {
  const valid = validate(value);
  expect(valid, `${where}: ${JSON.stringify(validate.errors, null, 1)}`).toBe(true);
}

/**
 * Checks a reply against openapi.json: the status must be one the route declares, a declared body
 * must match its schema, a response without content must have no body, every required header must
 * be present and match its schema. A JSON reply on a path outside every route (an unknown `.json`
 * path) must be the Error component. Replies to the methods the document describes no operation
 * for (the refused writes) are not covered here: the typed client's and Prism's tests check them.
 */
export function expectContract(reply: Reply): void {
  const c = contract();
  const { pathname } = new URL(reply.path, 'http://x');
  const where = `${reply.method} ${reply.path} → ${reply.status}`;
  if (!['GET', 'HEAD', 'OPTIONS'].includes(reply.method)) return;
  const route = c.routeOf(pathname);
  if (route === undefined) {
    if (isJson(reply) && reply.method === 'GET') expectValid(c.component('Error'), JSON.parse(reply.text), `${where} (no route: Error)`);
    return;
  }
  const declared = c.response(route, reply.method, reply.status);
  expect(declared, `${where}: openapi.json declares no ${reply.status} for ${reply.method === 'HEAD' ? 'GET' : reply.method} ${route}`).toBeDefined();
  const schema = declared!.content?.['application/json']?.schema;
  if (schema === undefined || reply.method === 'HEAD') {
    expect(reply.body.length, `${where}: a response without content has no body`).toBe(0);
  } else {
    expect(reply.headers['content-type'], `${where}: content-type`).toMatch(/^application\/json\b/);
    expectValid(c.validator(schema), JSON.parse(reply.text), where);
  }
  for (const [name, spec] of Object.entries((declared!.headers ?? {}) as Record<string, Json>)) {
    const header = spec.$ref ? c.document.components.headers[spec.$ref.split('/').pop()] : spec;
    const value = reply.headers[name.toLowerCase()];
    if (header.required) expect(value, `${where}: openapi.json requires the header ${name}`).toBeDefined();
    // `netlify dev` answers static files with its own cache-control whatever _headers says, so the
    // lifetime is checked in dist/_headers and on function answers, not here.
    if (value !== undefined && name !== 'cache-control') expectValid(c.validator(header.schema), value, `${where}: header ${name}`);
  }
}
