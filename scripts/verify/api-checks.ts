/**
 * The JSON API from outside: every endpoint and its /v1 twin against its response schema and the
 * header set, lifetimes, HEAD, conditional requests as a CDN serves them, CORS and preflights,
 * 405, 400 and JSON 404s, and the payment health.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ApiSchemaName } from '../../core/schema-files.ts';
import { CACHE_NO_STORE, CACHE_PUBLIC_HOUR, preflightHeaders } from '../../core/headers.ts';
import { ALLOWED_METHODS } from '../../core/catalog-answer.ts';
import { HEALTH_PATH } from '../../core/payment/health-query.ts';
import type { Bundle, Catalog, ErrorBody, PaymentHealth, Skill } from '../../core/types.ts';
import type { Context } from './context.ts';
import { CHECK } from './names.ts';
import type { CheckName } from './names.ts';
import type { Problems } from './expect.ts';
import { apiHeaderSet, emptyBody, etagPresent, headerIs, headerLists, jsonAnswer, matchesSchema, mediaTypeIs, parseJson, statusIs } from './expect.ts';
import { BROWSER_ACCEPT } from './client.ts';
import type { Reply } from './client.ts';
import { listOf } from './site.ts';

/** An address that answers JSON, and what it must hold beyond its schema. */
export interface JsonResource {
  check: CheckName;
  /** Root-relative path and query, without a /v1 prefix. */
  path: string;
  /** The response schema of schema/api; none for openapi.json, whose own format describes it. */
  schema?: ApiSchemaName;
  /** Static files take their lifetime from _headers, function answers set their own (docs/contributors.md, "How the API is served"). */
  served: 'static' | 'function';
  expect?: (body: any) => Problems;
}

export const V1 = '/v1';

/** A resource and its /v1 twin: schema, header set, lifetime, and the same bytes under both. */
export async function checkJsonResource(ctx: Context, resource: JsonResource): Promise<unknown> {
  const plainUrl = ctx.url(resource.path);
  const pinnedUrl = ctx.url(`${V1}${resource.path}`);
  const answers = await Promise.all([plainUrl, pinnedUrl].map((url) => checkJsonAt(ctx, resource, url)));
  await ctx.run(CHECK.v1, pinnedUrl, async () => {
    const [plain, pinned] = await Promise.all([ctx.client.request(plainUrl), ctx.client.request(pinnedUrl)]);
    return {
      problems: [...statusIs(pinned, plain.status), ...(plain.body.equals(pinned.body) ? [] : [`body: expected the bytes of ${resource.path} (${plain.body.length}), got ${pinned.body.length} other bytes`])],
      detail: `the same ${plain.status} body as ${resource.path}`,
    };
  });
  return answers[0];
}

async function checkJsonAt(ctx: Context, resource: JsonResource, url: string): Promise<unknown> {
  let parsed: unknown;
  await ctx.run(resource.check, url, async () => {
    const { body, problems } = jsonAnswer(await ctx.client.request(url), ctx.stamp, resource.schema);
    parsed = body;
    const more = body !== undefined && resource.expect ? expectationsOf(resource.expect, body) : [];
    return { problems: [...problems, ...more], detail: `200, ${resource.schema ? `${resource.schema} schema` : 'JSON'}, full header set` };
  });
  await checkLifetime(ctx, resource.served, url);
  return parsed;
}

/** A body of the wrong shape is already a schema problem; reading a field it lacks is not another. */
function expectationsOf(expect: (body: any) => Problems, body: unknown): Problems {
  try {
    return expect(body);
  } catch (error) {
    return [`body: not the shape the other checks read (${(error as Error).message})`];
  }
}

export function checkLifetime(ctx: Context, served: 'static' | 'function', url: string, headers: Record<string, string> = {}): Promise<boolean> {
  return ctx.run(served === 'static' ? CHECK.staticLifetime : CHECK.functionLifetime, url, async () => ({
    problems: headerIs(await ctx.client.request(url, { headers }), 'cache-control', CACHE_PUBLIC_HOUR),
    detail: `cache-control: ${CACHE_PUBLIC_HOUR}`,
  }));
}

/** What the unfiltered catalogue must say of itself. */
export function catalogueExpectations(siteBase: string) {
  return (catalog: Catalog): Problems => [
    ...(catalog.site === siteBase ? [] : [`body.site: expected ${siteBase} (x-base-url), got ${catalog.site}`]),
    ...(isDeepStrictEqual(catalog.query, { clusters: [], sort: 'default', limit: null }) ? [] : [`body.query: expected no filter, default sort, no limit, got ${JSON.stringify(catalog.query)}`]),
    ...(catalog.skill_count === catalog.skills.length ? [] : [`body.skill_count: expected ${catalog.skills.length} (every skill listed), got ${catalog.skill_count}`]),
  ];
}

