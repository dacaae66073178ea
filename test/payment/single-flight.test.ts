/**
 * What the payment check costs the provider, counted where the calls arrive (the local stand-in for
 * Stripe): one check (three calls) however many requests come together, a result kept for 60
 * seconds, `force=1` honoured at most once every 10 seconds, and the age of every answer in `age`.
 * All of it per function instance, the module's scope.
 */
import { describe, expect, it, vi } from 'vitest';
import { HEALTH_FORCE_INTERVAL_MS, HEALTH_TTL_MS } from '../../runtime/payment/index.ts';
import { stripeErrors } from './fake-stripe.ts';
import { ageOf, call, expectHealth, fakeWith, LIVE_KEY, PATH, TEST_KEY, useEnv } from './handler.ts';
import type { Handler } from './handler.ts';

/** The calls of one whole check: the balance, one page of products, the newest checkout session. */
const CALLS_PER_CHECK = 3;
const FORCED = `${PATH}?force=1`;

function clockAt(iso: string): (offsetMs: number) => void {
  vi.useFakeTimers({ toFake: ['Date'] });
  const start = Date.parse(iso);
  vi.setSystemTime(start);
  return (offsetMs) => vi.setSystemTime(start + offsetMs);
}

describe('payment health: one check for many requests', () => {
  it('500 concurrent forced requests make one check: three calls to the provider, not 1,500', async () => {
    // The provider answers slowly, so every request arrives while the first check still runs.
    const fake = await fakeWith({ on: { balance: { kind: 'delay', ms: 150 } } });
    const answers = await Promise.all(Array.from({ length: 500 }, () => call(FORCED)));
    expect(fake.requests).toHaveLength(CALLS_PER_CHECK);
    expect(fake.requestsTo('balance')).toHaveLength(1);
    const first = expectHealth(answers[0], 200, ['test_mode']);
    for (const answer of answers) {
      expect(answer.response.status).toBe(200);
      expect(answer.body).toEqual(first);
      expect(ageOf(answer.response)).toBe(0);
    }
  });

  it('500 more forced requests right after it get the kept result; the next forced request after 10 s checks again', async () => {
    const at = clockAt('2026-03-01T12:00:00Z');
    const fake = await fakeWith();
    const first = expectHealth(await call(FORCED), 200, ['test_mode']);
    expect(fake.requests).toHaveLength(CALLS_PER_CHECK);

    at(HEALTH_FORCE_INTERVAL_MS - 1);
    const again = await Promise.all(Array.from({ length: 500 }, () => call(FORCED)));
    expect(fake.requests).toHaveLength(CALLS_PER_CHECK);
    for (const answer of again) {
      expect(answer.body.checkedAt).toBe(first.checkedAt);
      expect(ageOf(answer.response)).toBe(9);
    }

    at(HEALTH_FORCE_INTERVAL_MS);
    const fresh = await Promise.all(Array.from({ length: 500 }, () => call(FORCED)));
    expect(fake.requests).toHaveLength(2 * CALLS_PER_CHECK);
    for (const answer of fresh) {
      expect(answer.body.checkedAt).toBe('2026-03-01T12:00:10.000Z');
      expect(ageOf(answer.response)).toBe(0);
    }
  });

  it('a minute of forced requests every 100 ms costs six checks', async () => {
    const at = clockAt('2026-03-01T12:00:00Z');
    const fake = await fakeWith();
    for (let ms = 0; ms < HEALTH_TTL_MS; ms += 100) {
      at(ms);
      expect((await call(FORCED)).response.status).toBe(200);
    }
    expect(fake.requestsTo('balance')).toHaveLength(HEALTH_TTL_MS / HEALTH_FORCE_INTERVAL_MS);
  });

  it('a failing provider is asked no more often: a down result is kept and shared too', async () => {
    const fake = await fakeWith({ on: { balance: { ...stripeErrors.internal } } });
    const answers = await Promise.all(Array.from({ length: 200 }, () => call(FORCED)));
    for (const answer of answers) expect(answer.response.status).toBe(503);
    expect(fake.requestsTo('balance')).toHaveLength(1);
    expect((await call(FORCED)).response.status).toBe(503);
    expect(fake.requestsTo('balance')).toHaveLength(1);
  });
});

