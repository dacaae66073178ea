/**
 * A failed request as an issue code. The provider's own message is never kept: Stripe's 401 text,
 * for one, repeats the end of the key.
 */
import Stripe from 'stripe';
import type { IssueCode } from './issues.ts';
import { DeadlineExceeded } from './budget.ts';
import { UnexpectedAnswer } from './wire.ts';

export interface Failure {
  code: IssueCode;
  /** The provider sent an HTTP answer, so it is reachable, whatever the answer said. */
  answered: boolean;
}

const { errors } = Stripe;

export function classifyFailure(error: unknown): Failure {
  if (error instanceof DeadlineExceeded) return { code: 'timeout', answered: false };
  if (error instanceof UnexpectedAnswer) return { code: 'unexpected_response', answered: true };
  if (error instanceof errors.StripeConnectionError) {
    // The client turns its own timer into ETIMEDOUT; refused, reset or unresolvable hosts keep
    // their system codes.
    const cause = error.detail as { code?: unknown } | undefined;
    return { code: cause?.code === 'ETIMEDOUT' ? 'timeout' : 'unreachable', answered: false };
  }
  if (error instanceof errors.StripeAuthenticationError) return { code: 'auth_failed', answered: true };
  if (error instanceof errors.StripePermissionError) return { code: 'permission_denied', answered: true };
  if (error instanceof errors.StripeRateLimitError) return { code: 'rate_limited', answered: true };
  // A 400 or 404 to a request without parameters: most often a STRIPE_API_VERSION Stripe does not know.
  if (error instanceof errors.StripeInvalidRequestError || error instanceof errors.StripeIdempotencyError) {
    return { code: 'request_rejected', answered: true };
  }
  if (error instanceof errors.StripeAPIError) {
    // With a status, Stripe said it failed; without one the body was not JSON at all (a proxy's page).
    return { code: typeof error.statusCode === 'number' ? 'provider_error' : 'unexpected_response', answered: true };
  }
  if (error instanceof errors.StripeError) return { code: 'unexpected_response', answered: true };
  return { code: 'check_failed', answered: false };
}
