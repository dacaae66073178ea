/**
 * `openapi.json` (OpenAPI 3.1), assembled from schema/: every response schema becomes a component
 * with its $refs rewritten to components, so the contract and the validation share one source.
 */
import { readSchema } from '../ajv.ts';
import { apiSchemas } from '../schemas.ts';
import { CACHE_NO_STORE, CACHE_PUBLIC_HOUR, CURRENT_MAJOR, EXPOSED_HEADERS, RATE_LIMIT } from '../core/headers.ts';
import { LIMIT_MAX, LIMIT_MIN, SORT_ALIASES } from '../core/query.ts';
import { CLUSTER_IDS, SORT_NAMES } from '../core/types.ts';
import { jsonBytes } from '../core/json.ts';
import type { CatalogueModel } from '../model.ts';
import type { Emitter } from './types.ts';

type Json = Record<string, unknown>;

export const emitOpenApi: Emitter = (model) => [{ path: 'openapi.json', bytes: jsonBytes(openApiDocument(model)) }];

export function openApiDocument(model: CatalogueModel): Json {
  const base = model.stamp.baseUrl;
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${model.site.name} catalogue read API`,
      version: `${CURRENT_MAJOR}.0.0`,
      description:
        `${model.site.description}\n\nRead-only, no key, CORS open to any origin. Prices are net euro cents; VAT is added at checkout. ` +
        `Every endpoint is also reachable under /v1 (pinned to major 1). Responses are cacheable for one hour and carry a strong or weak ETag; ` +
        `send If-None-Match to get 304. Please send a User-Agent through which you can be reached. Build ${model.stamp.buildVersion}.`,
    },
    externalDocs: { description: 'Developer guide', url: model.site.documentationUrl },
    // No key and no credentials: every operation is public.
    security: [],
    servers: [
      { url: base, description: 'Current major version' },
      { url: `${base}/v1`, description: 'Pinned to major version 1' },
    ],
    paths: {
      '/version.json': { get: operation('getVersion', 'Build version and base URL', 'Repeats the x-build-version and x-base-url headers as a body; a fast health check.', [], { 200: ok('Version', 'The build that answers.'), 304: notModified(), 500: failure('The version could not be read.') }) },
      '/openapi.json': { get: operation('getOpenApi', 'This description', 'The machine-readable description of these endpoints.', [], { 200: { description: 'OpenAPI 3.1 document.', headers: jsonHeaders(), content: { 'application/json': { schema: { type: 'object' } } } }, 304: notModified(), 500: failure('The description could not be read.') }) },
      '/catalog.json': {
        get: operation(
          'getCatalog',
          'The catalogue, filtered, sorted and limited',
          'Skills are filtered by cluster, then sorted, then cut by limit; skill_count counts matches before the limit. A bundle is listed when at least two of its skills match the filter, always with its full skill list. Any unknown parameter, unknown value, empty value, repeated sort or limit, or a limit outside 1–200 is a 400; nothing is guessed.',
          [{ $ref: '#/components/parameters/cluster' }, { $ref: '#/components/parameters/sort' }, { $ref: '#/components/parameters/limit' }],
          {
            200: ok('Catalog', 'The matching catalogue.'),
            304: notModified(),
            400: failure('The query is malformed or names an unknown parameter or value.'),
            405: methodNotAllowed(),
            // An error must not be kept for an hour by anyone: the next request may succeed.
            500: failure('The catalogue could not be read; build headers are still present.', CACHE_NO_STORE),
          },
        ),
      },
      '/skills/{slug}.json': { get: operation('getSkill', 'One skill', 'The JSON twin of a published skill page.', [{ $ref: '#/components/parameters/slug' }], { 200: ok('Skill', 'The skill.'), 304: notModified(), 404: failure('No published skill has this slug.'), 500: failure('The skill could not be read.') }) },
      '/bundles/{slug}.json': { get: operation('getBundle', 'One bundle', 'The JSON twin of a published bundle page; its skills list is always complete.', [{ $ref: '#/components/parameters/slug' }], { 200: ok('Bundle', 'The bundle.'), 304: notModified(), 404: failure('No published bundle has this slug.'), 500: failure('The bundle could not be read.') }) },
      '/clusters/{cluster}.json': {
        get: operation(
          'getCluster',
          'One cluster',
          'The JSON twin of a cluster page: the catalogue filtered to the cluster, the same body as /catalog.json?cluster={cluster}.',
          [{ $ref: '#/components/parameters/clusterId' }],
          { 200: ok('Catalog', 'The catalogue of the cluster.'), 304: notModified(), 404: failure('No cluster has this id.'), 500: failure('The cluster could not be read.') },
        ),
      },
      '/docs/{name}.json': {
        get: operation('getDoc', 'One page of prose', 'The JSON twin of a page such as the developer guide, with its text as Markdown.', [{ $ref: '#/components/parameters/docName' }], {
          200: ok('Doc', 'The page.'),
          304: notModified(),
          404: failure('No page of prose has this name.'),
          500: failure('The page could not be read.'),
        }),
      },
      '/api/public/health/payment': {
        get: operation(
          'getPaymentHealth',
          'Payment connection health',
          'Checks the connection to the payment provider. The result is kept for 60 seconds; force=1 runs the check again. Never cached by clients (cache-control: no-store).',
          [{ name: 'force', in: 'query', required: false, description: 'Only `1`: run the check again instead of serving the kept result.', schema: { type: 'string', enum: ['1'] } }],
          {
            200: ok('PaymentHealth', 'Reachable and healthy (ok) or degraded.', CACHE_NO_STORE),
            304: notModified(CACHE_NO_STORE),
            400: failure('Unknown parameter or a force value other than 1.', CACHE_NO_STORE),
            405: methodNotAllowed(CACHE_NO_STORE),
            503: { description: 'Unreachable or misconfigured (down).', headers: jsonHeaders(CACHE_NO_STORE), content: { 'application/json': { schema: ref('PaymentHealth') } } },
          },
        ),
      },
    },
    components: {
      schemas: componentSchemas(),
      parameters: {
        cluster: {
          name: 'cluster',
          in: 'query',
          required: false,
          description: `Job clusters to keep: repeat the parameter or pass a comma-separated list (\`cluster=ideas,ship\`). A skill matches when either of its clusters is listed. Values: ${CLUSTER_IDS.join(', ')}.`,
          style: 'form',
          explode: true,
          schema: { type: 'array', items: ref('ClusterId'), minItems: 1 },
        },
        sort: {
          name: 'sort',
          in: 'query',
          required: false,
          description: `Order of the skills; default is catalogue order. Price sorts fall back to title on a tie. The short forms ${Object.entries(SORT_ALIASES).filter(([alias, name]) => alias !== name).map(([alias, name]) => `\`${alias}\` (= ${name})`).join(' and ')} are accepted and echoed under their canonical names. At most once.`,
          schema: { type: 'string', enum: [...SORT_NAMES], default: 'default' },
        },
        limit: {
          name: 'limit',
          in: 'query',
          required: false,
          description: `Keep the first N skills after sorting (${LIMIT_MIN}–${LIMIT_MAX}, base-10 digits). Bundles are not limited. At most once.`,
          schema: { type: 'integer', minimum: LIMIT_MIN, maximum: LIMIT_MAX },
        },
        slug: { name: 'slug', in: 'path', required: true, description: 'The slug as in the page URL.', schema: ref('Slug') },
        clusterId: { name: 'cluster', in: 'path', required: true, description: 'The cluster id as in the page URL.', schema: ref('ClusterId') },
        docName: { name: 'name', in: 'path', required: true, description: 'The name as in the page URL.', schema: ref('Slug') },
        ifNoneMatch: { name: 'If-None-Match', in: 'header', required: false, description: 'One or more entity tags (or `*`); a match answers 304.', schema: { type: 'string' } },
      },
      headers: {
        'x-build-version': header('The build that answered; compare across calls to detect a deploy mid-session.'),
        'x-base-url': header('Canonical origin served, no trailing slash.', { type: 'string', format: 'uri' }),
        'api-version': header('Major version that answered.', { type: 'string', const: String(CURRENT_MAJOR) }),
        etag: header('Validator for conditional requests.'),
        'ratelimit-policy': header(`Request budget: ${RATE_LIMIT.limit} requests per ${RATE_LIMIT.windowSeconds} s per client. Informational today.`),
        'ratelimit-limit': header('Requests allowed in the window.', { type: 'string', pattern: '^[0-9]+$' }),
        'ratelimit-remaining': header('Requests left in the window.', { type: 'string', pattern: '^[0-9]+$' }),
        'ratelimit-reset': header('Seconds until the window resets.', { type: 'string', pattern: '^[0-9]+$' }),
        'access-control-allow-origin': header('Always `*`.', { type: 'string', const: '*' }),
        'access-control-expose-headers': header(`Names at least ${EXPOSED_HEADERS.join(', ')}.`),
        deprecation: header('Only on a retiring major: when it was deprecated (RFC 9745, `@<unix seconds>`).', { type: 'string' }, false),
        sunset: header('Only on a retiring major: when it stops answering (RFC 8594 HTTP-date).', { type: 'string' }, false),
      },
    },
  };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function header(description: string, schema: Json = { type: 'string' }, required = true): Json {
  return { description, required, schema };
}

function jsonHeaders(cacheControl = CACHE_PUBLIC_HOUR): Json {
  const names = ['x-build-version', 'x-base-url', 'api-version', 'etag', 'cache-control', 'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'access-control-allow-origin', 'access-control-expose-headers', 'deprecation', 'sunset'];
  return Object.fromEntries(
    names.map((name) => [
      name,
      // Cache lifetime differs per endpoint, so it is stated inline rather than shared.
      name === 'cache-control'
        ? header(`\`${cacheControl}\``, { type: 'string', const: cacheControl })
        : { $ref: `#/components/headers/${name}` },
    ]),
  );
}

