/**
 * The payment health function in-process, through the real stripe client, against a local server
 * that speaks Stripe's wire format. Every answer is checked whole: status, body against the
 * PaymentHealth (or Error) schema, issue codes, the full header set, and no trace of the key.
 */
import { describe, expect, it, vi } from 'vitest';
import Stripe from 'stripe';
import { config } from '../../functions/health-payment.ts';
import constants from '../../runtime/generated/function-constants.json' with { type: 'json' };
import { ECHO_MAX } from '../../core/errors.ts';
import { activeProducts, closedPortUrl, stripeErrors } from './fake-stripe.ts';
import { BASE, call, expectHealth, expectJsonHeaders, expectNoSecret, expectValid, fakeWith, LIVE_KEY, PATH, TEST_KEY, useEnv } from './handler.ts';

describe('payment health: healthy connection', () => {
  it('answers 200 ok with every fact for a test key, the test mode noted as info', async () => {
    const fake = await fakeWith();
    const body = expectHealth(await call(), 200, ['test_mode']);
    expect(body).toMatchObject({
      status: 'ok',
      mode: 'test',
      reportedMode: 'test',
      apiBaseHost: fake.host,
      apiVersion: Stripe.API_VERSION,
      managedPayments: true,
      productsWithoutTaxCode: 0,
      reachable: true,
    });
    expect(body.latencyMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(body.checkedAt)).not.toBeNaN();
    // The configured key reached the provider, and the package's pinned API version was asked for.
    expect(fake.requestsTo('balance')).toHaveLength(1);
    expect(fake.requests.every((r) => r.authorization === `Bearer ${TEST_KEY}`)).toBe(true);
    expect(fake.requests.every((r) => r.stripeVersion === Stripe.API_VERSION)).toBe(true);
  });

  it('answers 200 ok with no issue at all for a live key on a live account', async () => {
    await fakeWith({ livemode: true }, { STRIPE_SECRET_KEY: LIVE_KEY });
    const body = expectHealth(await call(), 200, [], LIVE_KEY);
    expect(body).toMatchObject({ status: 'ok', mode: 'live', reportedMode: 'live' });
  });

  it('takes a restricted key, its mode from its prefix', async () => {
    const key = 'rk_live_51HealthCheckFixtureKeyRestricted77Rk4Q';
    await fakeWith({ livemode: true }, { STRIPE_SECRET_KEY: key });
    expect(expectHealth(await call(), 200, [], key).mode).toBe('live');
  });

  it('reads managedPayments false from a session that ran without it, and says when no session tells', async () => {
    await fakeWith({ sessions: [{ managed_payments: null }] });
    expect(expectHealth(await call(), 200, ['test_mode']).managedPayments).toBe(false);

    await fakeWith({ sessions: [] });
    const none = expectHealth(await call(), 200, ['test_mode', 'managed_payments_unknown']);
    expect(none).not.toHaveProperty('managedPayments');

    // An API version from before Managed Payments has no such field at all.
    await fakeWith({ sessions: [{ payment_status: 'paid' }] });
    expect(expectHealth(await call(), 200, ['test_mode', 'managed_payments_unknown'])).not.toHaveProperty('managedPayments');
  });
});

