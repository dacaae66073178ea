/**
 * `openapi.json` (OpenAPI 3.1): the paths and their operations here; components, headers and
 * parameters in the modules beside this one. Assembled from schema/ and from the modules that decide what the
 * service answers: every response schema becomes a component with its $refs rewritten to components,
 * every accepted parameter value comes from the query core, and every header set is made by calling
 * the header module's own functions, so the document cannot drift from what is sent.
 *
 * Each path has the operations the service serves on it: GET and HEAD (the same statuses and
 * headers, HEAD without a body) and OPTIONS (the CORS preflight), each filed under a tag (tags.ts).
 * The API is read-only: any other method is answered 405 with `allow` naming these three, as HTTP
 * has a client learn a resource's methods (RFC 9110, 15.5.6), and the preflight's
 * `access-control-allow-methods` names them too. A method is described only with an answer that
 * serves it, so the refused ones are no operations: a validating gateway refuses them as the service
 * does, and passes every request the service serves and every answer it gives.
 */
import { CACHE_NO_STORE, CURRENT_MAJOR, lifecycleHeaders } from '../../core/headers.ts';
import type { HeaderSet } from '../../core/headers.ts';
import { ALLOWED_METHODS } from '../../core/respond.ts';
import { LIMIT_MAX, LIMIT_MIN } from '../../core/query.ts';
import { jsonBytes } from '../../core/json.ts';
import { PRICES_IN_CENTS_NOTE } from '../../core/pricing.ts';
// Not the payment barrel: the build would load the Stripe client with it.
import { HEALTH_FORCE_INTERVAL_MS, HEALTH_TTL_MS } from '../../core/payment/lifetimes.ts';
import { HEALTH_PATH } from '../../core/payment/health-query.ts';
import type { OutputFile } from '../types.ts';
import { componentSchemas, ref, withoutUnusedSchemas } from './components.ts';
import type { Json, SchemaReader } from './components.ts';
import { declaredHeaders, headerComponents, headerSets } from './headers.ts';
import { parameters, SORT_SHORT_FORMS } from './parameters.ts';
import { TAGS } from './tags.ts';
import type { Tag } from './tags.ts';
import { CATALOG_FILE, CLUSTER_LIST_FILE, OPENAPI_FILE, publishedPath } from '../../core/published-files.ts';
import { jsonTwinFile, SECTION } from '../../core/page-paths.ts';
import type { CatalogueModel } from '../model.ts';

export { componentSchemas, SORT_SHORT_FORMS };

/** The document reads the build's stamp and the site, nothing else of the model, and schema/. */
export const openApiFiles = (model: Pick<CatalogueModel, 'stamp' | 'site'>, readSchema: SchemaReader): OutputFile[] => [
  { path: OPENAPI_FILE, bytes: jsonBytes(openApiDocument(model, readSchema)) },
];

/** The statuses one GET (and its HEAD) can answer with, each with its body schema and headers. */
interface ReadResponse {
  description: string;
  /** Component schema of the body (or the schema itself); none for a 304. */
  body?: string | Json;
  headers: HeaderSet;
  /** Header names that only some answers carry. */
  optional?: readonly string[];
}

