/**
 * The requests the HTTP suites send, in one place: the endpoint suite's resources, the 400s and
 * 404s of the error suite, the CORS reads and preflights, the conditional requests and the fixed
 * sample of the query property. The suites take their cases from here, and the validating-proxy
 * test sends every one of them (with its /v1 twin, HEAD and a conditional repeat) through Prism,
 * so a request the suites rely on is also a request openapi.json describes.
 */
import fc from 'fast-check';
import { distCatalog } from './dist.ts';
import { queryString } from './catalog-queries.ts';
import { PROPERTY_SEED as SEED, propertyRuns } from './property.ts';

const catalog = distCatalog();
export const SKILL_PATH = `/skills/${catalog.skills[0]?.slug ?? '(none)'}.json`;
export const BUNDLE_PATH = `/bundles/${catalog.bundles[0]?.slug ?? '(none)'}.json`;
export const HEALTH_PATH = '/api/public/health/payment';

/** Every resource of the specification, each answered 200. */
export const RESOURCES: readonly [label: string, path: string][] = [
  ['the version', '/version.json'],
  ['the contract', '/openapi.json'],
  ['the unfiltered catalogue', '/catalog.json'],
  ['a filtered catalogue', '/catalog.json?cluster=ideas,ship&sort=price&limit=3'],
  ['a skill', SKILL_PATH],
  ['a bundle', BUNDLE_PATH],
  ['a cluster', '/clusters/pricing.json'],
  ['the guide', '/docs/api.json'],
];

/** Queries the catalogue answers with 200, beyond the resources: every spelling a client may use. */
export const CATALOG_QUERIES: readonly string[] = [
  '/catalog.json?limit=1',
  '/catalog.json?limit=2',
  '/catalog.json?cluster=pricing',
  '/catalog.json?cluster=ideas&limit=2',
  '/catalog.json?cluster=ideas&cluster=ship',
  '/catalog.json?cluster=ideas,ship&cluster=gtm',
  '/catalog.json?sort=default',
  '/catalog.json?sort=title&limit=200',
  '/catalog.json?sort=price_asc',
  '/catalog.json?sort=price_desc',
  '/catalog.json?sort=price',
  '/catalog.json?sort=-price&limit=2',
];

/** Queries the catalogue refuses with 400 bad_request, and the parameter the message names. */
export const BAD_QUERIES: readonly [label: string, query: string, parameter: string][] = [
  ['an unknown parameter', 'page=2', 'page'],
  ['an unknown cluster', 'cluster=marketing', 'cluster'],
  ['an empty cluster', 'cluster=', 'cluster'],
  ['a cluster list ending in a comma', 'cluster=ideas,', 'cluster'],
  ['an empty sort', 'sort=', 'sort'],
  ['a sort in another case', 'sort=Title', 'sort'],
  ['sort=+price', 'sort=+price', 'sort'],
  ['a repeated sort', 'sort=title&sort=price', 'sort'],
  ['a repeated limit', 'limit=1&limit=2', 'limit'],
  ['limit 0', 'limit=0', 'limit'],
  ['limit 201', 'limit=201', 'limit'],
  ['a fractional limit', 'limit=1.5', 'limit'],
  ['a limit in exponent notation', 'limit=1e2', 'limit'],
  ['a hexadecimal limit', 'limit=0x10', 'limit'],
  ['a negative limit', 'limit=-1', 'limit'],
  ['a limit that is not a number', 'limit=abc', 'limit'],
  ['a limit with a leading space', 'limit=%205', 'limit'],
];

/** 400s asked under /v1 as well. */
export const V1_BAD_QUERIES: readonly [query: string, parameter: string][] = [
  ['limit=0', 'limit'],
  ['cluster=marketing', 'cluster'],
  ['sort=Title', 'sort'],
];

/** JSON paths with no document: a JSON 404 not_found, never HTML. */
export const NOT_FOUND_JSON: readonly string[] = [
  '/skills/no-such-skill-here.json',
  '/bundles/no-such-bundle-here.json',
  '/nothing-here.json',
  '/skills/a/b.json',
  '/api/public/nothing',
  '/v1/skills/no-such-skill-here.json',
  '/v1/bundles/no-such-bundle-here.json',
  '/v1/nothing-here.json',
];

/** A published skill's slug with one letter more is nobody's: the 404 suggests the skill. */
export const NEAR_SKILL = catalog.skills.map((skill) => skill.slug).find((slug) => !catalog.skills.some((s) => s.slug === `${slug}x`));

/** Pages with no document: the HTML or the Markdown 404 page. */
export const NOT_FOUND_PAGES = { html: '/skills/no-such-skill-here', markdown: '/skills/no-such-skill-here.md' } as const;

/** GETs from another origin, with the status each gets. */
export const CORS_READS: readonly [label: string, path: string, status: number][] = [
  ['a static twin', SKILL_PATH, 200],
  ['the catalog function', '/catalog.json?limit=1', 200],
  ['a 400', '/catalog.json?limit=0', 400],
  ['a JSON 404', '/nothing-here.json', 404],
];

/** Preflights the CORS suite sends. */
export const PREFLIGHTS: readonly [label: string, path: string][] = [
  ['the catalog function', '/catalog.json?limit=1'],
  ['a static twin', SKILL_PATH],
  ['a /v1 path', '/v1/catalog.json?limit=1'],
  ['version.json', '/version.json'],
];

