/**
 * The Markdown-negotiation Edge Function where it runs: under Deno (`npm run test:deno`), called the
 * way Netlify calls it, with a Context double whose `next()` reaches a small origin. The origin
 * behaves as Netlify documents the chain (https://docs.netlify.com/build/edge-functions/api/):
 * `next()` drops conditional request headers unless `sendConditionalRequest` is set, `next(request)`
 * passes that request down the chain, a returned URL is a rewrite, `undefined` passes the request
 * on, and with `onError: 'bypass'` a failing function is skipped.
 *
 * Written with `node:test` and `node:assert`, which Deno provides offline, so the file type-checks
 * under tsc as well and needs nothing from the network.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Context } from '@netlify/edge-functions';
import markdownTwin, { config, negotiator } from '../../functions/edge/markdown-twin.ts';
import { edgePatterns } from '../../core/negotiate.ts';
import { FANOUT_DIR, shardOf } from '../../core/page-paths.ts';
import type { PageLayout } from '../../core/page-paths.ts';

type NextOptions = { sendConditionalRequest?: boolean };

const ORIGIN = 'https://skillshelf.example';
const HTML = { 'content-type': 'text/html; charset=utf-8' };
const MARKDOWN = { 'content-type': 'text/markdown; charset=utf-8', vary: 'Accept' };

/** What the CDN holds: path → body, headers; every file has an ETag derived from its path. */
/** A twin as the build writes it: front matter with its token estimate, then Markdown. */
const twin = (title: string, tokens: number) =>
  `---\ntitle: ${title}\ndescription: "tokens: 999 is only text here"\nurl: ${ORIGIN}/\ntype: skill\nsite: ${ORIGIN}\ntokens: ${tokens}\n---\n\n# ${title}\n`;
const MOM_TEST_TWIN = twin('The Mom Test', 57);
const FILES: Record<string, { body: string; headers: Record<string, string> }> = {
  '/': { body: '<h1>Skill Shelf</h1>', headers: HTML },
  '/index.md': { body: twin('Skill Shelf', 52), headers: MARKDOWN },
  '/skills/mom-test': { body: '<h1>The Mom Test</h1>', headers: HTML },
  '/skills/mom-test.md': { body: MOM_TEST_TWIN, headers: MARKDOWN },
  '/skills': { body: '<h1>Skills</h1>', headers: HTML },
  '/skills/index.md': { body: twin('Skills', 50), headers: MARKDOWN },
  // A twin of an older build, before the estimate: answered all the same, without the header.
  '/skills/old.md': { body: '# Old\n', headers: MARKDOWN },
  '/skills/old': { body: '<h1>Old</h1>', headers: HTML },
  // Where a build past the limit of files per folder puts the page and its twin (site/layout.ts).
  [`/skills/${FANOUT_DIR}/${shardOf('mom-test')}/mom-test.html`]: { body: '<h1>The Mom Test, moved</h1>', headers: HTML },
  [`/skills/${FANOUT_DIR}/${shardOf('mom-test')}/mom-test.md`]: { body: MOM_TEST_TWIN, headers: MARKDOWN },
  // A page of such a build alone: nothing at its own path.
  [`/skills/${FANOUT_DIR}/${shardOf('far')}/far.html`]: { body: '<h1>Far</h1>', headers: HTML },
};

const etagOf = (path: string) => `W/"${path.length}-${path.replaceAll('/', '_')}"`;

/** The static origin: every file also under `/v1` (the build publishes it there, build/mirror.ts), 404s, ETags and If-None-Match like Netlify's CDN. */
function origin(request: Request): Response {
  const path = new URL(request.url).pathname.replace(/^\/v1(?=\/|$)/, '') || '/';
  const file = FILES[path.length > 1 ? path.replace(/\/$/, '') : path];
  if (!file) return new Response('not found', { status: 404 });
  const headers = { ...file.headers, etag: etagOf(path) };
  if (request.headers.get('if-none-match') === headers.etag) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : file.body, { headers });
}

const CONDITIONAL_HEADERS = ['if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range'];