export function openApiDocument(model: Pick<CatalogueModel, 'stamp' | 'site'>, readSchema: SchemaReader): Json {
  const base = model.stamp.baseUrl;
  const h = headerSets(model.stamp);
  const lifecycle = Object.keys(lifecycleHeaders({ deprecation: new Date(0), sunset: new Date(0), link: base }));
  const json = (description: string, body: string | Json, headers = h.json, optional: readonly string[] = []): ReadResponse => ({ description, body, headers, optional: [...lifecycle, ...optional] });
  const notModified = (headers: HeaderSet, optional: readonly string[] = []): ReadResponse => ({
    description: 'Not modified: If-None-Match matched the current ETag. The headers of the 200, no body.',
    headers,
    optional: [...lifecycle, ...optional],
  });
  const serverError = (description: string): ReadResponse => json(description, 'Error', h.jsonNoStore);
  const badEncoding = json('The path has malformed percent-encoding ("%" not followed by two hex digits forming UTF-8).', 'Error');

  // The JSON twins sit in the page folders, where dist/_headers adds `Vary: Accept` to every file.
  const twin = (schema: string, what: string, notFound: string) => ({
    200: json(what, schema, h.twin),
    304: notModified(h.twin),
    400: badEncoding,
    404: json(notFound, 'Error'),
    500: serverError(`The ${schema.toLowerCase()} could not be read.`),
  });

  // Every function refuses a target it cannot decode before anything else, a preflight's too.
  const preflightResponses = {
    204: { description: 'Preflight granted.', headers: declaredHeaders(h.preflight, lifecycle) },
    400: {
      description: 'The path or the query has malformed percent-encoding ("%" not followed by two hex digits forming UTF-8).',
      headers: declaredHeaders(h.json, lifecycle),
      content: { 'application/json': { schema: ref('Error') } },
    },
  };

  const paths: Record<string, Json> = {
    '/version.json': resource(
      { id: 'Version', tag: TAGS.service, summary: 'Build version and base URL', description: 'Repeats the x-build-version and x-base-url headers as a body; a fast health check.' },
      { 200: json('The build that answers.', 'Version'), 304: notModified(h.json), 500: serverError('The version could not be read.') },
    ),
    [publishedPath(OPENAPI_FILE)]: resource(
      { id: 'OpenApi', tag: TAGS.service, summary: 'This description', description: 'The machine-readable description of these endpoints.' },
      // Not a component: the build checks this file's examples instead of a schema (check-json.ts).
      { 200: json('OpenAPI 3.1 document.', { type: 'object', required: ['openapi', 'paths'], properties: { openapi: { type: 'string' }, paths: { type: 'object' } }, additionalProperties: true }), 304: notModified(h.json), 500: serverError('The description could not be read.') },
    ),
    [publishedPath(CATALOG_FILE)]: resource(
      {
        id: 'Catalog',
        tag: TAGS.catalogue,
        summary: 'The catalogue, filtered, sorted and limited',
        description:
          'Skills are filtered by cluster, then sorted, then cut by limit; skill_count counts matches before the limit. A bundle is listed when at least two of its skills match the filter, always with its full skill list. ' +
          'Any unknown parameter, unknown value, empty value, repeated sort or limit, or a limit outside ' +
          `${LIMIT_MIN}–${LIMIT_MAX} is a 400; nothing is guessed. query in the answer echoes the canonical form of the query.`,
        parameters: ['cluster', 'sort', 'limit'],
      },
      {
        200: json('The matching catalogue.', 'Catalog'),
        304: notModified(h.json),
        400: json('The query is malformed or names an unknown parameter or value.', 'Error'),
        // An error must not be kept for an hour by anyone: the next request may succeed.
        500: serverError('The catalogue could not be read; build headers are still present.'),
      },
    ),
    '/search.json': resource(
      {
        id: 'SearchResults',
        tag: TAGS.search,
        summary: 'Search skills, bundles and guides',
        description:
          'Every word of q is matched in titles, tags (commands, clusters, author, a bundle\'s skills), summaries and body text, titles weighing most; ' +
          'a word also matches the words it begins (onboard → onboarding) and words one typo away (two from eight letters: pricng → pricing). ' +
          'Items with every word come first; when none has them all, items with any of them. Results are best first, each item as catalog.json lists it (a guide as its JSON twin without the text) plus its score; ' +
          'total counts matches before limit. cluster keeps skills in a listed cluster and bundles with two such skills; kind keeps skills of that kind; type keeps items of those types. ' +
          'A missing or empty q, an unknown parameter or value, or a repeated q, kind or limit is a 400. The HTML results page is /search?q=…, its Markdown twin /search.md?q=….',
        parameters: ['q', 'cluster', 'kind', 'type', 'searchLimit'],
      },
      {
        200: json('The matching items, best first.', 'SearchResults'),
        304: notModified(h.json),
        400: json('The query is missing, malformed or names an unknown parameter or value.', 'Error'),
        500: serverError('The search index could not be read; build headers are still present.'),
      },
    ),
    '/index.json': resource(
      {
        id: 'CatalogFile',
        tag: TAGS.catalogue,
        summary: 'The whole catalogue, as a file',
        description: 'The JSON twin of the catalogue page (/): the same bytes as /catalog.json without a query, served by the CDN as a static file. /catalog.json without a query is answered from it in production.',
      },
      { 200: json('The whole catalogue.', 'Catalog'), 304: notModified(h.json) },
    ),
    [publishedPath(jsonTwinFile(SECTION.skill, '{slug}'))]: resource(
      { id: 'Skill', tag: TAGS.items, summary: 'One skill', description: 'The JSON twin of a published skill page.', parameters: ['slug'] },
      twin('Skill', 'The skill.', 'No published skill has this slug.'),
    ),
    [publishedPath(jsonTwinFile(SECTION.bundle, '{slug}'))]: resource(
      { id: 'Bundle', tag: TAGS.items, summary: 'One bundle', description: 'The JSON twin of a published bundle page; its skills list is always complete.', parameters: ['slug'] },
      twin('Bundle', 'The bundle.', 'No published bundle has this slug.'),
    ),
    // Before the template: a concrete path is matched first (OpenAPI 3.1, Paths Object), and the
    // build's own check of each file takes the first path that matches.
    [publishedPath(CLUSTER_LIST_FILE)]: resource(
      { id: 'ClusterList', tag: TAGS.catalogue, summary: 'Every cluster', description: 'The JSON twin of the index of clusters (/clusters/): each cluster with its pages and how many published skills and bundles it holds.' },
      twin('ClusterList', 'The clusters.', 'This deploy has no index of clusters.'),
    ),
    [publishedPath(jsonTwinFile(SECTION.cluster, '{cluster}'))]: resource(
      { id: 'Cluster', tag: TAGS.catalogue, summary: 'One cluster', description: 'The JSON twin of a cluster page: the catalogue filtered to the cluster, the same body as /catalog.json?cluster={cluster}.', parameters: ['clusterId'] },
      twin('Catalog', 'The catalogue of the cluster.', 'No cluster has this id.'),
    ),
    [publishedPath(jsonTwinFile(SECTION.doc, '{name}'))]: resource(
      { id: 'Doc', tag: TAGS.items, summary: 'One page of prose', description: 'The JSON twin of a page such as the developer guide, with its text as Markdown.', parameters: ['docName'] },
      twin('Doc', 'The page.', 'No page of prose has this name.'),
    ),
    [HEALTH_PATH]: resource(
      {
        id: 'PaymentHealth',
        tag: TAGS.service,
        summary: 'Payment connection health',
        description:
          `Checks the connection to the payment provider. The result is kept for ${HEALTH_TTL_MS / 1000} seconds (the age header says how old it is); ` +
          `force=1 runs the check again, at most once every ${HEALTH_FORCE_INTERVAL_MS / 1000} seconds. Never cached (cache-control: ${CACHE_NO_STORE}).`,
        parameters: ['force'],
      },
      {
        200: json('Reachable and healthy (ok) or degraded.', 'PaymentHealth', h.health),
        304: notModified(h.health),
        400: json('Unknown parameter or a force value other than 1.', 'Error', h.jsonNoStore),
        500: serverError('The check itself failed unexpectedly.'),
        503: json('Unreachable or misconfigured (down).', 'PaymentHealth', h.health),
      },
    ),
  };

  return withoutUnusedSchemas({
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${model.site.name} catalogue read API`,
      version: `${CURRENT_MAJOR}.0.0`,
      // site.yaml names no address to write to: the shop's own site is where it is found.
      contact: { name: model.site.name, url: model.site.baseUrl },
      description:
        `${model.site.description}\n\nRead-only, no key, CORS open to any origin. ${PRICES_IN_CENTS_NOTE} ` +
        `Every endpoint is also reachable under /v1 (pinned to major ${CURRENT_MAJOR}). Responses are cacheable for one hour and carry a strong or weak ETag; ` +
        `send If-None-Match to get 304. Every path here answers OPTIONS as a CORS preflight, and a method other than ${ALLOWED_METHODS} with 405 and an allow header naming those. ` +
        `Please send a User-Agent through which you can be reached. Build ${model.stamp.buildVersion}.`,
    },
    externalDocs: { description: 'Developer guide', url: model.site.documentationUrl },
    tags: Object.values(TAGS).map(({ name, description }) => ({ name, description })),
    // No key and no credentials: every operation is public.
    security: [],
    servers: [
      { url: base, description: 'Current major version' },
      { url: `${base}/v${CURRENT_MAJOR}`, description: `Pinned to major version ${CURRENT_MAJOR}` },
    ],
    paths: Object.fromEntries(Object.entries(paths).map(([path, item]) => [path, { ...item, options: preflight(path, (item.get as { tags: string[] }).tags, preflightResponses) }])),
    components: {
      schemas: componentSchemas(readSchema),
      parameters: parameters(),
      headers: headerComponents(model.stamp, lifecycle),
    },
  });

  /** GET and HEAD of one resource: the same statuses and headers, HEAD without a body. */
  function resource(op: { id: string; tag: Tag; summary: string; description: string; parameters?: string[] }, responses: Record<number, ReadResponse>): Json {
    // Path parameters belong to the path item, so that every method of the path declares them.
    const declared = parameters() as Record<string, { in: string }>;
    const refs = (names: string[]) => names.map((name) => ({ $ref: `#/components/parameters/${name}` }));
    const inPath = (op.parameters ?? []).filter((name) => declared[name].in === 'path');
    const params = refs([...(op.parameters ?? []).filter((name) => !inPath.includes(name)), 'ifNoneMatch']);
    const describe = (withBody: boolean) => Object.fromEntries(Object.entries(responses).map(([status, r]) => [status, {
      description: r.description,
      headers: declaredHeaders(r.headers, r.optional ?? []),
      ...(withBody && r.body && { content: { 'application/json': { schema: typeof r.body === 'string' ? ref(r.body) : r.body } } }),
    }]));
    const tags = [op.tag.name];
    return {
      ...(inPath.length > 0 && { parameters: refs(inPath) }),
      get: { operationId: `get${op.id}`, tags, summary: op.summary, description: op.description, parameters: params, responses: describe(true) },
      head: { operationId: `head${op.id}`, tags, summary: `${op.summary}: headers only`, description: `As GET, with the same status and headers and no body. ${op.description}`, parameters: params, responses: describe(false) },
    };
  }
}

/** OPTIONS on one path: the preflight, filed with the path's reads. */
function preflight(path: string, tags: readonly string[], responses: Json): Json {
  return {
    operationId: `preflight${operationName(path)}`,
    tags,
    summary: 'CORS preflight',
    description: `Grants any origin the methods this path serves (${ALLOWED_METHODS}, named in access-control-allow-methods) and the request headers a client sends, for a day. ` +
      'Any other method is answered 405 with an Error body and an allow header naming the same methods; the request is not read.',
    responses,
  };
}

/** `/skills/{slug}.json` → `SkillsSlug`, unique per path for operation ids. */
const operationName = (path: string) =>
  path.split(/[^A-Za-z0-9]+/).filter(Boolean).filter((word) => word !== 'json').map((word) => word[0].toUpperCase() + word.slice(1)).join('');