/** A filtered, sorted, limited query, judged by the unfiltered catalogue the same deploy serves. */
export function catalogueQuery(catalog: Catalog): { path: string; expect: (answer: Catalog) => Problems } | undefined {
  const cluster = catalog.skills[0]?.clusters[0]?.id;
  if (cluster === undefined) return undefined;
  const matching = catalog.skills.filter((skill) => skill.clusters.some((c) => c.id === cluster));
  const limit = 2;
  return {
    // The guide's short form `price`, which the catalogue echoes as price_asc.
    path: `/catalog.json?cluster=${cluster}&sort=price&limit=${limit}`,
    expect: (answer) => {
      const problems: Problems = [];
      const expectedQuery = { clusters: [cluster], sort: 'price_asc', limit };
      if (!isDeepStrictEqual(answer.query, expectedQuery)) problems.push(`body.query: expected ${JSON.stringify(expectedQuery)}, got ${JSON.stringify(answer.query)}`);
      if (answer.skill_count !== matching.length) problems.push(`body.skill_count: expected ${matching.length} skills in ${cluster} before the limit, got ${answer.skill_count}`);
      if (answer.skills.length !== Math.min(limit, matching.length)) problems.push(`body.skills: expected ${Math.min(limit, matching.length)} (limit ${limit}), got ${answer.skills.length}`);
      const outside = answer.skills.filter((skill) => !skill.clusters.some((c) => c.id === cluster)).map((skill) => skill.slug);
      if (outside.length > 0) problems.push(`body.skills: expected only skills in ${cluster}, got ${outside.join(', ')}`);
      const prices = answer.skills.map((skill) => skill.price.amount_cents);
      if (prices.some((price, i) => i > 0 && price < prices[i - 1])) problems.push(`body.skills: expected ascending prices, got ${prices.join(', ')}`);
      return problems;
    },
  };
}

/** A skill's or bundle's twin holds exactly what the catalogue lists for it. */
export function sameAsListed(item: Skill | Bundle) {
  return (body: unknown): Problems => (isDeepStrictEqual(body, item) ? [] : [`body: expected the ${item.type} ${item.slug} as catalog.json lists it, got other values`]);
}

/** A cluster's twin is the catalogue filtered to it: the bytes of /catalog.json?cluster=<id> (docs/contributors.md). */
export async function checkClusterTwin(ctx: Context, path: string, id: string): Promise<void> {
  await checkJsonResource(ctx, {
    check: CHECK.cluster,
    path,
    schema: 'Catalog',
    served: 'static',
    expect: (body: Catalog) => (isDeepStrictEqual(body.query.clusters, [id]) ? [] : [`body.query.clusters: expected ["${id}"], got ${JSON.stringify(body.query.clusters)}`]),
  });
  const url = ctx.url(path);
  await ctx.run(CHECK.cluster, `${url} = /catalog.json?cluster=${id}`, async () => {
    const [twin, query] = await Promise.all([ctx.client.request(url), ctx.client.request(ctx.url(`/catalog.json?cluster=${id}`))]);
    return { problems: twin.body.equals(query.body) ? [] : [`body: expected the bytes of /catalog.json?cluster=${id}`], detail: 'the same bytes as the query' };
  });
}

/** HEAD: the headers of GET, validator included (RFC 9110 §9.3.2), and no body. */
export async function checkHead(ctx: Context, path: string, served: 'static' | 'function'): Promise<void> {
  const url = ctx.url(path);
  await ctx.run(served === 'static' ? CHECK.headStatic : CHECK.headFunction, url, async () => {
    const [get, head] = await Promise.all([ctx.client.request(url), ctx.client.request(url, { method: 'HEAD' })]);
    const problems = [...statusIs(head, get.status), ...emptyBody(head), ...apiHeaderSet(head, ctx.stamp)];
    for (const name of ['content-type', 'etag']) if (head.headers[name] !== get.headers[name]) problems.push(`header ${name}: expected ${get.headers[name]} as on GET, got ${head.headers[name]}`);
    return { problems, detail: 'the headers of GET, no body' };
  });
}

const GZIP = { 'accept-encoding': 'gzip' };

