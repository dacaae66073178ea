/**
 * ETags and 304 over HTTP. Static twins get their validator from `netlify dev`'s static server,
 * which matches only the exact weak tag (or `*`); the catalog function follows RFC 9110 (lists,
 * weak comparison) and takes back the tags a compressing CDN made of its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, serverUrl } from '../helpers/server.ts';
import { httpRequest } from '../helpers/http.ts';
import type { Reply } from '../helpers/http.ts';
import { distStamp } from '../helpers/dist.ts';
import { API_HEADER_NAMES, expectApiHeaders, stampHeaders } from '../helpers/api-headers.ts';
import { CONDITIONAL_PATHS } from '../helpers/request-corpus.ts';

const stamp = distStamp();
const skillPath = CONDITIONAL_PATHS.staticTwin;
const conditional = (tag: string) => ({ headers: { 'if-none-match': tag } });
const apiSet = (reply: Reply) => stampHeaders(reply.headers, API_HEADER_NAMES);

describe('conditional requests on a static twin', () => {
  let first: Reply;
  beforeAll(async () => {
    first = await call(skillPath);
  });

  it('gives the twin a validator', () => {
    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
  });

  it('answers its exact tag with 304, every header and no body', async () => {
    const reply = await call(skillPath, conditional(first.headers.etag));
    expect(reply.status).toBe(304);
    expect(reply.body.length).toBe(0);
    expectApiHeaders(reply.headers, { stamp });
    expect(apiSet(reply)).toEqual(apiSet(first));
  });

  it('answers * with 304 and no body', async () => {
    // Not through `call`: netlify dev's static server answers `*` before it computes a validator,
    // so this 304 lacks the etag that openapi.json requires (the production CDN sends it).
    const reply = await httpRequest(`${serverUrl}${skillPath}`, conditional('*'));
    expect(reply.status).toBe(304);
    expect(reply.body.length).toBe(0);
    expect(reply.headers['x-build-version']).toBe(stamp.buildVersion);
  });

  it('answers a wrong tag with 200 and the body', async () => {
    const reply = await call(skillPath, conditional('W/"0-nothing"'));
    expect(reply.status).toBe(200);
    expect(reply.body.equals(first.body)).toBe(true);
  });

  it('answers the /v1 twin with 304 for the same tag', async () => {
    const reply = await call(`/v1${skillPath}`, conditional(first.headers.etag));
    expect(reply.status).toBe(304);
  });
});

describe('conditional requests on the catalog function', () => {
  const path = CONDITIONAL_PATHS.catalog;
  let first: Reply;
  beforeAll(async () => {
    first = await call(path);
  });

  it('gives the answer a strong validator', () => {
    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
  });

  it('answers the exact tag with 304, every header and no body', async () => {
    const reply = await call(path, conditional(first.headers.etag));
    expect(reply.status).toBe(304);
    expect(reply.body.length).toBe(0);
    expectApiHeaders(reply.headers, { stamp, cacheControl: 'public, max-age=3600' });
    expect(apiSet(reply)).toEqual(apiSet(first));
  });

  it('answers the weak form W/<tag> with 304', async () => {
    expect((await call(path, conditional(`W/${first.headers.etag}`))).status).toBe(304);
  });

  it('answers a list "a", <tag>, "b" with 304', async () => {
    expect((await call(path, conditional(`"a", ${first.headers.etag}, "b"`))).status).toBe(304);
  });

  it('answers * with 304', async () => {
    expect((await call(path, conditional('*'))).status).toBe(304);
  });

  it("answers the tag Netlify's CDN hands out for the compressed answer, <tag>-df, with 304", async () => {
    const reply = await call(path, conditional(`${first.headers.etag.slice(0, -1)}-df"`));
    expect(reply.status).toBe(304);
    expect(reply.body.length).toBe(0);
    expect(reply.headers.etag).toBe(first.headers.etag);
    expect(apiSet(reply)).toEqual(apiSet(first));
  });

  it('answers a wrong tag with 200 and the body', async () => {
    const reply = await call(path, conditional('"a", "b"'));
    expect(reply.status).toBe(200);
    expect(reply.body.equals(first.body)).toBe(true);
  });

  it('answers the unfiltered catalogue with 304 for its own tag', async () => {
    const unfiltered = await call('/catalog.json');
    expect((await call('/catalog.json', conditional(unfiltered.headers.etag))).status).toBe(304);
  });

  it('answers the /v1 twin with 304 for the same tag', async () => {
    expect((await call(`/v1${path}`, conditional(first.headers.etag))).status).toBe(304);
  });

  it('keeps the same tag across requests', async () => {
    expect((await call(path)).headers.etag).toBe(first.headers.etag);
  });
});
