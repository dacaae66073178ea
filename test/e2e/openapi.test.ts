/**
 * dist/openapi.json against the specification: it names both servers, every path, the parameters
 * with their allowed values, and the responses the specification lists; its operations are filed
 * under the groups of the API guide. The linters' verdicts are test/dist/openapi-lint.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contract } from '../helpers/openapi.ts';
import { distStamp } from '../helpers/dist.ts';
import { CLUSTERS, SHORT_SORTS, SORTS } from '../helpers/catalog-oracle.ts';

type Json = Record<string, any>;
const { document } = contract();
const base = distStamp().baseUrl;

/** A parameter of an operation, with a `$ref` to components followed. */
function parameter(path: string, name: string): Json {
  // Path parameters sit on the path item, shared by every method; the others on the operation.
  const list = [...(document.paths[path].parameters ?? []), ...(document.paths[path].get.parameters ?? [])] as Json[];
  const resolved = list.map((p) => (p.$ref ? document.components.parameters[p.$ref.split('/').pop()] : p));
  const found = resolved.find((p) => p.name === name);
  expect(found, `${path} has a parameter ${name}`).toBeDefined();
  return found!;
}

/** A path item's operations: every key but the parameters it shares. */
const operationsOf = (item: Json): Record<string, Json> => Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'parameters'));

/** `/clusters/{cluster}.json` → `/clusters/{}.json`: the guide names path parameters its own way. */
const anyParameter = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