/**
 * A Context double whose `next()` goes on to the origin with the request it is given (the
 * function's own, or else the one it was called with), recording the options and the URL. With
 * `ignoreNextUrl`, a platform that would serve the original URL whatever request it is handed.
 */
function contextFor(request: Request, { fail = false, ignoreNextUrl = false } = {}) {
  const nextCalls: NextOptions[] = [];
  const nextUrls: string[] = [];
  const next = async (...args: unknown[]): Promise<Response> => {
    const options = (args.find((arg) => !(arg instanceof Request)) ?? {}) as NextOptions;
    const given = args.find((arg) => arg instanceof Request) as Request | undefined;
    nextCalls.push(options);
    if (fail) throw new Error('the origin could not be reached');
    const chosen = given ?? request;
    nextUrls.push(new URL(chosen.url).pathname);
    const forwarded = new Request(ignoreNextUrl ? request.url : chosen.url, chosen);
    if (!options.sendConditionalRequest) for (const name of CONDITIONAL_HEADERS) forwarded.headers.delete(name);
    return origin(forwarded);
  };
  return { context: { next } as unknown as Context, nextCalls, nextUrls };
}

const routes = (config.pattern === undefined ? [] : [config.pattern].flat()).map((source) => new RegExp(source));

/** One request through Netlify's chain: route, function, then the rewrite, pass-through or bypass. */
async function serve(path: string, init: RequestInit = {}, options: { fail?: boolean; ignoreNextUrl?: boolean; layout?: PageLayout } = {}) {
  const request = new Request(new URL(path, ORIGIN), init);
  const { context, nextCalls, nextUrls } = contextFor(request, options);
  const routed = options.layout ? edgePatterns(options.layout).map((source) => new RegExp(source)) : routes;
  if (!routed.some((route) => route.test(new URL(request.url).pathname))) return { response: origin(request), invoked: false, nextCalls, nextUrls };
  let result: Response | URL | undefined;
  try {
    result = await (options.layout ? negotiator(options.layout) : markdownTwin)(request, context);
  } catch (error) {
    if (config.onError !== 'bypass') throw error;
    return { response: origin(request), invoked: true, nextCalls, nextUrls };
  }
  if (result instanceof URL) return { response: origin(new Request(result, request)), invoked: true, nextCalls, nextUrls, rewrite: result };
  return { response: result ?? origin(request), invoked: true, nextCalls, nextUrls };
}

const varyNames = (response: Response) => (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());

describe('Accept negotiation', () => {
  it('answers the twin for text/markdown, passing the twin\'s URL down the chain', async () => {
    const { response, rewrite, nextCalls, nextUrls } = await serve('/skills/mom-test', { headers: { accept: 'text/markdown' } });
    assert.equal(rewrite, undefined);
    assert.deepEqual(nextUrls, ['/skills/mom-test.md']);
    assert.deepEqual(nextCalls, [{ sendConditionalRequest: true }]);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal(await response.text(), MOM_TEST_TWIN);
  });

  it('follows q-values: Markdown only when weighed above HTML', async () => {
    const cases: [string, 'markdown' | 'html'][] = [
      ['text/markdown;q=0.9, text/html;q=0.8', 'markdown'],
      ['text/html;q=0.5, text/markdown', 'markdown'],
      ['text/markdown, */*;q=0.1', 'markdown'],
      ['text/html, text/markdown;q=0.5', 'html'],
      ['text/markdown;q=0.5, text/html;q=0.5', 'html'],
      ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'html'],
    ];
    for (const [accept, expected] of cases) {
      const { response } = await serve('/skills/mom-test', { headers: { accept } });
      const type = response.headers.get('content-type') ?? '';
      assert.ok(type.startsWith(expected === 'markdown' ? 'text/markdown' : 'text/html'), `${accept} → ${type}, expected ${expected}`);
    }
  });

  it('keeps HTML for */*, for no Accept at all and for text/markdown;q=0', async () => {
    for (const headers of [{ accept: '*/*' }, {}, { accept: 'text/markdown;q=0' }, { accept: 'text/markdown;q=0, text/html' }] as Record<string, string>[]) {
      const { response, nextCalls } = await serve('/skills/mom-test', { headers });
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8', JSON.stringify(headers));
      assert.equal(await response.text(), '<h1>The Mom Test</h1>');
      assert.equal(nextCalls.length, 1);
    }
  });

  it('answers /, /v1 and /v1/ alike: the catalogue twin for Markdown, the page otherwise', async () => {
    for (const path of ['/', '/v1', '/v1/']) {
      const markdown = await serve(path, { headers: { accept: 'text/markdown' } });
      assert.deepEqual(markdown.nextUrls, ['/index.md'], path);
      assert.equal(await markdown.response.text(), FILES['/index.md'].body);
      const html = await serve(path, { headers: { accept: 'text/html' } });
      assert.equal(await html.response.text(), '<h1>Skill Shelf</h1>', path);
    }
  });

  it('answers a folder\'s index page with the index twin inside the folder, with or without the slash', async () => {
    for (const path of ['/skills/', '/skills', '/v1/skills/']) {
      const { response, nextUrls } = await serve(path, { headers: { accept: 'text/markdown' } });
      assert.deepEqual(nextUrls, ['/skills/index.md'], path);
      assert.equal(await response.text(), FILES['/skills/index.md'].body, path);
      const html = await serve(path, { headers: { accept: 'text/html' } });
      assert.equal(await html.response.text(), '<h1>Skills</h1>', path);
    }
  });

  it('answers a page under /v1 with the one twin every version shares', async () => {
    const { nextUrls } = await serve('/v1/skills/mom-test/', { headers: { accept: 'text/markdown' } });
    assert.deepEqual(nextUrls, ['/skills/mom-test.md']);
  });
});

