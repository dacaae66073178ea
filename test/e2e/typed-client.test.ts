/**
 * A typed client as a client developer makes one (content/docs/api.md, "Typed clients"): types
 * generated from openapi.json by openapi-typescript (test/client/catalogue-api.ts, kept fresh by
 * test/build/typed-client.test.ts) and openapi-fetch. It calls every operation of the document
 * against the test server; `tsc --noEmit -p .` type-checks every call, so an operation, parameter
 * value or field the document loses breaks the type check as well as the run.
 */
import { describe, expect, it } from 'vitest';
import createClient from 'openapi-fetch';
import type { paths } from '../client/catalogue-api.ts';
import { serverUrl } from '../helpers/server.ts';
import { contract } from '../helpers/openapi.ts';
import { distCatalog } from '../helpers/dist.ts';
import { BUNDLE_PATH, SKILL_PATH } from '../helpers/request-corpus.ts';

const client = createClient<paths>({ baseUrl: serverUrl });
const pinned = createClient<paths>({ baseUrl: `${serverUrl}/v1` });
const catalog = distCatalog();
const skillSlug = /^\/skills\/(.+)\.json$/.exec(SKILL_PATH)![1];
const bundleSlug = /^\/bundles\/(.+)\.json$/.exec(BUNDLE_PATH)![1];

type Path = keyof paths;
type Method = 'GET' | 'HEAD' | 'OPTIONS' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
/** Which operations were called, as `METHOD path`, to compare with the document's list. */
const called = new Set<string>();
const note = (method: Method, path: Path) => called.add(`${method} ${path}`);
/** A refused method's body: the document's Error component. */
const refusal = contract().component('Error');