/** The guide's endpoints by the `###` heading of its "Endpoints" section they are listed under. */
function guideGroups(): Record<string, string[]> {
  const guide = readFileSync(join(import.meta.dirname, '../../content/docs/api.md'), 'utf8');
  const section = /^## Endpoints\n([\s\S]*?)(?=^## )/m.exec(guide)?.[1] ?? '';
  const groups = [...section.matchAll(/^### (.+)\n([\s\S]*?)(?=^### |$(?![\s\S]))/gm)];
  expect(groups.length, 'the guide files its endpoints under ### headings').toBeGreaterThan(0);
  return Object.fromEntries(groups.map(([, heading, body]) => [heading.trim(), [...body.matchAll(/^\| `([^`]+)` \|/gm)].map(([, path]) => anyParameter(path)).sort()]));
}

/** A schema with a `$ref` to components followed (one level at a time, as deep as needed). */
function resolve(schema: Json): Json {
  return schema.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()]) : schema;
}

describe('openapi.json', () => {
  it('files every operation under one tag, each declared with a description and used', () => {
    const declared = (document.tags as Json[]).map((tag) => tag.name);
    for (const tag of document.tags as Json[]) expect(tag.description, tag.name).toMatch(/\w/);
    const used = new Set<string>();
    for (const [path, item] of Object.entries(document.paths as Json)) {
      for (const [method, operation] of Object.entries(operationsOf(item))) {
        expect(operation.tags, `${method} ${path}`).toHaveLength(1);
        expect(declared, `${method} ${path}`).toContain(operation.tags[0]);
        used.add(operation.tags[0]);
      }
    }
    expect([...used].sort()).toEqual([...declared].sort());
  });

  it('groups the paths under its tags as the API guide groups the endpoints under its headings', () => {
    const byTag = (tag: string) => Object.keys(document.paths).filter((path) => document.paths[path].get.tags[0] === tag);
    expect(Object.fromEntries((document.tags as Json[]).map((tag) => [tag.name, byTag(tag.name).map(anyParameter).sort()]))).toEqual(guideGroups());
  });

  it('names a contact', () => {
    expect(document.info.contact).toEqual({ name: expect.any(String), url: base });
  });

  it('describes on every path the methods it serves, GET, HEAD and OPTIONS, each with a success answer, and no other', () => {
    for (const [path, item] of Object.entries(document.paths as Json)) {
      const operations = operationsOf(item);
      expect(Object.keys(operations).sort(), path).toEqual(['get', 'head', 'options']);
      for (const [method, operation] of Object.entries(operations)) {
        expect(Object.keys(operation.responses).some((status) => /^2/.test(status)), `${method} ${path}`).toBe(true);
      }
      expect(operations.options.description, path).toMatch(/405 .*allow/);
    }
  });

  it('is OpenAPI 3.1', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('names the two server entries {base} and {base}/v1', () => {
    expect(document.servers.map((server: Json) => server.url)).toEqual(expect.arrayContaining([base, `${base}/v1`]));
  });

  it('describes every path of the specification with GET', () => {
    for (const path of ['/version.json', '/openapi.json', '/catalog.json', '/skills/{slug}.json', '/bundles/{slug}.json', '/api/public/health/payment']) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
  });

  it.each([
    ['/version.json', [200, 500], 'Version'],
    ['/openapi.json', [200, 500], undefined],
    ['/catalog.json', [200, 400, 500], 'Catalog'],
    ['/skills/{slug}.json', [200, 404, 500], 'Skill'],
    ['/bundles/{slug}.json', [200, 404, 500], 'Bundle'],
    ['/api/public/health/payment', [200, 503], 'PaymentHealth'],
  ])('gives %s the responses %j of the specification', (path, statuses, success) => {
    const responses = document.paths[path].get.responses as Json;
    for (const status of statuses) expect(responses[status], `${path} ${status}`).toBeDefined();
    if (success) expect(responses[200].content['application/json'].schema.$ref).toBe(`#/components/schemas/${success}`);
    for (const status of statuses.filter((s) => s >= 400 && s !== 503)) {
      expect(responses[status].content['application/json'].schema.$ref, `${path} ${status}`).toBe('#/components/schemas/Error');
    }
  });

  it('answers the health check\'s 503 with a PaymentHealth body', () => {
    expect(document.paths['/api/public/health/payment'].get.responses[503].content['application/json'].schema.$ref).toBe('#/components/schemas/PaymentHealth');
  });

  it('declares a 304 without a body wherever a validator is sent', () => {
    for (const path of ['/version.json', '/openapi.json', '/catalog.json', '/skills/{slug}.json', '/bundles/{slug}.json']) {
      const notModified = document.paths[path].get.responses[304];
      expect(notModified, `${path} 304`).toBeDefined();
      expect(notModified.content, `${path} 304 has no body`).toBeUndefined();
    }
  });

  it('declares the full header set on every response, 304 and errors included', () => {
    const names = ['x-build-version', 'x-base-url', 'api-version', 'etag', 'cache-control', 'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'access-control-allow-origin', 'access-control-expose-headers'];
    for (const [path, item] of Object.entries(document.paths as Json)) {
      for (const [status, response] of Object.entries(item.get.responses as Json)) {
        expect(Object.keys(response.headers ?? {}), `${path} ${status}`).toEqual(expect.arrayContaining(names));
      }
    }
  });

  it('lists the cluster ids as the allowed values of cluster, repeatable or comma-separated', () => {
    const cluster = parameter('/catalog.json', 'cluster');
    expect(cluster.in).toBe('query');
    expect(cluster.schema.type).toBe('array');
    expect(cluster.explode).not.toBe(false);
    const [one, list] = cluster.schema.items.anyOf as Json[];
    expect(resolve(one).enum).toEqual([...CLUSTERS]);
    const pattern = new RegExp(list.pattern);
    expect(['ideas,ship', 'gtm,ideas,gtm'].every((value) => pattern.test(value))).toBe(true);
    expect(['ideas,', ',ideas', 'ideas, ship', 'ideas,marketing', 'ideas'].some((value) => pattern.test(value))).toBe(false);
  });

  it('lists every value sort accepts: the four names and the short forms price and -price', () => {
    expect(resolve(parameter('/catalog.json', 'sort').schema).enum).toEqual([...SORTS, ...Object.keys(SHORT_SORTS)]);
  });

  it('says which name each short form stands for, and that query.sort echoes that name', () => {
    const sort = parameter('/catalog.json', 'sort');
    expect(sort.schema['x-canonical']).toEqual({ ...Object.fromEntries(SORTS.map((name) => [name, name])), ...SHORT_SORTS });
    for (const [alias, name] of Object.entries(SHORT_SORTS)) {
      expect(sort.description).toContain(`\`${alias}\` (= \`${name}\`)`);
      expect(sort.schema['x-enumDescriptions'][alias]).toContain(`echoed as \`${name}\` in query.sort`);
    }
    expect(sort.description).toMatch(/query\.sort always echoes the canonical name/);
    // The answer's echo lists only the canonical names.
    expect(resolve(resolve(document.components.schemas.Catalog).properties.query).properties.sort.$ref).toBe('#/components/schemas/SortName');
    expect(resolve(document.components.schemas.SortName).enum).toEqual([...SORTS]);
  });

  it('bounds limit to an integer from 1 to 200', () => {
    expect(resolve(parameter('/catalog.json', 'limit').schema)).toMatchObject({ type: 'integer', minimum: 1, maximum: 200 });
  });

  it.each(['/skills/{slug}.json', '/bundles/{slug}.json'])('requires the slug of %s with the pattern ^[a-z0-9-]+$', (path) => {
    const slug = parameter(path, 'slug');
    expect(slug).toMatchObject({ in: 'path', required: true });
    expect(resolve(slug.schema).pattern).toBe('^[a-z0-9-]+$');
  });

  it('allows only 1 as the value of force', () => {
    expect(resolve(parameter('/api/public/health/payment', 'force').schema).enum).toEqual(['1']);
  });

  it('lists the three error codes', () => {
    expect(resolve(resolve(document.components.schemas.Error).properties.code).enum).toEqual(expect.arrayContaining(['not_found', 'bad_request', 'server_error']));
  });
});
