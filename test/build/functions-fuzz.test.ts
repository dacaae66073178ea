/**
 * Hostile raw requests against every function, in-process: each file in functions/ (the Edge
 * Function aside, which runs on Deno) is imported and its default export called with requests
 * Netlify would route to it: its own paths (or random ones under a catch-all, less what it
 * excludes), its methods, and then anything at all in the query and the headers: repeated and
 * oversized parameters and headers, malformed percent-encodings, unicode, control characters.
 *
 * Whatever arrives: never a 5xx; every error is JSON in the Error schema with the full header set
 * (the header module's, never a list copied here), its echo of the input bounded; the one
 * exception is the 404 page (HTML or Markdown) for a page path, which is what a person should see.
 *
 * fast-check runs with the run's one seed (test/helpers/property.ts) and a fixed number of runs, and no time
 * limit: nothing interrupts a property, so a property is either run whole or fails (a slow one
 * fails on the test's timeout instead of passing early).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL, URLPattern } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import constants from '../../runtime/generated/function-constants.json' with { type: 'json' };
import { apiValidator } from '../../build/ajv.ts';
import { ECHO_MAX } from '../../core/errors.ts';
import { JSON_CONTENT_TYPE, MARKDOWN_CONTENT_TYPE } from '../../core/headers.ts';
import type { HeaderSet } from '../../core/headers.ts';
import { mcpPreflightHeaders } from '../../core/mcp/http.ts';
import { ENV_NAMES } from '../../runtime/payment/config.ts';
import { expectFullHeaderSet } from '../helpers/header-set.ts';
import { startFakeStripe } from '../payment/fake-stripe.ts';
import { propertyRuns, propertyTimeout } from '../helpers/property.ts';

const RUNS_PER_FUNCTION = propertyRuns(300);
/** An error's message is one sentence with at most one echo of the input, cut at ECHO_MAX. */
const ERROR_MESSAGE_MAX = ECHO_MAX + 400;
/** With its hints and links, the whole error body stays this small, whatever the input's size. */
const ERROR_BODY_MAX = 4096;
const HUGE = 100_000;

const FUNCTIONS_DIR = fileURLToPath(new URL('../../functions/', import.meta.url));
const functionFiles = readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
  .map((entry) => entry.name)
  .sort();

type Handler = (request: Request, context: never) => Response | Promise<Response>;
interface RouteConfig {
  path?: string | string[];
  excludedPath?: string | string[];
  method?: string | string[];
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

// ---- Requests ----------------------------------------------------------------------------------

/** Methods Netlify can route by name; a Fetch Request cannot carry TRACE, CONNECT or TRACK at all. */
const ROUTABLE = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];
const token = fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,12}$/).filter((m) => !['TRACE', 'CONNECT', 'TRACK'].includes(m.toUpperCase()));
/** For a function that routes every method: the routable ones in any case, and tokens of any kind and size. */
const anyMethod = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ROUTABLE) },
  { weight: 1, arbitrary: fc.constantFrom('get', 'Head', 'options', 'PROPFIND', 'QUERY', 'X'.repeat(5000)) },
  { weight: 1, arbitrary: token },
);

const huge = fc.constantFrom('a'.repeat(HUGE), 'é'.repeat(HUGE / 2), '%'.repeat(HUGE / 4), '"<>'.repeat(HUGE / 3));
const badPercent = fc.constantFrom('%', '%z', '%zz', '%C3', '%C3%', '%E0%A4%A', '%C0%AF', '%FF', '%00', '%0A', '%2F', '%25', '%E2%80%AE', '%F0%9F%98');
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('é', 'ﬁ', 'İ', '𝟙', '\u0000', '\u200b', '\uD800', ' ', '+', '&', '=', '#', '?', '/', '\\', '"', "'", '<script>'),
  badPercent,
);

