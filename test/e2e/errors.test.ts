/** Errors over HTTP: 400s for the catalogue's query, JSON 404s for unknown JSON paths, never HTML. */
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { jsonOf } from '../helpers/http.ts';
import type { Reply } from '../helpers/http.ts';
import { distStamp } from '../helpers/dist.ts';
import { expectApiHeaders } from '../helpers/api-headers.ts';
import type { ErrorBody } from '../../core/types.ts';
import { BAD_QUERIES, NEAR_SKILL, NOT_FOUND_JSON, V1_BAD_QUERIES } from '../helpers/request-corpus.ts';

const stamp = distStamp();

function errorOf(reply: Reply, status: number, code: string): ErrorBody {
  expect(reply.status, `${reply.path}: ${reply.text.slice(0, 200)}`).toBe(status);
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  const body = jsonOf<ErrorBody>(reply);
  expect(body.code).toBe(code);
  expect(body.error).toBe(body.code);
  expectApiHeaders(reply.headers, { stamp, where: reply.path });
  return body;
}

describe('400 over HTTP', () => {
  it.each(BAD_QUERIES)('refuses %s (%s) with 400 bad_request naming the parameter', async (_label, query, parameter) => {
    const body = errorOf(await call(`/catalog.json?${query}`), 400, 'bad_request');
    expect(body.message).toContain(parameter);
    expect(body.hints).toEqual(expect.arrayContaining([`${stamp.baseUrl}/openapi.json`, `${stamp.baseUrl}/catalog.json`]));
  });

  it.each(V1_BAD_QUERIES)('refuses /v1/catalog.json?%s with 400 bad_request', async (query, parameter) => {
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

describe('404 over HTTP', () => {
  const nearSkill = NEAR_SKILL;

  it.each(NOT_FOUND_JSON)('answers %s with a JSON 404 not_found, never HTML', async (path) => {
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
