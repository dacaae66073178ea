/**
 * The payment health function called in-process, and what every answer of it must be: the helpers
 * the payment suites share. Settings go through `vi.stubEnv`, undone after each test.
 */
import { afterEach, expect, vi } from 'vitest';
import handler from '../../functions/health-payment.ts';
import constants from '../../runtime/generated/function-constants.json' with { type: 'json' };
import { apiValidator } from '../../build/ajv.ts';
import type { ApiSchemaName } from '../../core/schema-files.ts';
import { CACHE_NO_STORE } from '../../core/headers.ts';
import { ENV_NAMES } from '../../runtime/payment/config.ts';
import type { PaymentEnv } from '../../runtime/payment/config.ts';
import type { PaymentHealth } from '../../core/types.ts';
import { expectFullHeaderSet } from '../helpers/header-set.ts';
import { startFakeStripe } from './fake-stripe.ts';
import type { FakeStripe, FakeStripeScript } from './fake-stripe.ts';

export const TEST_KEY = 'sk_test_51HealthCheckFixtureKey0a1b2c3d4e5fZq9X';
export const LIVE_KEY = 'sk_live_51HealthCheckFixtureKey6g7h8i9j0kLv7W';
export const BASE = constants.baseUrl;
export const PATH = '/api/public/health/payment';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

/** Every setting the check reads, the unnamed ones unset (an empty value means unset). */
export function useEnv(vars: PaymentEnv): void {
  for (const name of ENV_NAMES) vi.stubEnv(name, vars[name] ?? '');
}

export async function fakeWith(script: FakeStripeScript = {}, env: PaymentEnv = {}): Promise<FakeStripe> {
  const fake = await startFakeStripe(script);
  useEnv({ STRIPE_SECRET_KEY: TEST_KEY, STRIPE_API_BASE: fake.url, ...env });
  return fake;
}

export interface Answer {
  response: Response;
  text: string;
  body: any;
  ms: number;
}

export type Handler = (request: Request, context: never) => Promise<Response>;

/** One request to the function (by default the module every suite shares: one function instance). */
export async function call(path = PATH, init?: RequestInit, answer: Handler = handler): Promise<Answer> {
  const started = performance.now();
  const response = await answer(new Request(`http://localhost${path}`, init), {} as never);
  const text = await response.text();
  return { response, text, body: text === '' ? undefined : JSON.parse(text), ms: performance.now() - started };
}

export const codes = (body: PaymentHealth) => body.issues.map((issue) => issue.code);

export function expectValid(name: ApiSchemaName, value: unknown): void {
  const validate = apiValidator(name);
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
}

/** The header set every JSON answer of the service carries, set by the function itself; never stored. */
export function expectJsonHeaders(response: Response, path = PATH): void {
  expectFullHeaderSet(response.headers, { stamp: constants, path, cacheControl: CACHE_NO_STORE, etag: true });
  expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
}

/** Neither the key, nor the part after its prefix, nor the four characters Stripe's messages repeat. */
export function expectNoSecret({ response, text }: Answer, key = TEST_KEY): void {
  const everything = [text, ...[...response.headers].map(([name, value]) => `${name}: ${value}`)].join('\n');
  for (const part of [key, key.slice(8), key.slice(-12), key.slice(-4)]) {
    expect(everything.includes(part), `the answer contains ${part}`).toBe(false);
  }
}

/** Whole seconds since the check, as the `age` header says, exposed to browsers. */
export function ageOf(response: Response): number {
  const age = response.headers.get('age');
  expect(age, 'age header').toMatch(/^(0|[1-9][0-9]*)$/);
  expect(response.headers.get('access-control-expose-headers')?.split(/,\s*/)).toContain('age');
  return Number(age);
}

/** A PaymentHealth answer, checked whole. */
export function expectHealth(answer: Answer, status: 200 | 503, issueCodes: string[], key = TEST_KEY): PaymentHealth {
  expect(answer.response.status).toBe(status);
  expect(answer.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expectJsonHeaders(answer.response);
  ageOf(answer.response);
  expectValid('PaymentHealth', answer.body);
  const body = answer.body as PaymentHealth;
  expect(body.service).toBe('payment');
  expect(body.status).toBe(status === 503 ? 'down' : issueCodes.some((c) => !['test_mode', 'managed_payments_unknown'].includes(c)) ? 'degraded' : 'ok');
  expect(codes(body)).toEqual(issueCodes);
  expectNoSecret(answer, key);
  return body;
}
