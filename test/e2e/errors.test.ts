/** Errors over HTTP: 400s for the catalogue's query, JSON 404s for unknown JSON paths, never HTML. */
import { describe, expect, it } from 'vitest';
import { call, serverUrl } from '../helpers/server.ts';
import { jsonOf } from '../helpers/http.ts';
import type { Reply } from '../helpers/http.ts';
import { distCatalog, distStamp } from '../helpers/dist.ts';
import { expectApiHeaders } from '../helpers/api-headers.ts';
import type { ErrorBody } from '../../build/core/types.ts';

const stamp = distStamp();
const catalog = distCatalog();

function errorOf(reply: Reply, status: number, code: string): ErrorBody {
  expect(reply.status, `${reply.path}: ${reply.text.slice(0, 200)}`).toBe(status);
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  const body = jsonOf<ErrorBody>(reply);
  expect(body.code).toBe(code);
  expect(body.error).toBe(body.code);
  expectApiHeaders(reply.headers, { stamp, where: reply.path });
  return body;
}

describe.skipIf(!serverUrl)('400 over HTTP', () => {
  it.each([
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
  ])('refuses %s (%s) with 400 bad_request naming the parameter', async (_label, query, parameter) => {
    const body = errorOf(await call(`/catalog.json?${query}`), 400, 'bad_request');
    expect(body.message).toContain(parameter);
    expect(body.hints).toEqual(expect.arrayContaining([`${stamp.baseUrl}/openapi.json`, `${stamp.baseUrl}/catalog.json`]));
  });

  it.each([
    ['limit=0', 'limit'],
    ['cluster=marketing', 'cluster'],
    ['sort=Title', 'sort'],
  ])('refuses /v1/catalog.json?%s with 400 bad_request', async (query, parameter) => {
    const body = errorOf(await call(`/v1/catalog.json?${query}`), 400, 'bad_request');
    expect(body.message).toContain(parameter);
  });

  it('answers a 400 with a one-hour lifetime, like the 200 of the same path', async () => {
    expect((await call('/catalog.json?limit=0')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a 400 and not 304 to If-None-Match: *', async () => {
    errorOf(await call('/catalog.json?limit=0', { headers: { 'if-none-match': '*' } }), 400, 'bad_request');
  });
});

describe.skipIf(!serverUrl)('404 over HTTP', () => {
  const nearSkill = catalog.skills.map((skill) => skill.slug).find((slug) => !catalog.skills.some((s) => s.slug === `${slug}x`));

  it.each([
    '/skills/no-such-skill-here.json',
    '/bundles/no-such-bundle-here.json',
    '/nothing-here.json',
    '/skills/a/b.json',
    '/api/public/nothing',
    '/v1/skills/no-such-skill-here.json',
    '/v1/bundles/no-such-bundle-here.json',
    '/v1/nothing-here.json',
  ])('answers %s with a JSON 404 not_found, never HTML', async (path) => {
    const reply = await call(path, { headers: { accept: 'text/html,application/xhtml+xml' } });
    const body = errorOf(reply, 404, 'not_found');
    expect(body.message).toContain(path);
    expect(reply.text).not.toMatch(/<html/i);
  });

  it('suggests the nearest published skill', async () => {
    const body = errorOf(await call(`/skills/${nearSkill}x.json`), 404, 'not_found');
    expect(body.hints[0]).toBe(`${stamp.baseUrl}/skills/${nearSkill}.json`);
  });

  it('suggests a /v1 address for a /v1 request', async () => {
    const body = errorOf(await call(`/v1/skills/${nearSkill}x.json`), 404, 'not_found');
    expect(body.hints[0]).toBe(`${stamp.baseUrl}/v1/skills/${nearSkill}.json`);
  });

  it('answers an unknown page with an HTML 404', async () => {
    const reply = await call('/skills/no-such-skill-here');
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers an unknown Markdown twin with a Markdown 404', async () => {
    const reply = await call('/skills/no-such-skill-here.md');
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^text\/markdown/);
  });
});
