/**
 * The Edge Function that sends the unfiltered catalogue to its static file, under Deno: every
 * request without a query is rewritten to `index.json` (under the major it came with), everything
 * else goes on to the catalog function untouched.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import catalogStatic, { catalogPaths, catalogRewrite, config } from '../../functions/edge/catalog-static.ts';

const ORIGIN = 'https://skillshelf.example';
const call = (path: string, method = 'GET') => catalogStatic(new Request(`${ORIGIN}${path}`, { method }));

describe('catalog-static', () => {
  it('runs on exactly the catalogue paths, and lets the request through when it fails', () => {
    assert.deepEqual(config.path, ['/catalog.json', '/v1/catalog.json']);
    assert.equal(config.onError, 'bypass');
  });

  it('rewrites the unfiltered catalogue to its static file', () => {
    assert.equal(call('/catalog.json')?.href, `${ORIGIN}/index.json`);
    assert.equal(call('/catalog.json', 'HEAD')?.href, `${ORIGIN}/index.json`);
  });

  it('keeps the major the client asked for', () => {
    assert.equal(call('/v1/catalog.json')?.href, `${ORIGIN}/v1/index.json`);
  });

  it('treats an empty query as no query', () => {
    assert.equal(call('/catalog.json?')?.href, `${ORIGIN}/index.json`);
  });

  it('leaves every query to the function, also one it will refuse', () => {
    for (const query of ['?cluster=ideas', '?sort=title&limit=5', '?foo=1', '?limit=', '?%ZZ']) {
      assert.equal(call(`/catalog.json${query}`), undefined, query);
    }
  });

  it('leaves other methods to the function (its 405 or preflight)', () => {
    for (const method of ['OPTIONS', 'POST', 'DELETE']) assert.equal(call('/catalog.json', method), undefined, method);
  });
});

describe('catalog-static, with clusters whose JSON twin is no file', () => {
  const layout = { fannedOut: [], queriedClusters: ['ship', 'pricing'] };
  const rewrite = catalogRewrite(layout);
  const at = (path: string, method = 'GET') => rewrite(new Request(`${ORIGIN}${path}`, { method }));

  it('also runs on those twins, unversioned and under each major', () => {
    assert.deepEqual(catalogPaths(layout), ['/catalog.json', '/v1/catalog.json', '/clusters/ship.json', '/v1/clusters/ship.json', '/clusters/pricing.json', '/v1/clusters/pricing.json']);
    assert.deepEqual(catalogPaths({ fannedOut: [], queriedClusters: [] }), config.path);
  });

  it('hands each to the catalog function as the same query, keeping the major', () => {
    assert.equal(at('/clusters/ship.json')?.href, `${ORIGIN}/catalog.json?cluster=ship`);
    assert.equal(at('/v1/clusters/pricing.json', 'HEAD')?.href, `${ORIGIN}/v1/catalog.json?cluster=pricing`);
    // A query on the twin names nothing the file would have answered differently.
    assert.equal(at('/clusters/ship.json?limit=1')?.href, `${ORIGIN}/catalog.json?cluster=ship`);
  });

  it('leaves every other cluster, and other methods, alone', () => {
    assert.equal(at('/clusters/ideas.json'), undefined);
    assert.equal(at('/clusters/ship.json', 'OPTIONS'), undefined);
    assert.equal(at('/catalog.json?cluster=ship'), undefined);
    assert.equal(at('/catalog.json')?.href, `${ORIGIN}/index.json`);
  });
});