const paramName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('cluster', 'sort', 'limit', 'force') },
  { weight: 2, arbitrary: fc.constantFrom('Cluster', 'FORCE', 'force[]', 'limit ', '', 'page', 'callback', '__proto__', 'constructor') },
  { weight: 2, arbitrary: text },
  { weight: 1, arbitrary: huge },
);
const paramValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('1', '0', 'ideas', 'ship,gtm', 'title', '-price', 'price', '200', '201', '', 'true') },
  { weight: 3, arbitrary: text },
  { weight: 1, arbitrary: huge },
);
/** How a pair is written; the URL parser decides what it means, exactly as for a client. */
const spelling = fc.constantFrom<'raw' | 'encoded' | 'bare'>('raw', 'encoded', 'encoded', 'bare');
const pair = fc.tuple(paramName, paramValue, spelling, fc.oneof({ weight: 8, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 300 }) }));
/** encodeURIComponent refuses a lone surrogate; such text is then written raw, for the URL parser to judge. */
const encode = (part: string) => {
  try {
    return encodeURIComponent(part);
  } catch {
    return part;
  }
};
/** Repeats stay below a megabyte of query: what is tested is repetition, not the machine's memory. */
const REPEATED_MAX = 1_000_000;
const query = fc.array(pair, { maxLength: 5 }).map((pairs) =>
  pairs
    .flatMap(([name, value, how, times]) => {
      const written = how === 'raw' ? `${name}=${value}` : how === 'bare' ? name : `${encode(name)}=${encode(value)}`;
      return Array.from({ length: written.length * times > REPEATED_MAX ? 1 : times }, () => written);
    })
    .join('&'),
);

const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('skills', 'bundles', 'clusters', 'docs', 'api', 'public', 'health', 'payment', 'v1', 'v2', 'v0', 'catalog.json', 'index.md', 'index.html', 'mom-test.json', 'mom-tests.json', 'ideas.json', 'api.md',
    'cards', 'skill', 'cluster', 'home.0123456789abcdef.png', 'mom-test.0123456789abcdef.png', 'ideas.0123456789ABCDEF.png') },
  { weight: 2, arbitrary: fc.constantFrom('', '.', '..', '%2e%2e', 'SKILLS', 'x.JSON', 'x.json.', 'x.json~', 'x.md/', 'é', 'İ', '<script>', '"') },
  { weight: 2, arbitrary: badPercent },
  { weight: 2, arbitrary: text },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(10_000), '%C3%A9'.repeat(2_000)) },
);
const anyPath = fc.array(segment, { minLength: 1, maxLength: 6 }).map((segments) => `/${segments.join('/')}`);
/** The request's URL exactly as `toRequest` makes it. */
const urlOf = (path: string, query = '') => `http://localhost${path}${query === '' ? '' : `?${query}`}`;

/** Header values a Fetch `Headers` can carry: no NUL, CR or LF, nothing past U+00FF. */
const headerText = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 8 }),
  fc.constantFrom('x'.repeat(64 * 1024), '"a", '.repeat(10_000), '\t'),
);
const headerValues: Record<string, fc.Arbitrary<string>> = {
  'if-none-match': fc.oneof(fc.constantFrom('*', '"x"', 'W/"x"', '"a", W/"b", *', 'W/', '""', ',,,', '"unterminated'), headerText),
  accept: fc.oneof(fc.constantFrom('text/markdown', 'text/html, text/markdown;q=0.5', 'text/markdown;q=0', '*/*;q=x', 'application/json', ';;;'), headerText),
  'accept-encoding': fc.oneof(fc.constantFrom('gzip, br', 'identity;q=0', '*;q=0'), headerText),
  origin: fc.oneof(fc.constantFrom('https://evil.example', 'null', 'http://localhost:1'), headerText),
  'access-control-request-method': fc.oneof(fc.constantFrom('GET', 'DELETE', 'get'), headerText),
  'access-control-request-headers': fc.oneof(fc.constantFrom('if-none-match', 'x-a, x-b', ''), headerText),
  'content-type': fc.oneof(fc.constantFrom('application/json', 'multipart/form-data; boundary=', 'text/plain'), headerText),
  range: fc.oneof(fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=9999999999-'), headerText),
  'user-agent': headerText,
  cookie: headerText,
  'x-forwarded-for': headerText,
  'x-http-method-override': fc.oneof(fc.constantFrom('DELETE', 'GET'), headerText),
};
const headerName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...Object.keys(headerValues)) },
  { weight: 1, arbitrary: token.map((name) => `x-${name}`) },
);
/** Names and values, a name possibly given several times (Headers joins them with ", "). */
const headers = fc.array(
  fc.tuple(headerName, fc.integer({ min: 1, max: 4 })).chain(([name, times]) =>
    fc.array(headerValues[name] ?? headerText, { minLength: times, maxLength: times }).map((values) => values.map((value) => [name, value] as const)),
  ),
  { maxLength: 5 },
).map((groups) => groups.flat());

