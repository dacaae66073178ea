/**
 * The request corpus of the HTTP suites through Stoplight Prism's validating proxy, run as a client
 * runs it in front of the API (`prism proxy openapi.json <server> --errors`): one proxy per server
 * entry of openapi.json (`{base}` and `{base}/v1`). Every request the service serves must pass the
 * proxy unchanged, with no request or response violation; a request the service refuses with 400
 * may be refused by the proxy too (422, a request violation at the parameter the service names),
 * because then the document says what the service says. A method the document does not describe
 * on a path is refused by both (405), the service's `allow` naming the methods the document does
 * describe there. The only violations allowed are the local emulator's own, listed in
 * EMULATOR_DIFFERENCES with their reasons, and each must still occur.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverUrl } from '../helpers/server.ts';
import { httpRequest } from '../helpers/http.ts';
import type { Reply } from '../helpers/http.ts';
import { distPath } from '../helpers/dist.ts';
import { contract } from '../helpers/openapi.ts';
import { startPrismProxy } from '../helpers/prism.ts';
import type { RunningProxy } from '../helpers/prism.ts';
import { requestCorpus } from '../helpers/request-corpus.ts';
import type { CorpusRequest } from '../helpers/request-corpus.ts';

/** One entry of Prism's `sl-violations` header, or of the `validation` list of its 422 and 500. */
interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

interface Sent {
  request: CorpusRequest;
  /** Path and query as sent to the service (with /v1 when it is the /v1 twin). */
  path: string;
  headers: Record<string, string>;
}

interface Difference {
  /** Whose difference it is: the local emulator's, or the proxy's own limit. */
  kind: 'emulator' | 'proxy';
  /** Why the answer differs from what openapi.json states, and why production is not affected. */
  reason: string;
  applies(sent: Sent, violation: Violation, direct: Reply): boolean;
}

/** The answer came from a static file (the CDN's ETag is weak; every function answer's is strong). */
const fromStaticFile = (direct: Reply) => /^W\//.test(direct.headers.etag ?? '') || (direct.status === 304 && direct.headers.etag === undefined);
const at = (violation: Violation, ...location: string[]) => violation.location.join('.') === location.join('.');
/** Prism could not read the upstream answer at all (`FetchError`, see violationsOf). */
const unreadable = (violation: Violation) => at(violation, 'proxy', 'upstream');
const jsonTyped = (reply: Reply) => /^application\/json/.test(reply.headers['content-type'] ?? '');

/**
 * Every difference the test allows, each with its reason; nothing else may differ. The emulator's
 * are documented in docs/contributors.md, "Local serving and production"; each must still occur in the run.
 */
export const EMULATOR_DIFFERENCES: Readonly<Record<string, Difference>> = {
  'static lifetime': {
    kind: 'emulator',
    reason: 'netlify dev answers static files with `cache-control: public, max-age=0` whatever dist/_headers says; production sends the one-hour lifetime of _headers (test/dist reads it there).',
    applies: (_sent, violation, direct) => fromStaticFile(direct) && at(violation, 'response', 'header', 'cache-control'),
  },
  'static 304 to *': {
    kind: 'emulator',
    reason: "netlify dev's static server answers `If-None-Match: *` before it computes a validator, so its 304 lacks the etag every 304 of the CDN carries.",
    applies: (sent, violation, direct) =>
      sent.headers['if-none-match'] === '*' && direct.status === 304 && direct.headers.etag === undefined && violation.location[0] === 'response' && /etag/.test(violation.message),
  },
  'static 304 typed as JSON': {
    kind: 'emulator',
    reason: "netlify dev's static server sends `content-type: application/json` on a 304, which has no body; Prism parses every JSON-typed answer as JSON (prism-http dist/utils/parseResponse.js) and cannot read it. The functions' 304s carry no content-type (RFC 9110, 15.4.5) and pass the proxy.",
    applies: (_sent, violation, direct) => unreadable(violation) && direct.status === 304 && fromStaticFile(direct) && jsonTyped(direct),
  },
  'HEAD of a JSON answer': {
    kind: 'proxy',
    reason: 'A HEAD answer carries the GET\'s `content-type: application/json` with no body (RFC 9110, 9.3.2); Prism 5.16 parses it as JSON (prism-http dist/utils/parseResponse.js) and answers 500. The HEAD answers are checked against openapi.json by the endpoint suite instead (test/helpers/openapi.ts).',
    applies: (sent, violation, direct) => sent.request.method === 'HEAD' && jsonTyped(direct) && (unreadable(violation) || at(violation, 'proxy', 'empty')),
  },
};