/**
 * Revalidation as a browser does it: with `Accept-Encoding: gzip`, sending back the tag the answer
 * carried. Netlify's CDN serves a compressed variant under a tag of its own (the origin's tag with
 * `-df` appended), and the same client sends that tag back: see the `…-ssl-df` tags and the 304s
 * expected for them in
 * https://answers.netlify.com/t/server-sometimes-responds-with-http-200-even-when-if-none-match-matches-etag/37852
 * So the round trip is tried through the CDN as a browser makes it, not only against the origin.
 */
export async function checkNotModified(ctx: Context, path: string, served: 'static' | 'function'): Promise<void> {
  const url = ctx.url(path);
  await ctx.run(CHECK.notModified, url, async () => {
    const first = await ctx.client.request(url, { headers: GZIP });
    const problems = [...statusIs(first, 200), ...etagPresent(first)];
    if (problems.length > 0) return { problems, detail: '' };
    const tag = first.headers.etag;
    const [same, other] = await Promise.all([
      ctx.client.request(url, { headers: { ...GZIP, 'if-none-match': tag } }),
      ctx.client.request(url, { headers: { ...GZIP, 'if-none-match': '"verify-no-such-tag"' } }),
    ]);
    problems.push(...statusIs(same, 304).map((problem) => `If-None-Match: ${tag}: ${problem}`), ...emptyBody(same), ...apiHeaderSet(same, ctx.stamp));
    problems.push(...statusIs(other, 200).map((problem) => `If-None-Match with another tag: ${problem}`));
    return { problems, detail: `304 for ${tag}, 200 for another tag` };
  });
  await ctx.run(served === 'static' ? CHECK.notModifiedListStatic : CHECK.notModifiedListFunction, url, async () => {
    const first = await ctx.client.request(url, { headers: GZIP });
    const missing = [...statusIs(first, 200), ...etagPresent(first)];
    if (missing.length > 0) return { problems: missing, detail: '' };
    const list = `"verify-a", ${first.headers.etag}, "verify-b"`;
    const reply = await ctx.client.request(url, { headers: { ...GZIP, 'if-none-match': list } });
    return { problems: statusIs(reply, 304).map((problem) => `If-None-Match: ${list}: ${problem}`), detail: '304 for the tag among others (RFC 9110 §13.1.2)' };
  });
}

const ORIGIN = 'https://verify.invalid';

/** A GET from another origin may read the answer and the headers the contract exposes. */
export async function checkCors(ctx: Context, path: string, { api = true }: { api?: boolean } = {}): Promise<void> {
  const url = ctx.url(path);
  await ctx.run(CHECK.cors, url, async () => {
    const reply = await ctx.client.request(url, { headers: { origin: ORIGIN } });
    const problems = [
      ...headerIs(reply, 'access-control-allow-origin', '*'),
      ...(reply.headers['access-control-allow-credentials'] === undefined ? [] : ['header access-control-allow-credentials: expected none (no credentials), got one']),
      ...(api ? apiHeaderSet(reply, ctx.stamp, { etag: false }) : []),
    ];
    return { problems, detail: 'any origin may read it' };
  });
}

/** A preflight for a GET with If-None-Match is granted with the header module's values. */
export async function checkPreflight(ctx: Context, path: string): Promise<void> {
  const url = ctx.url(path);
  await ctx.run(CHECK.preflight, url, async () => {
    const reply = await ctx.client.request(url, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    const expected = preflightHeaders();
    const problems = [...statusIs(reply, 204), ...emptyBody(reply)];
    problems.push(...headerIs(reply, 'access-control-allow-origin', expected['access-control-allow-origin']));
    problems.push(...headerLists(reply, 'access-control-allow-methods', [...listOf(expected['access-control-allow-methods'])]));
    problems.push(...headerLists(reply, 'access-control-allow-headers', [...listOf(expected['access-control-allow-headers'])]));
    problems.push(...headerIs(reply, 'access-control-max-age', expected['access-control-max-age']));
    return { problems, detail: `204, ${expected['access-control-allow-methods']}` };
  });
}

/** Anything but GET, HEAD and OPTIONS on an endpoint a function answers: 405 with Allow (RFC 9110 §15.5.6). */
export async function checkMethodNotAllowed(ctx: Context, path: string): Promise<void> {
  const url = ctx.url(path);
  await ctx.run(CHECK.methodNotAllowed, url, async () => {
    const reply = await ctx.client.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '0' } });
    const problems = [...headerLists(reply, 'allow', [...listOf(ALLOWED_METHODS)]), ...errorAnswer(ctx, reply, 405, 'bad_request')];
    return { problems, detail: `405, allow: ${ALLOWED_METHODS}` };
  });
}

