/**
 * A local stand-in for api.stripe.com that speaks its wire format for the three endpoints the health
 * check reads: GET /v1/balance, GET /v1/products (a list: `object: 'list'`, `data`, `has_more`,
 * `limit`, `starting_after`, `active`), GET /v1/checkout/sessions. Errors are Stripe's error objects
 * `{ error: { type, code?, message } }` with Stripe's statuses; the 401 repeats the end of the key the
 * way Stripe does, so a test can prove that no provider message reaches a response.
 *
 * Listens on 127.0.0.1, a free port. Started inside a test, it stops by itself when the test ends.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export interface FakeProduct {
  id: string;
  active: boolean;
  tax_code: string | null;
}

export type Endpoint = 'balance' | 'products' | 'sessions';

/** What one endpoint does instead of answering normally. */
export type Behaviour =
  /** Stripe's error object with its status. `message` may contain `{masked_key}`. */
  | { kind: 'stripe_error'; status: number; type: string; code?: string; message: string }
  /** Any bytes, for "not JSON at all". */
  | { kind: 'garbage'; status?: number; body?: string; contentType?: string }
  /** Valid JSON of the wrong shape. */
  | { kind: 'json'; status?: number; body: unknown }
  /** The normal answer, `ms` late. */
  | { kind: 'delay'; ms: number }
  /** Headers, then a byte every `intervalMs`, never the end: no single wait is long, the answer never comes. */
  | { kind: 'trickle'; intervalMs: number };

export interface FakeStripeScript {
  /** `livemode` of everything the account returns. Default false. */
  livemode?: boolean;
  /** Every product of the account, in list order. Default: three active products with tax codes. */
  products?: FakeProduct[];
  /** Checkout Sessions, newest first. Default: one that ran under Managed Payments. */
  sessions?: Record<string, unknown>[];
  /** The `stripe-version` to answer with; default: the one the client asked for. */
  answerVersion?: string;
  /** Per endpoint, a behaviour for every request to it. */
  on?: Partial<Record<Endpoint, Behaviour>>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization?: string;
  stripeVersion?: string;
}

export interface FakeStripe {
  /** Base URL to put in STRIPE_API_BASE, e.g. http://127.0.0.1:54321 */
  url: string;
  /** Host and port as the health body reports it. */
  host: string;
  requests: RecordedRequest[];
  /** Requests to one endpoint. */
  requestsTo(endpoint: Endpoint): RecordedRequest[];
  stop(): Promise<void>;
}

/** Stripe's own errors, as it sends them. */
export const stripeErrors = {
  invalidApiKey: {
    kind: 'stripe_error',
    status: 401,
    type: 'invalid_request_error',
    message: 'Invalid API Key provided: {masked_key}',
  },
  permission: {
    kind: 'stripe_error',
    status: 403,
    type: 'invalid_request_error',
    message: "The provided key '{masked_key}' does not have the required permissions for this endpoint on account 'acct_1Fake'.",
  },
  rateLimit: {
    kind: 'stripe_error',
    status: 429,
    type: 'invalid_request_error',
    code: 'rate_limit',
    message: 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
  },
  internal: {
    kind: 'stripe_error',
    status: 500,
    type: 'api_error',
    message: 'An unknown error occurred while processing key {masked_key}',
  },
  invalidVersion: {
    kind: 'stripe_error',
    status: 400,
    type: 'invalid_request_error',
    message: 'Invalid Stripe API version: 1999-01-01. Key {masked_key}.',
  },
} as const satisfies Record<string, Behaviour>;

export function activeProducts(count: number, { withoutTaxCode = [] as number[] } = {}): FakeProduct[] {
  const untaxed = new Set(withoutTaxCode);
  return Array.from({ length: count }, (_, index) => ({
    id: `prod_${String(index).padStart(5, '0')}`,
    active: true,
    tax_code: untaxed.has(index) ? null : 'txcd_10000000',
  }));
}

export async function startFakeStripe(script: FakeStripeScript = {}): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: header(request, 'authorization'),
      stripeVersion: header(request, 'stripe-version'),
    };
    requests.push(recorded);
    answer(script, recorded, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    requestsTo: (endpoint) => requests.filter((r) => endpointOf(r.path) === endpoint),
    stop: () => stopServer(server),
  };
  onTestFinished(() => fake.stop());
  return fake;
}