describe('x-markdown-tokens', () => {
  it('states the estimate the twin\'s front matter gives, on the Markdown answer only', async () => {
    const markdown = await serve('/skills/mom-test', { headers: { accept: 'text/markdown' } });
    assert.equal(markdown.response.headers.get('x-markdown-tokens'), '57');
    assert.equal(await markdown.response.text(), MOM_TEST_TWIN);
    const html = await serve('/skills/mom-test', { headers: { accept: 'text/html' } });
    assert.equal(html.response.headers.get('x-markdown-tokens'), null);
  });

  it('reads the key, not a value that merely says "tokens:"', async () => {
    const { response } = await serve('/', { headers: { accept: 'text/markdown' } });
    assert.equal(response.headers.get('x-markdown-tokens'), '52');
  });

  it('streams the twin: the body arrives whole when it comes in many small chunks', async () => {
    const request = new Request(`${ORIGIN}/skills/mom-test`, { headers: { accept: 'text/markdown' } });
    const long = `${MOM_TEST_TWIN}${'\nA paragraph of the body.\n'.repeat(200)}`;
    const bytes = new TextEncoder().encode(long);
    let pulled = 0;
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(pulled, pulled + 7));
        pulled += 7;
      },
    });
    const context = { next: async () => new Response(chunked, { headers: MARKDOWN }) } as unknown as Context;
    const response = (await markdownTwin(request, context)) as Response;
    assert.ok(pulled < bytes.length / 2, `only the front matter is read before the answer is returned (${pulled} of ${bytes.length} bytes)`);
    assert.equal(response.headers.get('x-markdown-tokens'), '57');
    assert.equal(await response.text(), long);
  });

  it('answers a twin without the key as it is, without the header', async () => {
    const { response } = await serve('/skills/old', { headers: { accept: 'text/markdown' } });
    assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal(response.headers.get('x-markdown-tokens'), null);
    assert.equal(await response.text(), '# Old\n');
  });

  it('falls back to the plain rewrite when the chain answers something else than the twin', async () => {
    const { response, rewrite } = await serve('/skills/mom-test', { headers: { accept: 'text/markdown' } }, { ignoreNextUrl: true });
    assert.equal(rewrite?.pathname, '/skills/mom-test.md');
    assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal(await response.text(), MOM_TEST_TWIN);
  });
});