const body = fc.option(fc.oneof(fc.string({ maxLength: 100 }), fc.constant('{"a":'.repeat(2_000))), { nil: undefined });

interface RawRequest {
  method: string;
  path: string;
  query: string;
  headers: (readonly [string, string])[];
  body?: string;
}

function toRequest(raw: RawRequest): Request {
  const init: RequestInit = { method: raw.method, headers: new Headers() };
  for (const [name, value] of raw.headers) (init.headers as Headers).append(name, value);
  if (raw.body !== undefined && !['GET', 'HEAD'].includes(raw.method.toUpperCase())) init.body = raw.body;
  return new Request(urlOf(raw.path, raw.query), init);
}

/** Requests Netlify would route to a function with this config. */
function requestsFor(config: RouteConfig): fc.Arbitrary<RawRequest> {
  const matchers = (patterns: string[]) => patterns.map((pattern) => new URLPattern({ pathname: pattern }));
  const own = list(config.path);
  const excluded = matchers(list(config.excludedPath));
  const literal = own.every((path) => !/[*:]/.test(path));
  const routed = matchers(own);
  // Under a folder's catch-all (`/cards/*`), paths in that folder: few random paths would reach it.
  const path = literal
    ? fc.constantFrom(...own)
    : fc.oneof(...own.map((pattern) => (pattern !== '/*' && pattern.endsWith('/*') ? anyPath.map((rest) => `${pattern.slice(0, -2)}${rest}`) : anyPath))).filter((candidate) => {
        const { pathname } = new URL(urlOf(candidate));
        return routed.some((m) => m.test({ pathname })) && !excluded.some((m) => m.test({ pathname }));
      });
  const methods = list(config.method);
  const method = methods.length > 0 ? fc.constantFrom(...methods) : anyMethod;
  return fc.record({ method, path, query, headers, body });
}

// ---- What every answer must be -----------------------------------------------------------------

/** A function whose preflight grants other methods than the reads: the MCP endpoint takes POST. */
const PREFLIGHT_GRANTS: Readonly<Record<string, HeaderSet>> = { 'mcp.ts': mcpPreflightHeaders() };

async function expectWellFormed(request: Request, response: Response, where: string, preflightGrant: HeaderSet | true = true): Promise<void> {
  const path = new URL(request.url).pathname;
  const status = response.status;
  const type = response.headers.get('content-type');
  const text = await response.text();
  const say = (what: string) => `${where}: ${what} (status ${status}, content-type ${type}, body ${text.slice(0, 300)})`;

  expect(status, say('a 5xx')).toBeLessThan(500);
  // A 405 names the methods the path takes, and never the one it refused.
  if (status === 405) {
    expect(response.headers.get('allow'), say('405 without allow')).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
    expect(response.headers.get('allow')!.split(', '), say('405 allowing the method refused')).not.toContain(request.method);
  }
  if (status === 304 || status === 204 || request.method === 'HEAD') expect(text, say('a body where none belongs')).toBe('');

  const json = type === JSON_CONTENT_TYPE;
  const page404 = status === 404 && (type === MARKDOWN_CONTENT_TYPE || type?.startsWith('text/html'));
  if (status >= 400 && !page404) expect(type, say('an error that is not JSON')).toBe(JSON_CONTENT_TYPE);
  if (page404) return;

  // Every JSON answer, a 304 and a preflight carry the full set; a validator wherever a body is described.
  expectFullHeaderSet(response.headers, { stamp: constants, path, etag: json || status === 304, preflight: status === 204 && preflightGrant, where: say('header') });
  if (!json || text === '') return;
  const parsed = JSON.parse(text);
  if (status >= 400) {
    const validate = apiValidator('Error');
    expect(validate(parsed), say(`not an Error body: ${JSON.stringify(validate.errors)}`)).toBe(true);
    expect(parsed.error, say('error differs from code')).toBe(parsed.code);
    expect(parsed.message.length, say('a message that echoes too much')).toBeLessThanOrEqual(ERROR_MESSAGE_MAX);
    expect(text.length, say('an error body that grows with the input')).toBeLessThanOrEqual(ERROR_BODY_MAX);
  }
}

