import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { DeadlineExceeded } from './budget.ts';
import { classifyFailure } from './classify.ts';
import { UnexpectedAnswer } from './wire.ts';

const { errors } = Stripe;
const raw = (statusCode?: number) => ({ message: 'Invalid API Key provided: sk_test_****Zq9X', type: 'invalid_request_error' as const, statusCode });

describe('classifyFailure', () => {
  it.each([
    ['the client timer', new errors.StripeConnectionError({ message: 'x', detail: Object.assign(new Error('t'), { code: 'ETIMEDOUT' }) } as never), 'timeout', false],
    ['a refused connection', new errors.StripeConnectionError({ message: 'x', detail: Object.assign(new Error('r'), { code: 'ECONNREFUSED' }) } as never), 'unreachable', false],
    ['the check budget', new DeadlineExceeded(), 'timeout', false],
    ['401', new errors.StripeAuthenticationError(raw(401)), 'auth_failed', true],
    ['403', new errors.StripePermissionError(raw(403)), 'permission_denied', true],
    ['429', new errors.StripeRateLimitError(raw(429)), 'rate_limited', true],
    ['400', new errors.StripeInvalidRequestError(raw(400)), 'request_rejected', true],
    ['500', new errors.StripeAPIError(raw(500)), 'provider_error', true],
    ['a body that is not JSON', new errors.StripeAPIError({ message: 'Invalid JSON received from the Stripe API' }), 'unexpected_response', true],
    ['a 402 to a read', new errors.StripeCardError(raw(402)), 'unexpected_response', true],
    ['a wrong shape', new UnexpectedAnswer('x'), 'unexpected_response', true],
    ['a fault of the check', new TypeError('x is undefined'), 'check_failed', false],
  ])('%s', (_, error, code, answered) => {
    expect(classifyFailure(error)).toEqual({ code, answered });
  });
});