describe('payment health: the result is kept for 60 seconds', () => {
  it('serves the kept result within 60 s with its age, checks again after; force=1 replaces a result 10 s old', async () => {
    const at = clockAt('2026-03-01T12:00:00Z');
    const fake = await fakeWith();
    const balanceCalls = () => fake.requestsTo('balance').length;

    const first = await call();
    expect(expectHealth(first, 200, ['test_mode']).checkedAt).toBe('2026-03-01T12:00:00.000Z');
    expect(ageOf(first.response)).toBe(0);
    expect(balanceCalls()).toBe(1);

    at(59_000);
    const kept = await call();
    expect(expectHealth(kept, 200, ['test_mode']).checkedAt).toBe('2026-03-01T12:00:00.000Z');
    expect(ageOf(kept.response)).toBe(59);
    expect(balanceCalls()).toBe(1);

    at(61_000);
    const fresh = await call();
    expect(expectHealth(fresh, 200, ['test_mode']).checkedAt).toBe('2026-03-01T12:01:01.000Z');
    expect(ageOf(fresh.response)).toBe(0);
    expect(balanceCalls()).toBe(2);

    // 5 s old: too young for force.
    at(66_000);
    const early = await call(FORCED);
    expect(expectHealth(early, 200, ['test_mode']).checkedAt).toBe('2026-03-01T12:01:01.000Z');
    expect(ageOf(early.response)).toBe(5);
    expect(balanceCalls()).toBe(2);

    // 10 s old: force runs the check again, and its result is the one kept from then on.
    at(71_000);
    const forced = await call(FORCED);
    expect(expectHealth(forced, 200, ['test_mode']).checkedAt).toBe('2026-03-01T12:01:11.000Z');
    expect(ageOf(forced.response)).toBe(0);
    expect(balanceCalls()).toBe(3);
    at(72_500);
    const after = await call();
    expect(after.body.checkedAt).toBe(forced.body.checkedAt);
    expect(ageOf(after.response)).toBe(1);
    expect(balanceCalls()).toBe(3);
  });

  it('a 304 carries the age too', async () => {
    const at = clockAt('2026-03-01T12:00:00Z');
    await fakeWith();
    const first = await call();
    at(30_000);
    const again = await call(PATH, { headers: { 'if-none-match': first.response.headers.get('etag')! } });
    expect(again.response.status).toBe(304);
    expect(ageOf(again.response)).toBe(30);
  });

  it('never serves a result checked with other settings', async () => {
    const fake = await fakeWith({ livemode: true }, { STRIPE_SECRET_KEY: LIVE_KEY });
    expectHealth(await call(), 200, [], LIVE_KEY);
    useEnv({ STRIPE_SECRET_KEY: TEST_KEY, STRIPE_API_BASE: fake.url });
    expectHealth(await call(), 200, ['mode_mismatch', 'test_mode']);
    expect(fake.requestsTo('balance')).toHaveLength(2);
  });
});

describe('payment health: the bound is per function instance', () => {
  it('each instance (a fresh module scope) keeps its own result and runs its own check', async () => {
    // On Netlify each concurrent request runs in an instance of its own (AWS Lambda: "for each
    // concurrent request, Lambda provisions a separate instance of your execution environment",
    // docs.aws.amazon.com/lambda/latest/dg/lambda-concurrency.html), so a burst that starts new
    // instances costs one check per new instance; what one instance keeps, it never shares.
    const fake = await fakeWith();
    const instances: Handler[] = [];
    for (let i = 0; i < 3; i++) {
      vi.resetModules();
      instances.push((await import('../../functions/health-payment.ts')).default as Handler);
    }
    for (const instance of instances) {
      await Promise.all(Array.from({ length: 50 }, () => call(FORCED, undefined, instance)));
    }
    expect(fake.requestsTo('balance')).toHaveLength(instances.length);
    expect(fake.requests).toHaveLength(instances.length * CALLS_PER_CHECK);
  });
});