export const CROSS_ORIGIN = 'http://127.0.0.1:1';
export const PREFLIGHT_HEADERS = { origin: CROSS_ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' };

/** The conditional suite's resources: a static twin (CDN validator) and a function answer (strong). */
export const CONDITIONAL_PATHS = { staticTwin: SKILL_PATH, catalog: '/catalog.json?cluster=ideas&limit=2' } as const;

/** A write on the catalogue: 405 with `allow`. */
export const REFUSED_WRITE = { method: 'POST', path: '/catalog.json', headers: { 'content-type': 'application/json', 'content-length': '0' } } as const;

/** Queries the property found a defect with, sent whatever the seed draws: a malformed escape in
 * a parameter's value, then in its name, answered with a 400 that did not name the parameter. */
export const PROPERTY_EXAMPLES: readonly string[] = [
  'cluster=%zz&&&limit=29&&&%63%6C%75%73%74%65%72=%73%68%69%70%2C%69%64%65%61%73%2C%64%65%73%69%67%6E&&&sort=price',
  '%E1%AE%87%F0%92%8C%B9%F0%93%85%B7=ideas&limit=195&%F0%9D%83%AD%%F0%98%B2%81%F0%94%97%B4%F0%91%82%99%F0%91%82%BA%E1%B8%B5=price_desc',
];

/** The fixed sample of the query property sent over HTTP (seed SEED), after its kept examples. */
export const PROPERTY_SAMPLE_SIZE = 40;
export const PROPERTY_SAMPLE: readonly string[] = [...PROPERTY_EXAMPLES, ...fc.sample(queryString, { seed: SEED, numRuns: propertyRuns(PROPERTY_SAMPLE_SIZE) })];

// ---- The corpus as one list of requests ---------------------------------------------------------

export interface CorpusRequest {
  /** Where it comes from, to name it in a failure. */
  source: string;
  method: 'GET' | 'HEAD' | 'OPTIONS' | 'POST';
  /** Path and query, unversioned; `v1` sends it under /v1 as well. */
  path: string;
  headers?: Readonly<Record<string, string>>;
  /** Send it again with If-None-Match: the ETag the first answer carried. */
  revalidate?: boolean;
  /** Also send the /v1 twin. */
  v1?: boolean;
}

const unversioned = (path: string) => path.replace(/^\/v1(?=\/)/, '');

/** Every request of the suites, each once, with the twins and repeats a client would send. */
export function requestCorpus(): CorpusRequest[] {
  const requests: CorpusRequest[] = [
    ...RESOURCES.flatMap(([label, path]): CorpusRequest[] => [
      { source: `endpoints: ${label}`, method: 'GET', path, revalidate: true, v1: true },
      { source: `endpoints: HEAD ${label}`, method: 'HEAD', path, v1: true },
    ]),
    ...CATALOG_QUERIES.map((path): CorpusRequest => ({ source: 'catalogue queries', method: 'GET', path, revalidate: true, v1: true })),
    { source: 'payment health', method: 'GET', path: HEALTH_PATH, v1: true },
    { source: 'payment health: HEAD', method: 'HEAD', path: HEALTH_PATH },
    { source: 'payment health: unknown parameter', method: 'GET', path: `${HEALTH_PATH}?verbose=1` },
    { source: 'payment health: force other than 1', method: 'GET', path: `${HEALTH_PATH}?force=yes` },
    ...BAD_QUERIES.map(([label, query]): CorpusRequest => ({ source: `errors: ${label}`, method: 'GET', path: `/catalog.json?${query}` })),
    ...V1_BAD_QUERIES.map(([query]): CorpusRequest => ({ source: 'errors: /v1 400', method: 'GET', path: `/v1/catalog.json?${query}` })),
    { source: 'errors: a 400 to If-None-Match: *', method: 'GET', path: '/catalog.json?limit=0', headers: { 'if-none-match': '*' } },
    ...NOT_FOUND_JSON.map((path): CorpusRequest => ({ source: 'errors: JSON 404', method: 'GET', path, headers: { accept: 'text/html,application/xhtml+xml' } })),
    ...(NEAR_SKILL ? [{ source: 'errors: a near-miss slug', method: 'GET', path: `/skills/${NEAR_SKILL}x.json`, v1: true } as CorpusRequest] : []),
    ...CORS_READS.map(([label, path]): CorpusRequest => ({ source: `cors: ${label}`, method: 'GET', path, headers: { origin: CROSS_ORIGIN } })),
    ...PREFLIGHTS.map(([label, path]): CorpusRequest => ({ source: `cors: preflight of ${label}`, method: 'OPTIONS', path, headers: PREFLIGHT_HEADERS })),
    { source: 'cors: preflight of the health check', method: 'OPTIONS', path: HEALTH_PATH, headers: PREFLIGHT_HEADERS },
    { source: 'conditional: a static twin, If-None-Match *', method: 'GET', path: CONDITIONAL_PATHS.staticTwin, headers: { 'if-none-match': '*' } },
    { source: 'conditional: the catalogue, If-None-Match *', method: 'GET', path: CONDITIONAL_PATHS.catalog, headers: { 'if-none-match': '*' } },
    { source: 'conditional: a wrong tag', method: 'GET', path: CONDITIONAL_PATHS.catalog, headers: { 'if-none-match': '"a", "b"' } },
    { source: 'endpoints: a write', method: REFUSED_WRITE.method, path: REFUSED_WRITE.path, headers: REFUSED_WRITE.headers },
    ...PROPERTY_SAMPLE.map((query): CorpusRequest => ({ source: `property sample (seed ${SEED})`, method: 'GET', path: `/catalog.json?${query}` })),
  ];
  // A path a suite already sends under /v1 is not twinned again.
  return requests.map((request) => (request.path !== unversioned(request.path) ? { ...request, v1: false } : request));
}