describe('payment health: degraded (200)', () => {
  it('counts active products without a tax code across several pages', async () => {
    const products = [
      ...activeProducts(250, { withoutTaxCode: [0, 99, 100, 101, 199, 200, 249] }),
      // Archived products are not sold: they must not count, tax code or not.
      { id: 'prod_archived1', active: false, tax_code: null },
      { id: 'prod_archived2', active: false, tax_code: null },
    ];
    const fake = await fakeWith({ products });
    const body = expectHealth(await call(), 200, ['products_without_tax_code', 'test_mode']);
    expect(body.status).toBe('degraded');
    expect(body.productsWithoutTaxCode).toBe(7);
    const pages = fake.requestsTo('products');
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => p.query.get('starting_after'))).toEqual([null, 'prod_00099', 'prod_00199']);
    expect(pages.every((p) => p.query.get('active') === 'true')).toBe(true);
  });

  it('reports a key whose mode differs from the mode Stripe reports', async () => {
    await fakeWith({ livemode: false }, { STRIPE_SECRET_KEY: LIVE_KEY });
    const body = expectHealth(await call(), 200, ['mode_mismatch'], LIVE_KEY);
    expect(body).toMatchObject({ status: 'degraded', mode: 'live', reportedMode: 'test' });
  });

  it('reports a key of another mode than STRIPE_EXPECTED_MODE', async () => {
    await fakeWith({}, { STRIPE_EXPECTED_MODE: 'live' });
    const body = expectHealth(await call(), 200, ['expected_mode_mismatch', 'test_mode']);
    expect(body).toMatchObject({ status: 'degraded', mode: 'test', reportedMode: 'test' });
  });

  it('reports an answer slower than PAYMENT_HEALTH_SLOW_MS but inside the timeout', async () => {
    await fakeWith({ on: { balance: { kind: 'delay', ms: 300 } } }, { PAYMENT_HEALTH_TIMEOUT_MS: '2000', PAYMENT_HEALTH_SLOW_MS: '100' });
    const body = expectHealth(await call(), 200, ['slow_response', 'test_mode']);
    expect(body.latencyMs).toBeGreaterThanOrEqual(250);
    expect(body.reachable).toBe(true);
  });

  it('asks for STRIPE_API_VERSION and reports an answer in another version', async () => {
    const fake = await fakeWith({ answerVersion: '2024-06-20' }, { STRIPE_API_VERSION: '2025-03-31.basil' });
    const body = expectHealth(await call(), 200, ['api_version_mismatch', 'test_mode']);
    expect(body.apiVersion).toBe('2024-06-20');
    expect(fake.requests.every((r) => r.stripeVersion === '2025-03-31.basil')).toBe(true);
  });

  it('reports the version Stripe answered in when it is the one asked for', async () => {
    await fakeWith({}, { STRIPE_API_VERSION: '2025-03-31.basil' });
    expect(expectHealth(await call(), 200, ['test_mode']).apiVersion).toBe('2025-03-31.basil');
  });

  it.each([
    ['markup', 'v1<script>alert(1)</script>'],
    ['a version with more after it', '2024-06-20; proxy=1'],
    ['8 KB of text', 'x'.repeat(8192)],
  ])("leaves out a stripe-version header that is no Stripe version (%s), and says the versions differ", async (_, answerVersion) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeWith({ answerVersion });
    const answer = await call();
    const body = expectHealth(answer, 200, ['api_version_mismatch', 'test_mode']);
    expect(body).not.toHaveProperty('apiVersion');
    expect(answer.text).not.toContain(answerVersion.slice(0, 8));
    vi.restoreAllMocks();
  });

  it('reads on when a restricted key may not read the balance, the mode from the products', async () => {
    const fake = await fakeWith({ livemode: true, on: { balance: stripeErrors.permission } }, { STRIPE_SECRET_KEY: LIVE_KEY });
    const body = expectHealth(await call(), 200, ['permission_denied'], LIVE_KEY);
    expect(body).toMatchObject({ reachable: true, reportedMode: 'live', productsWithoutTaxCode: 0, managedPayments: true });
    expect(fake.requestsTo('products')).toHaveLength(1);
  });

  it('leaves out what a denied read would have told', async () => {
    await fakeWith({ on: { sessions: stripeErrors.permission } });
    const body = expectHealth(await call(), 200, ['permission_denied', 'test_mode']);
    expect(body).not.toHaveProperty('managedPayments');
    expect(body.productsWithoutTaxCode).toBe(0);
  });

  it('stops at a rate limit without asking more', async () => {
    const fake = await fakeWith({ on: { balance: stripeErrors.rateLimit } });
    const body = expectHealth(await call(), 200, ['rate_limited', 'test_mode']);
    expect(body.reachable).toBe(true);
    expect(fake.requestsTo('products')).toHaveLength(0);
  });
});