describe('Vary', () => {
  it('adds Vary: Accept to the page when the origin did not send it', async () => {
    const { response } = await serve('/skills/mom-test', { headers: { accept: 'text/html' } });
    assert.deepEqual(varyNames(response), ['accept']);
  });

  it('keeps the origin Vary and never repeats Accept', async () => {
    const request = new Request(`${ORIGIN}/skills/mom-test`);
    const withVary = (vary: string) => ({ next: async () => new Response('page', { headers: { vary } }) }) as unknown as Context;
    const joined = (await markdownTwin(request, withVary('Origin'))) as Response;
    assert.equal(joined.headers.get('vary'), 'Origin, Accept');
    const kept = (await markdownTwin(request, withVary('origin, accept'))) as Response;
    assert.equal(kept.headers.get('vary'), 'origin, accept');
  });

  it('serves the twin with Vary: Accept too', async () => {
    const { response } = await serve('/skills/mom-test', { headers: { accept: 'text/markdown' } });
    assert.deepEqual(varyNames(response), ['accept']);
  });
});

describe('HEAD', () => {
  it('negotiates HEAD like GET, with no body', async () => {
    const markdown = await serve('/skills/mom-test', { method: 'HEAD', headers: { accept: 'text/markdown' } });
    assert.deepEqual(markdown.nextUrls, ['/skills/mom-test.md']);
    assert.equal(markdown.response.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal(markdown.response.headers.get('x-markdown-tokens'), '57');
    assert.equal(markdown.response.body, null);
    const html = await serve('/skills/mom-test', { method: 'HEAD' });
    assert.equal(html.response.status, 200);
    assert.equal(html.response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.deepEqual(varyNames(html.response), ['accept']);
    assert.equal(html.response.body, null);
  });

  it('lets every other method through untouched', async () => {
    for (const method of ['OPTIONS', 'POST']) {
      const request = new Request(`${ORIGIN}/skills/mom-test`, { method, headers: { accept: 'text/markdown' } });
      const { context, nextCalls } = contextFor(request);
      assert.equal(await markdownTwin(request, context), undefined, method);
      assert.equal(nextCalls.length, 0);
    }
  });
});

describe('conditional requests', () => {
  it('asks the origin with the client conditions, so a page the client holds is a 304', async () => {
    const etag = etagOf('/skills/mom-test');
    const { response, nextCalls } = await serve('/skills/mom-test', { headers: { accept: 'text/html', 'if-none-match': etag } });
    assert.deepEqual(nextCalls, [{ sendConditionalRequest: true }]);
    assert.equal(response.status, 304);
    assert.equal(response.body, null);
    assert.equal(response.headers.get('etag'), etag);
    assert.deepEqual(varyNames(response), ['accept']);
  });

  it('answers 200 with the page when the client holds another version', async () => {
    const { response } = await serve('/skills/mom-test', { headers: { 'if-none-match': 'W/"stale"' } });
    assert.equal(response.status, 200);
    assert.equal(await response.text(), '<h1>The Mom Test</h1>');
  });

  it('keeps the request conditions on a rewrite to the twin', async () => {
    const etag = etagOf('/skills/mom-test.md');
    const { response } = await serve('/skills/mom-test', { headers: { accept: 'text/markdown', 'if-none-match': etag } });
    assert.equal(response.status, 304);
  });
});

describe('failure', () => {
  it('is declared onError: bypass', () => {
    assert.equal(config.onError, 'bypass');
  });

  it('when the function fails, the request goes on to the page as if there were no function', async () => {
    const { response, invoked, nextCalls } = await serve('/skills/mom-test', { headers: { accept: 'text/html' } }, { fail: true });
    assert.ok(invoked);
    assert.equal(nextCalls.length, 1);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), '<h1>The Mom Test</h1>');
  });

  it('a 404 from the origin passes through with its status', async () => {
    const { response } = await serve('/skills/no-such-skill', { headers: { accept: 'text/html' } });
    assert.equal(response.status, 404);
  });
});