function ok(schema: string, description: string, cacheControl?: string): Json {
  return { description, headers: jsonHeaders(cacheControl), content: { 'application/json': { schema: ref(schema) } } };
}

function failure(description: string, cacheControl?: string, extraHeaders: Json = {}): Json {
  return { description, headers: { ...jsonHeaders(cacheControl), ...extraHeaders }, content: { 'application/json': { schema: ref('Error') } } };
}

function notModified(cacheControl?: string): Json {
  return { description: 'Not modified: If-None-Match matched the current ETag. Every header, no body.', headers: jsonHeaders(cacheControl) };
}

/** Anything but GET, HEAD or OPTIONS, on the operations a function answers. */
function methodNotAllowed(cacheControl?: string): Json {
  return failure('Only GET, HEAD and OPTIONS are answered.', cacheControl, { allow: header('`GET, HEAD, OPTIONS`', { type: 'string', const: 'GET, HEAD, OPTIONS' }) });
}

function operation(operationId: string, summary: string, description: string, parameters: Json[], responses: Record<number, Json>): Json {
  return { operationId, summary, description, parameters: [...parameters, { $ref: '#/components/parameters/ifNoneMatch' }], responses };
}

/** Every response schema and every definition it uses, keyed by name, with $refs pointing at components. */
export function componentSchemas(): Record<string, Json> {
  const components: Record<string, Json> = {};
  const add = (name: string, schema: Json) => {
    if (components[name]) throw new Error(`Two schemas want the component name ${name}`);
    components[name] = schema;
  };
  const fileComponent = new Map(Object.entries(apiSchemas).map(([name, file]) => [file.split('/').pop()!, name]));
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$id' || key === '$schema' || key === '$defs') continue;
      out[key] = key === '$ref' && typeof value === 'string' ? componentRef(value, fileComponent) : rewrite(value);
    }
    return out;
  };
  const addWithDefs = (name: string, schema: Json) => {
    add(name, rewrite(schema) as Json);
    for (const [defName, def] of Object.entries((schema.$defs ?? {}) as Record<string, Json>)) add(defName, rewrite(def) as Json);
  };
  const defs = readSchema('defs.schema.json');
  for (const [defName, def] of Object.entries(defs.$defs as Record<string, Json>)) add(defName, rewrite(def) as Json);
  for (const [name, file] of Object.entries(apiSchemas)) addWithDefs(name, readSchema(file));
  return components;
}

function componentRef(target: string, fileComponent: Map<string, string>): string {
  const [file, fragment = ''] = target.split('#');
  const defName = /^\/\$defs\/(.+)$/.exec(fragment)?.[1];
  if (defName) return `#/components/schemas/${defName}`;
  const component = fileComponent.get(file.split('/').pop()!);
  if (!component) throw new Error(`No component for $ref ${target}`);
  return `#/components/schemas/${component}`;
}