describe('payment health: down (503)', () => {
  it('refused authentication: 401, no trace of the key Stripe echoes', async () => {
    const fake = await fakeWith({ on: { balance: stripeErrors.invalidApiKey } });
    const answer = await call();
    const body = expectHealth(answer, 503, ['auth_failed', 'test_mode']);
    expect(body).toMatchObject({ status: 'down', reachable: true, mode: 'test' });
    expect(body).not.toHaveProperty('reportedMode');
    expect(answer.text).not.toMatch(/Invalid API Key|\*\*\*/);
    expect(fake.requestsTo('products')).toHaveLength(0);
  });

  it("the provider's own failure: 500 with Stripe's api_error", async () => {
    const answer = await fakeWith({ on: { balance: stripeErrors.internal } }).then(() => call());
    expect(expectHealth(answer, 503, ['provider_error', 'test_mode']).reachable).toBe(true);
    expect(answer.text).not.toContain('unknown error');
  });

  it('a failure while listing products is down too', async () => {
    await fakeWith({ on: { products: stripeErrors.internal } });
    const body = expectHealth(await call(), 503, ['provider_error', 'test_mode']);
    expect(body).not.toHaveProperty('productsWithoutTaxCode');
    expect(body.reportedMode).toBe('test');
  });

  it('an answer that is not JSON', async () => {
    await fakeWith({ on: { balance: { kind: 'garbage' } } });
    expect(expectHealth(await call(), 503, ['unexpected_response', 'test_mode']).reachable).toBe(true);
  });

  it('JSON that is not a balance', async () => {
    await fakeWith({ on: { balance: { kind: 'json', body: { object: 'balance', available: [] } } } });
    expectHealth(await call(), 503, ['unexpected_response', 'test_mode']);
  });

  it('a product list that says "more" but does not move on', async () => {
    await fakeWith({ on: { products: { kind: 'json', body: { object: 'list', data: [], has_more: true, url: '/v1/products' } } } });
    expectHealth(await call(), 503, ['unexpected_response', 'test_mode']);
  });

  it('a version Stripe refuses: 400', async () => {
    const fake = await fakeWith({ on: { balance: stripeErrors.invalidVersion } }, { STRIPE_API_VERSION: '1999-01-01' });
    expectHealth(await call(), 503, ['request_rejected', 'test_mode']);
    expect(fake.requestsTo('balance')[0].stripeVersion).toBe('1999-01-01');
  });

  it('no answer within the timeout: gives up after PAYMENT_HEALTH_TIMEOUT_MS, not after the answer', async () => {
    await fakeWith({ on: { balance: { kind: 'delay', ms: 5000 } } }, { PAYMENT_HEALTH_TIMEOUT_MS: '500' });
    const answer = await call();
    const body = expectHealth(answer, 503, ['timeout', 'test_mode']);
    expect(body.reachable).toBe(false);
    expect(body).not.toHaveProperty('latencyMs');
    expect(answer.ms).toBeGreaterThanOrEqual(450);
    expect(answer.ms).toBeLessThan(1500);
  });

  it('the whole check is bounded: pages that each arrive in time cannot add up past the budget', async () => {
    // Each page comes in 300 ms, inside the 400 ms timeout; three of them do not fit the 800 ms budget.
    await fakeWith(
      { products: activeProducts(250), on: { products: { kind: 'delay', ms: 300 } } },
      { PAYMENT_HEALTH_TIMEOUT_MS: '400' },
    );
    const answer = await call();
    const body = expectHealth(answer, 503, ['timeout', 'test_mode']);
    expect(body).toMatchObject({ reachable: true, reportedMode: 'test' });
    expect(body).not.toHaveProperty('productsWithoutTaxCode');
    expect(answer.ms).toBeLessThan(1300);
  });

  it('the whole check is bounded: an answer that trickles in never holds it past the budget', async () => {
    // A byte every 100 ms keeps the connection's idle timer from ever firing.
    await fakeWith({ on: { balance: { kind: 'trickle', intervalMs: 100 } } }, { PAYMENT_HEALTH_TIMEOUT_MS: '400' });
    const answer = await call();
    expectHealth(answer, 503, ['timeout', 'test_mode']);
    expect(answer.ms).toBeGreaterThanOrEqual(750);
    expect(answer.ms).toBeLessThan(1300);
  });

  it('connection refused', async () => {
    const url = await closedPortUrl();
    useEnv({ STRIPE_SECRET_KEY: TEST_KEY, STRIPE_API_BASE: url });
    const body = expectHealth(await call(), 503, ['unreachable', 'test_mode']);
    expect(body).toMatchObject({ reachable: false, apiBaseHost: new URL(url).host });
    expect(body).not.toHaveProperty('latencyMs');
  });

  it('no key: down without calling anyone', async () => {
    const fake = await fakeWith({}, { STRIPE_SECRET_KEY: '' });
    const body = expectHealth(await call(), 503, ['key_missing']);
    expect(body).toEqual({ service: 'payment', status: 'down', apiBaseHost: fake.host, checkedAt: body.checkedAt, issues: [{ level: 'error', code: 'key_missing' }] });
    expect(fake.requests).toHaveLength(0);
  });

  it('the default API base is api.stripe.com', async () => {
    useEnv({});
    expect(expectHealth(await call(), 503, ['key_missing']).apiBaseHost).toBe('api.stripe.com');
  });

  it.each([
    ['a publishable key', 'pk_test_51HealthCheckFixtureKey0a1b2c3d4e5fZq9X', undefined],
    ['a truncated key', 'sk_test_Zq9X', 'test'],
    ['a key pasted with a newline', `${TEST_KEY}\n`, 'test'],
    ['a key with a quote', `"${TEST_KEY}"`, undefined],
  ])('a malformed key (%s): down without calling anyone', async (_, key, mode) => {
    const fake = await fakeWith({}, { STRIPE_SECRET_KEY: key });
    const answer = await call();
    const body = expectHealth(answer, 503, ['key_malformed']);
    expect(body.mode).toBe(mode);
    expect(fake.requests).toHaveLength(0);
    expectNoSecret(answer, key.trim());
  });

  it.each([
    ['STRIPE_API_BASE with a path', { STRIPE_API_BASE: 'https://api.stripe.com/v1' }],
    ['STRIPE_API_BASE not http', { STRIPE_API_BASE: 'ftp://api.stripe.com' }],
    ['STRIPE_EXPECTED_MODE unknown', { STRIPE_EXPECTED_MODE: 'production' }],
    ['STRIPE_API_VERSION not a version', { STRIPE_API_VERSION: 'latest' }],
    ['PAYMENT_HEALTH_TIMEOUT_MS not a number', { PAYMENT_HEALTH_TIMEOUT_MS: '3s' }],
  ])('a setting that cannot be used (%s)', async (_, env) => {
    useEnv({ STRIPE_SECRET_KEY: TEST_KEY, ...env });
    expectHealth(await call(), 503, ['config_invalid']);
  });

  it('a down answer is never "not modified"', async () => {
    await fakeWith({ on: { balance: stripeErrors.internal } });
    const first = await call();
    const again = await call(PATH, { headers: { 'if-none-match': first.response.headers.get('etag')! } });
    expectHealth(again, 503, ['provider_error', 'test_mode']);
  });
});