/** Prism's own answers are problem+json; the service never sends that media type. */
const isPrismAnswer = (reply: Reply) => /^application\/problem\+json/.test(reply.headers['content-type'] ?? '');

function violationsOf(reply: Reply, method: string): Violation[] {
  const header = reply.headers['sl-violations'];
  if (header) return JSON.parse(header) as Violation[];
  if (!isPrismAnswer(reply)) return [];
  // Prism's problem to a HEAD has no body to say why.
  if (reply.text === '') return [{ location: ['proxy', method === 'HEAD' ? 'empty' : 'unknown'], severity: 'Error', message: `Prism answered ${reply.status} with no body` }];
  const problem = JSON.parse(reply.text) as { type: string; title: string; validation?: Violation[] };
  if (/FetchError/.test(problem.type)) return [{ location: ['proxy', 'upstream'], severity: 'Error', message: problem.title }];
  // A 422 lists the request's violations without the `request` prefix the header gives them.
  const listed = problem.validation ?? [{ location: ['proxy', 'unknown'], severity: 'Error', message: `${problem.type}: ${problem.title}` }];
  return reply.status === 422 ? listed.map((v) => ({ ...v, location: ['request', ...v.location] })) : listed;
}

describe('the request corpus through Prism’s validating proxy (prism proxy openapi.json <server> --errors)', () => {
  let proxies: { base: RunningProxy; v1: RunningProxy };
  const seen = new Map<string, number>();
  const failures: string[] = [];
  let sentCount = 0;
  /** Requests with a method the document does not describe, refused by the proxy and the service. */
  let refusedCount = 0;

  beforeAll(async () => {
    const document = distPath('openapi.json');
    const [base, v1] = await Promise.all([startPrismProxy(document, serverUrl), startPrismProxy(document, `${serverUrl}/v1`)]);
    proxies = { base, v1 };
  }, 120_000);

  afterAll(async () => {
    await Promise.all([proxies?.base.stop(), proxies?.v1.stop()]);
  });

  /** One request, through the proxy of its server entry and straight to the service. */
  async function send(sent: Sent): Promise<{ proxied: Reply; direct: Reply }> {
    const pinned = /^\/v1(?=\/)/.test(sent.path);
    const proxy = pinned ? proxies.v1 : proxies.base;
    const rest = pinned ? sent.path.slice('/v1'.length) : sent.path;
    // As a client would send it: the URL parser percent-encodes what must not go raw. Identity
    // encoding, so that the proxy hands on the bytes it validated.
    const headers = { 'accept-encoding': 'identity', ...sent.headers };
    const options = { method: sent.request.method, headers };
    try {
      // One after the other: the service sees the request it answers directly first, as in the suites.
      const direct = await httpRequest(new URL(`${serverUrl}${sent.path}`).href, options);
      const proxied = await httpRequest(new URL(`${proxy.url}${rest}`).href, options);
      sentCount += 1;
      return { proxied, direct };
    } catch (error) {
      throw new Error(`${sent.request.method} ${sent.path} ${JSON.stringify(headers)} [${sent.request.source}]: ${(error as Error).message}`, { cause: error });
    }
  }

  function judge(sent: Sent, proxied: Reply, direct: Reply) {
    const where = `${sent.request.method} ${sent.path}${sent.headers['if-none-match'] ? ` (If-None-Match: ${sent.headers['if-none-match']})` : ''} [${sent.request.source}]`;
    const violations = violationsOf(proxied, sent.request.method).filter((violation) => {
      const difference = Object.entries(EMULATOR_DIFFERENCES).find(([, d]) => d.applies(sent, violation, direct));
      if (difference) seen.set(difference[0], (seen.get(difference[0]) ?? 0) + 1);
      return !difference;
    });
    const describe = (list: Violation[]) => list.map((v) => `${v.severity} at ${v.location.join('.')}: ${v.message}`).join('; ');
    // The document refuses what the service refuses: a request violation on a query the service answers with 400.
    if (direct.status === 400 && proxied.status === 422 && isPrismAnswer(proxied)) {
      const located = violations.every((v) => v.location[0] === 'request' && v.location[1] === 'query');
      if (!located || violations.length === 0) failures.push(`${where}: Prism refused it with ${describe(violations) || 'no violation'}`);
      return;
    }
    // A path the document does not describe is Prism's own 404, as it is the service's.
    if (direct.status === 404 && proxied.status === 404 && isPrismAnswer(proxied) && /NO_PATH_MATCHED/.test(proxied.text)) return;
    // A method the document does not describe on a path is Prism's own 405, as it is the service's:
    // an Error body whose allow names exactly the methods the document describes there.
    if (direct.status === 405 && proxied.status === 405 && isPrismAnswer(proxied) && /NO_METHOD_MATCHED/.test(proxied.text)) {
      const { document, routeOf, component } = contract();
      const route = routeOf(new URL(sent.path, 'http://x').pathname);
      const described = Object.keys(route ? document.paths[route] : {}).filter((key) => key !== 'parameters').map((key) => key.toUpperCase()).sort();
      const allowed = (direct.headers.allow ?? '').split(', ').sort();
      if (allowed.join() !== described.join()) failures.push(`${where}: allow ${direct.headers.allow}, the document describes ${described.join(', ')}`);
      const error = component('Error');
      if (!error(JSON.parse(direct.text))) failures.push(`${where}: the 405's body is no Error: ${JSON.stringify(error.errors)}`);
      refusedCount += 1;
      return;
    }
    if (violations.length > 0) failures.push(`${where}: ${describe(violations)}`);
    // Prism replaces an answer with a violation by its own 500 (--errors); when every violation is an
    // allowed difference, it validated everything else and the answer stands.
    else if (!isPrismAnswer(proxied) && proxied.status !== direct.status) failures.push(`${where}: ${proxied.status} through the proxy, ${direct.status} from the service`);
  }

  it('passes every request the service serves and every answer it gives, with no violation but the emulator’s own', async () => {
    const corpus = requestCorpus();
    for (const request of corpus) {
      const paths = [request.path, ...(request.v1 ? [`/v1${request.path}`] : [])];
      for (const path of paths) {
        const sent: Sent = { request, path, headers: { ...request.headers } };
        const answered = await send(sent).catch((error: Error) => (failures.push(error.message), undefined));
        if (!answered) continue;
        const { proxied, direct } = answered;
        judge(sent, proxied, direct);
        const etag = direct.headers.etag;
        if (request.revalidate && etag !== undefined) {
          const again: Sent = { request, path, headers: { ...request.headers, 'if-none-match': etag } };
          const revalidated = await send(again).catch((error: Error) => (failures.push(error.message), undefined));
          if (!revalidated) continue;
          expect(revalidated.direct.status, `${path}: the service's 304 for its own tag`).toBe(304);
          judge(again, revalidated.proxied, revalidated.direct);
        }
      }
    }
    expect(failures, `${failures.length} of ${sentCount} requests:\n${failures.join('\n')}\n\nPrism said:\n${proxies.base.output().slice(-2000)}`).toEqual([]);
  }, 300_000);

  it('allows only emulator differences that still occur', () => {
    expect(sentCount, 'the corpus ran').toBeGreaterThan(100);
    expect(refusedCount, 'the corpus sent a method the document does not describe').toBeGreaterThan(0);
    for (const name of Object.keys(EMULATOR_DIFFERENCES)) expect(seen.get(name) ?? 0, `${name}: no request showed it; remove it from the list`).toBeGreaterThan(0);
  });

  it('refuses with 422 a sort the document does not list, and passes both short forms', async () => {
    const refused = await httpRequest(`${proxies.base.url}/catalog.json?sort=cheapest`);
    expect(refused.status).toBe(422);
    expect(violationsOf(refused, 'GET').map((v) => v.location.join('.'))).toContain('request.query.sort');
    for (const alias of ['price', '-price']) {
      const passed = await httpRequest(`${proxies.base.url}/catalog.json?sort=${encodeURIComponent(alias)}&limit=1`, { headers: { 'accept-encoding': 'identity' } });
      expect(passed.status, passed.text.slice(0, 300)).toBe(200);
      expect(passed.headers['sl-violations']).toBeUndefined();
    }
  });
});