describe('a client generated from openapi.json (openapi-typescript + openapi-fetch)', () => {
  it('reads the version', async () => {
    const { data, response } = await client.GET('/version.json');
    note('GET', '/version.json');
    expect(response.status).toBe(200);
    expect(data?.['x-build-version']).toBe(response.headers.get('x-build-version'));
  });

  it('reads the description itself', async () => {
    const { data, response } = await client.GET('/openapi.json');
    note('GET', '/openapi.json');
    expect(response.status).toBe(200);
    expect(data?.openapi).toMatch(/^3\.1\./);
  });

  it('sends the short sort forms and gets the canonical names back', async () => {
    const { data, response } = await client.GET('/catalog.json', { params: { query: { sort: '-price', limit: 2, cluster: ['ideas', 'ship,pricing'] } } });
    note('GET', '/catalog.json');
    expect(response.status).toBe(200);
    expect(data?.query).toEqual({ clusters: ['ideas', 'ship', 'pricing'], sort: 'price_desc', limit: 2 });
    const short = await client.GET('/catalog.json', { params: { query: { sort: 'price', limit: 1 } } });
    expect(short.data?.query.sort).toBe('price_asc');
  });

  it('reads the typed 400 for a query the server refuses', async () => {
    // A value the types allow but the server refuses: limit above the maximum is still an integer.
    const { error, response } = await client.GET('/catalog.json', { params: { query: { limit: 201 } } });
    expect(response.status).toBe(400);
    expect(error?.code).toBe('bad_request');
  });

  it('reads a skill, a bundle, a cluster and a page of prose', async () => {
    const skill = await client.GET('/skills/{slug}.json', { params: { path: { slug: skillSlug } } });
    const bundle = await client.GET('/bundles/{slug}.json', { params: { path: { slug: bundleSlug } } });
    const cluster = await client.GET('/clusters/{cluster}.json', { params: { path: { cluster: 'pricing' } } });
    const doc = await client.GET('/docs/{name}.json', { params: { path: { name: 'api' } } });
    for (const path of ['/skills/{slug}.json', '/bundles/{slug}.json', '/clusters/{cluster}.json', '/docs/{name}.json'] as const) note('GET', path);
    expect(skill.data?.slug).toBe(skillSlug);
    expect(skill.data?.price.amount_cents).toBe(catalog.skills[0].price.amount_cents);
    expect(bundle.data?.slug).toBe(bundleSlug);
    expect(cluster.data?.query.clusters).toEqual(['pricing']);
    expect(doc.response.status).toBe(200);
  });

  it('reads the whole catalogue as a file, the list of clusters, and search results', async () => {
    const file = await client.GET('/index.json');
    const clusters = await client.GET('/clusters/index.json');
    const found = await client.GET('/search.json', { params: { query: { q: 'pricing', limit: 3 } } });
    for (const path of ['/index.json', '/clusters/index.json', '/search.json'] as const) note('GET', path);
    expect(file.data?.skill_count).toBe(catalog.skill_count);
    expect(clusters.response.status).toBe(200);
    expect(found.response.status).toBe(200);
    expect(found.data?.results.length).toBeGreaterThan(0);
  });

  it('reads the typed 404 of an unknown slug', async () => {
    const { error, response } = await client.GET('/skills/{slug}.json', { params: { path: { slug: 'no-such-skill-here' } } });
    expect(response.status).toBe(404);
    expect(error?.code).toBe('not_found');
  });

  it('reads the payment health, a PaymentHealth body on 200 and on 503', async () => {
    const { data, error, response } = await client.GET('/api/public/health/payment');
    note('GET', '/api/public/health/payment');
    expect([200, 503]).toContain(response.status);
    // 503 is an error status to openapi-fetch: its body is a PaymentHealth among the error bodies.
    const body = data ?? error;
    expect(body && 'service' in body ? body.service : body).toBe('payment');
  });

  it('revalidates with If-None-Match and gets 304', async () => {
    const first = await client.GET('/catalog.json', { params: { query: { cluster: ['pricing'] } } });
    const again = await client.GET('/catalog.json', { params: { query: { cluster: ['pricing'] }, header: { 'If-None-Match': first.response.headers.get('etag')! } } });
    expect(again.response.status).toBe(304);
  });

  it('reads the same under /v1', async () => {
    const { data, response } = await pinned.GET('/catalog.json', { params: { query: { limit: 1 } } });
    expect(response.status).toBe(200);
    expect(response.headers.get('api-version')).toBe('1');
    expect(data?.skills).toHaveLength(1);
  });

  it('calls HEAD and OPTIONS of every path, and is refused every method the document does not describe there, with allow naming those it does', async () => {
    const paramsOf = {
      '/skills/{slug}.json': { path: { slug: skillSlug } },
      '/bundles/{slug}.json': { path: { slug: bundleSlug } },
      '/clusters/{cluster}.json': { path: { cluster: 'pricing' } },
      '/docs/{name}.json': { path: { name: 'api' } },
      '/search.json': { query: { q: 'pricing' } },
    } as const;
    const paths = Object.keys(contract().document.paths) as Path[];
    for (const path of paths) {
      const params = (paramsOf as Record<string, unknown>)[path] ?? {};
      // The path is a union here, so the call is typed by the client's `request` with each method.
      const answer = (method: Method) => client.request(method.toLowerCase() as 'get', path as '/version.json', { params } as never);
      note('HEAD', path);
      expect((await answer('HEAD')).response.status, `HEAD ${path}`).toEqual(path === '/api/public/health/payment' ? expect.any(Number) : 200);
      note('OPTIONS', path);
      expect((await answer('OPTIONS')).response.status, `OPTIONS ${path}`).toBe(204);
      const described = Object.keys(contract().document.paths[path]).filter((key) => key !== 'parameters').map((key) => key.toUpperCase());
      for (const method of (['PUT', 'POST', 'DELETE', 'PATCH'] as const).filter((refused) => !described.includes(refused))) {
        const { response, error } = await answer(method);
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get('allow')?.split(', ').sort(), `${method} ${path}`).toEqual(described.sort());
        expect(refusal(error), `${method} ${path}: ${JSON.stringify(refusal.errors)}`).toBe(true);
      }
    }
  });

  it('has called every operation openapi.json describes', () => {
    const document = contract().document;
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, item]) => Object.keys(item).filter((key) => key !== 'parameters').map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.filter((operation) => !called.has(operation))).toEqual([]);
  });

  it('types the sort parameter with every accepted value, short forms included', () => {
    type Sort = NonNullable<NonNullable<paths['/catalog.json']['get']['parameters']['query']>['sort']>;
    const accepted: Sort[] = ['default', 'price_asc', 'price_desc', 'title', 'price', '-price'];
    // @ts-expect-error an unknown sort does not type-check
    const refused: Sort = 'cheapest';
    expect(accepted.length + (refused ? 0 : 1)).toBe(6);
  });
});