/** A base URL where nothing listens: the port was free a moment ago, and is closed again. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await stopServer(server);
  return `http://127.0.0.1:${port}`;
}

function answer(script: FakeStripeScript, request: RecordedRequest, response: ServerResponse): void {
  const key = /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1];
  const version = script.answerVersion ?? request.stripeVersion ?? '2020-08-27';
  const send = (status: number, body: unknown) => sendJson(response, status, body, version);
  if (key === undefined) {
    return send(401, stripeError('invalid_request_error', 'You did not provide an API key.'));
  }
  const endpoint = endpointOf(request.path);
  if (request.method !== 'GET' || endpoint === undefined) {
    return send(404, stripeError('invalid_request_error', `Unrecognized request URL (${request.method}: ${request.path}).`));
  }
  const behaviour = script.on?.[endpoint];
  const normal = () => {
    const result = normalAnswer(script, endpoint, request.query);
    send(result.status, result.body);
  };
  switch (behaviour?.kind) {
    case undefined:
      return normal();
    case 'stripe_error':
      return send(behaviour.status, stripeError(behaviour.type, behaviour.message.replaceAll('{masked_key}', maskKey(key)), behaviour.code));
    case 'json':
      return send(behaviour.status ?? 200, behaviour.body);
    case 'garbage':
      response.writeHead(behaviour.status ?? 200, { 'content-type': behaviour.contentType ?? 'application/json', 'request-id': requestId() });
      response.end(behaviour.body ?? '<html><body>502 Bad Gateway {"object":</body></html>');
      return;
    case 'delay': {
      const timer = setTimeout(normal, behaviour.ms);
      // The client gave up (its timeout): nothing left to answer.
      response.on('close', () => clearTimeout(timer));
      return;
    }
    case 'trickle': {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': 1_000_000, 'request-id': requestId(), 'stripe-version': version });
      const timer = setInterval(() => response.write(' '), behaviour.intervalMs);
      response.on('close', () => clearInterval(timer));
      return;
    }
  }
}

function normalAnswer(script: FakeStripeScript, endpoint: Endpoint, query: URLSearchParams): { status: number; body: unknown } {
  const livemode = script.livemode ?? false;
  switch (endpoint) {
    case 'balance':
      return {
        status: 200,
        body: {
          object: 'balance',
          available: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
          livemode,
          pending: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
        },
      };
    case 'products': {
      const all = (script.products ?? activeProducts(3)).map((p) => ({
        id: p.id,
        object: 'product',
        active: p.active,
        livemode,
        name: `Product ${p.id}`,
        tax_code: p.tax_code,
        created: 1767225600,
      }));
      const active = query.get('active');
      const filtered = active === null ? all : all.filter((p) => String(p.active) === active);
      return page('/v1/products', filtered, query);
    }
    case 'sessions': {
      const sessions = (script.sessions ?? [{ managed_payments: { enabled: true } }]).map((s, index) => ({
        id: `cs_${livemode ? 'live' : 'test'}_${index}`,
        object: 'checkout.session',
        livemode,
        mode: 'payment',
        ...s,
      }));
      return page('/v1/checkout/sessions', sessions, query);
    }
  }
}

/** Stripe's cursor pagination: `limit` 1–100 (default 10), `starting_after` an id of the list. */
function page(url: string, items: { id: string }[], query: URLSearchParams): { status: number; body: unknown } {
  const limit = query.has('limit') ? Number(query.get('limit')) : 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return { status: 400, body: stripeError('invalid_request_error', 'Invalid integer: limit', 'parameter_invalid_integer') };
  }
  let start = 0;
  const after = query.get('starting_after');
  if (after !== null) {
    const index = items.findIndex((item) => item.id === after);
    if (index < 0) return { status: 400, body: stripeError('invalid_request_error', `No such object: '${after}'`, 'resource_missing') };
    start = index + 1;
  }
  const data = items.slice(start, start + limit);
  return { status: 200, body: { object: 'list', data, has_more: start + limit < items.length, url } };
}

function endpointOf(path: string): Endpoint | undefined {
  if (path === '/v1/balance') return 'balance';
  if (path === '/v1/products') return 'products';
  if (path === '/v1/checkout/sessions') return 'sessions';
  return undefined;
}

function stripeError(type: string, message: string, code?: string) {
  return { error: { type, ...(code && { code }), message, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId()}` } };
}

/** Stripe's way: the prefix, stars, the last four characters. */
function maskKey(key: string): string {
  const prefix = /^[a-z]{2}_(?:test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`;
}

function sendJson(response: ServerResponse, status: number, body: unknown, version: string): void {
  const bytes = JSON.stringify(body, null, 2);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(bytes),
    'cache-control': 'no-cache, no-store',
    'request-id': requestId(),
    'stripe-version': version,
    ...(status === 401 && { 'www-authenticate': 'Basic realm="Stripe"' }),
  });
  response.end(bytes);
}

let requestCount = 0;
const requestId = () => `req_fake${String(++requestCount).padStart(10, '0')}`;

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function stopServer(server: Server): Promise<void> {
  if (!server.listening) return;
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets of the client would hold close() open.
    server.closeAllConnections();
  });
}