describe('routes', () => {
  it('runs on every page path, with or without /v1 and a trailing slash', () => {
    for (const path of ['/', '/v1', '/v1/', '/skills/mom-test', '/skills/mom-test/', '/bundles/starter', '/clusters/ideas', '/docs/api', '/v1/skills/mom-test', '/v1/docs/api/', '/skills/', '/skills', '/v1/bundles/', '/clusters']) {
      assert.ok(routes.some((route) => route.test(path)), path);
    }
  });

  it('never runs in front of a twin, a listing, an asset or a function path', () => {
    for (const path of [
      '/catalog.json', '/v1/catalog.json', '/version.json', '/openapi.json', '/skills/mom-test.json', '/v1/skills/mom-test.json',
      '/skills/mom-test.md', '/index.md', '/llms.txt', '/llms-full.txt', '/robots.txt', '/sitemap.xml', '/index.html',
      '/skills/mom-test.html', '/assets/site.css', '/api/public/health/payment', '/v1/api/public/health/payment', '/skills/index.md',
      '/skills/index.html', '/docs/', '/skills/a/b', '/v2/skills/mom-test', '/v10', '/404.html',
    ]) {
      assert.ok(!routes.some((route) => route.test(path)), path);
    }
  });
});

describe('a section whose pages and twins are in sub-folders', () => {
  const layout: PageLayout = { fannedOut: ['skills'], queriedClusters: [] };
  const moved = `/skills/${FANOUT_DIR}/${shardOf('mom-test')}/mom-test`;

  it('serves the page from its file there, at its own address, with or without /v1, varying on Accept', async () => {
    for (const path of ['/skills/mom-test', '/skills/mom-test/', '/v1/skills/mom-test']) {
      const { response, invoked, nextUrls, nextCalls } = await serve(path, { headers: { accept: 'text/html' } }, { layout });
      assert.ok(invoked, path);
      assert.deepEqual(nextUrls, [`${path.startsWith('/v1') ? '/v1' : ''}${moved}.html`], path);
      assert.deepEqual(nextCalls, [{ sendConditionalRequest: true }]);
      assert.equal(await response.text(), '<h1>The Mom Test, moved</h1>');
      assert.ok(varyNames(response).includes('accept'), path);
    }
  });

  it('answers the twin from there, negotiated or at its own path, with its token estimate', async () => {
    for (const [path, accept] of [['/skills/mom-test', 'text/markdown'], ['/skills/mom-test.md', '*/*']]) {
      const { response, invoked, nextUrls } = await serve(path, { headers: { accept } }, { layout });
      assert.ok(invoked, path);
      assert.deepEqual(nextUrls, [`${moved}.md`], path);
      assert.equal(response.headers.get('x-markdown-tokens'), '57', path);
      assert.equal(await response.text(), MOM_TEST_TWIN);
    }
  });

  it('rewrites to the page\'s file when the chain serves the original URL whatever it is handed', async () => {
    const { response, rewrite } = await serve('/skills/far', {}, { layout, ignoreNextUrl: true });
    assert.equal(rewrite?.pathname, `/skills/${FANOUT_DIR}/${shardOf('far')}/far.html`);
    assert.equal(await response.text(), '<h1>Far</h1>');
  });

  it('passes a 304 for the moved page through', async () => {
    const etag = `W/"${`${moved}.html`.length}-${`${moved}.html`.replaceAll('/', '_')}"`;
    const { response } = await serve('/skills/mom-test', { headers: { 'if-none-match': etag } }, { layout });
    assert.equal(response.status, 304);
  });

  it('routes the twins\' own paths of that section only, never a JSON twin', () => {
    const routed = edgePatterns(layout).map((source) => new RegExp(source));
    const hit = (path: string) => routed.some((route) => route.test(path));
    assert.ok(hit('/skills/mom-test.md') && hit('/v1/skills/mom-test.md'));
    assert.ok(!hit('/skills/mom-test.json') && !hit('/bundles/solo.md'));
  });

  it('lets the folder\'s index twin, routed with the rest (a route has no look-ahead to spare it), through untouched', async () => {
    const { response, invoked, nextUrls } = await serve('/skills/index.md', {}, { layout });
    assert.ok(invoked);
    assert.deepEqual(nextUrls, []);
    assert.equal(await response.text(), FILES['/skills/index.md'].body);
  });
});