/** An error answer: status, JSON in the flat Error shape with error equal to code, the header set. */
function errorAnswer(ctx: Context, reply: Reply, status: number, code: ErrorBody['code']): Problems {
  const { body, problems } = jsonAnswer(reply, ctx.stamp, 'Error', [status]);
  if (body === undefined) return problems;
  const error = body as ErrorBody;
  if (error.code !== code) problems.push(`body.code: expected ${code}, got ${JSON.stringify(error.code)}`);
  if (error.error !== error.code) problems.push(`body.error: expected the same value as body.code, got ${JSON.stringify(error.error)}`);
  return problems;
}

/** A query the catalogue cannot answer: 400 bad_request naming the parameter, hinting where to start. */
export async function checkBadRequest(ctx: Context, path: string, parameter: string, hints: readonly string[]): Promise<void> {
  const url = ctx.url(path);
  await ctx.run(CHECK.badRequest, url, async () => {
    const reply = await ctx.client.request(url);
    const problems = errorAnswer(ctx, reply, 400, 'bad_request');
    const body = parseJson(reply).value as ErrorBody | undefined;
    if (body && typeof body.message === 'string' && !body.message.includes(parameter)) problems.push(`body.message: expected to name the parameter ${parameter}, got ${JSON.stringify(body.message)}`);
    if (body && Array.isArray(body.hints)) problems.push(...missingHints(body.hints, hints));
    return { problems, detail: `400 bad_request naming ${parameter}` };
  });
}

/** No published document: a JSON 404 (never HTML, even for a client that prefers HTML). */
export async function checkJsonNotFound(ctx: Context, path: string, hints: readonly string[], check: CheckName = CHECK.jsonNotFound): Promise<void> {
  const url = ctx.url(path);
  await ctx.run(check, url, async () => {
    const reply = await ctx.client.request(url, { headers: { accept: BROWSER_ACCEPT } });
    const problems = errorAnswer(ctx, reply, 404, 'not_found');
    const body = parseJson(reply).value as ErrorBody | undefined;
    if (body && Array.isArray(body.hints)) problems.push(...missingHints(body.hints, hints));
    return { problems, detail: hints.length > 0 ? `404 not_found, hints ${hints.join(', ')}` : '404 not_found' };
  });
}

const missingHints = (hints: readonly string[], expected: readonly string[]): Problems =>
  expected.filter((hint) => !hints.includes(hint)).map((hint) => `body.hints: expected to include ${hint}, got ${JSON.stringify(hints)}`);


/**
 * The payment health and its /v1 twin: 200 with ok or degraded, 503 with down, a PaymentHealth body,
 * never kept by a cache. Whether payments work is a check of its own (`payment status`).
 */
export async function checkPaymentHealth(ctx: Context): Promise<void> {
  let health: PaymentHealth | undefined;
  for (const path of [HEALTH_PATH, `${V1}${HEALTH_PATH}`]) {
    const url = ctx.url(path);
    await ctx.run(CHECK.paymentHealth, url, async () => {
      const reply = await ctx.client.request(url);
      const problems = [...statusIs(reply, 200, 503), ...mediaTypeIs(reply, 'application/json'), ...apiHeaderSet(reply, ctx.stamp), ...headerIs(reply, 'cache-control', CACHE_NO_STORE)];
      const { value, problems: notJson } = parseJson(reply);
      problems.push(...notJson);
      if (value !== undefined) {
        problems.push(...matchesSchema('PaymentHealth', value));
        const body = value as PaymentHealth;
        const expectedStatus = body.status === 'down' ? 503 : 200;
        if (reply.status !== expectedStatus) problems.push(`status: expected ${expectedStatus} for status ${body.status}, got ${reply.status}`);
        if (path === HEALTH_PATH) health = body;
      }
      return { problems, detail: `${reply.status}, PaymentHealth schema, no-store` };
    });
  }
  const url = ctx.url(HEALTH_PATH);
  if (health === undefined) return;
  const issues = health.issues.map((issue) => `${issue.level} ${issue.code}`).join(', ') || 'no issues';
  if (health.status === 'down' && ctx.options.allowPaymentDown) {
    ctx.skip(CHECK.paymentStatus, url, `--allow-payment-down: status down (${issues})`);
    return;
  }
  await ctx.run(CHECK.paymentStatus, url, async () => ({
    problems: health!.status === 'down' ? [`status: payments are down (${issues}); see the issue codes in docs/operators.md`] : [],
    detail: `${health!.status} (${issues})`,
  }));
}