function describeRequest(raw: RawRequest): string {
  const cut = (s: string) => (s.length > 120 ? `${s.slice(0, 120)}… (${s.length} chars)` : s);
  return `${cut(raw.method)} ${cut(raw.path)}${raw.query ? `?${cut(raw.query)}` : ''} headers ${cut(JSON.stringify(raw.headers))}`;
}

/** Oversized and repeated input, always tried whatever the seed draws. */
function examplesFor(config: RouteConfig): RawRequest[] {
  const own = list(config.path).find((path) => !/[*:]/.test(path)) ?? '/skills/x.json';
  const method = list(config.method)[0] ?? 'GET';
  const base: RawRequest = { method, path: own, query: '', headers: [] };
  return [
    { ...base, query: `${'q'.repeat(HUGE)}=1` },
    { ...base, query: `force=${'1'.repeat(HUGE)}&cluster=${'x'.repeat(HUGE)}&sort=${'y'.repeat(HUGE)}&limit=${'9'.repeat(HUGE)}` },
    { ...base, query: Array.from({ length: 5_000 }, () => 'cluster=ideas&force=1').join('&') },
    { ...base, query: 'force=%zz&cluster=%E0%A4%A&sort=%' },
    { ...base, headers: [['if-none-match', '"a", '.repeat(20_000)], ['user-agent', 'u'.repeat(64 * 1024)]] },
    { ...base, headers: Array.from({ length: 200 }, (_, i) => ['accept', `text/markdown;q=0.${i % 10}`] as const) },
    ...(list(config.path).some((path) => path.includes('*')) ? [{ ...base, path: `/skills/${'s'.repeat(HUGE)}.json` }, { ...base, path: `/docs/${'%zz'.repeat(1000)}.md` }] : []),
  ];
}

// ---- The property, per function ----------------------------------------------------------------

describe('every function, raw hostile requests in-process', () => {
  it('finds the functions to fuzz', () => {
    expect(functionFiles.length).toBeGreaterThanOrEqual(3);
  });

  it.each(functionFiles)('%s: never a 5xx; errors are JSON with the full header set and a bounded echo', async (file) => {
    // The payment check, where a function makes one, talks to a local stand-in for Stripe.
    const fake = await startFakeStripe();
    for (const name of ENV_NAMES) vi.stubEnv(name, '');
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_51FuzzFixtureKey000000000000Zz');
    vi.stubEnv('STRIPE_API_BASE', fake.url);
    try {
      const module = (await import(pathToFileURL(`${FUNCTIONS_DIR}${file}`).href)) as { default: Handler; config?: RouteConfig };
      expect(typeof module.default, `${file} has a default export`).toBe('function');
      const config = module.config ?? {};
      await fc.assert(
        fc.asyncProperty(requestsFor(config), async (raw) => {
          const request = toRequest(raw);
          const response = await module.default(request, {} as never);
          await expectWellFormed(request, response, `${file}: ${describeRequest(raw)}`, PREFLIGHT_GRANTS[file]);
        }),
        { numRuns: RUNS_PER_FUNCTION, examples: examplesFor(config).map((raw) => [raw]) },
      );
    } finally {
      vi.unstubAllEnvs();
    }
  }, propertyTimeout(120_000));
});