describe('payment health: the request', () => {
  it.each([
    ['force=0', 'force'],
    ['force=true', 'force'],
    ['force=', 'force'],
    ['force', 'force'],
    ['force=1&force=1', 'force'],
    ['Force=1', 'Force'],
    ['refresh=1', 'refresh'],
    ['force=1&verbose=1', 'verbose'],
  ])('?%s is a 400 naming %s, and runs no check', async (query, parameter) => {
    const fake = await fakeWith();
    const answer = await call(`${PATH}?${query}`);
    expect(answer.response.status).toBe(400);
    expectJsonHeaders(answer.response);
    expectValid('Error', answer.body);
    expect(answer.body).toMatchObject({ error: 'bad_request', code: 'bad_request', documentation_url: constants.documentationUrl });
    expect(answer.body.message).toContain(`"${parameter}"`);
    expect(answer.body.hints).toEqual(expect.arrayContaining([`${BASE}${PATH}`, `${BASE}/openapi.json`]));
    expect(fake.requests).toHaveLength(0);
    expectNoSecret(answer);
  });

  it.each([
    ['an unknown parameter of 100 KB', `${'p'.repeat(100_000)}=1`],
    ['a force value of 100 KB', `force=${'1'.repeat(100_000)}`],
    ['a value of 100 KB, every byte percent-encoded', `force=${'%C3%A9'.repeat(20_000)}`],
  ])('echoes %s cut to a few hundred characters, marked as cut', async (_, query) => {
    const fake = await fakeWith();
    const answer = await call(`${PATH}?${query}`);
    expect(answer.response.status).toBe(400);
    expectJsonHeaders(answer.response);
    expectValid('Error', answer.body);
    expect(answer.body.message.length).toBeLessThan(ECHO_MAX + 120);
    expect(answer.body.message).toMatch(/…" \(cut: [0-9]+ characters in all\)/);
    expect(answer.text.length).toBeLessThan(1000);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers under /v1 the same way', async () => {
    const fake = await fakeWith();
    const answer = await call(`/v1${PATH}`);
    expectHealth(answer, 200, ['test_mode']);
    expect(answer.response.headers.get('api-version')).toBe('1');
    expect((await call(`/v1${PATH}?force=2`)).response.status).toBe(400);
    expect(fake.requestsTo('balance')).toHaveLength(1);
  });

  it('lists both paths in its config', () => {
    expect(config.path).toEqual([PATH, `/v1${PATH}`]);
  });

  it('HEAD: the same status and headers, no body', async () => {
    await fakeWith();
    const get = await call();
    const head = await call(PATH, { method: 'HEAD' });
    expect(head.response.status).toBe(200);
    expect(head.text).toBe('');
    expectJsonHeaders(head.response);
    expect(head.response.headers.get('etag')).toBe(get.response.headers.get('etag'));
    expectNoSecret(head);
  });

  it('If-None-Match with the current tag (alone or in a list) is a 304 with every header', async () => {
    await fakeWith();
    const first = await call();
    const etag = first.response.headers.get('etag')!;
    for (const header of [etag, `"other", W/${etag}`, '*']) {
      const again = await call(PATH, { headers: { 'if-none-match': header } });
      expect(again.response.status, header).toBe(304);
      expect(again.text).toBe('');
      expectJsonHeaders(again.response);
      expect(again.response.headers.get('etag')).toBe(etag);
    }
    const stale = await call(PATH, { headers: { 'if-none-match': '"stale"' } });
    expectHealth(stale, 200, ['test_mode']);
  });

  it('answers a preflight, and refuses other methods with 405', async () => {
    useEnv({});
    const { response: preflight } = await call(PATH, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    const post = await call(PATH, { method: 'POST' });
    expect(post.response.status).toBe(405);
    expect(post.response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expectJsonHeaders(post.response);
    expectValid('Error', post.body);
  });
});
