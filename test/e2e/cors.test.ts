/** CORS over HTTP: any origin may read every JSON answer, and a preflight is granted. */
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { distStamp } from '../helpers/dist.ts';
import { CORS_READS, CROSS_ORIGIN, PREFLIGHT_HEADERS, PREFLIGHTS } from '../helpers/request-corpus.ts';
import { EXPOSED_AT_LEAST } from '../helpers/api-headers.ts';

const ORIGIN = CROSS_ORIGIN;
const paths = CORS_READS;
const preflight = (path: string) => call(path, { method: 'OPTIONS', headers: PREFLIGHT_HEADERS });

describe('CORS on GET from another origin', () => {
  it.each(paths)('lets any origin read %s (%s)', async (_label, path, status) => {
    const reply = await call(path, { headers: { origin: ORIGIN } });
    expect(reply.status).toBe(status);
    expect(reply.headers['access-control-allow-origin']).toBe('*');
  });

  it.each(paths)('exposes the build and budget headers of %s (%s)', async (_label, path) => {
    const reply = await call(path, { headers: { origin: ORIGIN } });
    const exposed = (reply.headers['access-control-expose-headers'] ?? '').split(',').map((name) => name.trim());
    expect(exposed).toEqual(expect.arrayContaining(EXPOSED_AT_LEAST));
  });

  it('asks for no credentials', async () => {
    const reply = await call('/catalog.json?limit=1', { headers: { origin: ORIGIN } });
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('CORS preflight', () => {
  it.each(PREFLIGHTS)('grants a preflight for %s with 204', async (_label, path) => {
    const reply = await preflight(path);
    expect(reply.status).toBe(204);
    expect(reply.body.length).toBe(0);
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(reply.headers['access-control-allow-headers']?.split(',').map((name) => name.trim().toLowerCase())).toContain('if-none-match');
    expect(Number(reply.headers['access-control-max-age'])).toBeGreaterThan(0);
  });

  it('refuses a preflight to a target it cannot decode with the JSON 400 openapi.json declares', async () => {
    // call() holds the answer to the document's OPTIONS operation: status, body and headers.
    const reply = await preflight('/catalog.json?cluster=%E0%A4%A');
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).code).toBe('bad_request');
  });

  it('answers a preflight with the build stamp', async () => {
    const reply = await preflight('/catalog.json');
    expect(reply.headers['x-build-version']).toBe(distStamp().buildVersion);
    expect(reply.headers['api-version']).toBe('1');
  });
});
