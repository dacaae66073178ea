/**
 * The calls to Stripe, in order: the balance first (cheap, and it proves the address, the key and the
 * mode), then, once that answered, the products and the newest checkout session side by side.
 * Facts are written into `facts` as they arrive, so a check cut short by its budget still reports
 * what it learnt.
 */
import type Stripe from 'stripe';
import type { PaymentMode } from '../../core/types.ts';
import type { Budget } from './budget.ts';
import { classifyFailure } from './classify.ts';
import type { IssueCode } from './issues.ts';
import { readManagedPayments } from './managed-payments.ts';
import { countProductsWithoutTaxCode } from './products.ts';
import { answeredVersion, requireLivemode, UnexpectedAnswer } from './wire.ts';

export interface ProbeFacts {
  reachable?: boolean;
  latencyMs?: number;
  reportedMode?: PaymentMode;
  answeredVersion?: string;
  productsWithoutTaxCode?: number;
  managedPayments?: boolean;
  issues: IssueCode[];
}

export async function probe(stripe: Stripe, budget: Budget, facts: ProbeFacts): Promise<void> {
  const started = performance.now();
  try {
    const balance = await stripe.balance.retrieve({}, { timeout: budget.requestTimeout() });
    facts.latencyMs = elapsedSince(started);
    facts.reachable = true;
    if ((balance as { object?: unknown }).object !== 'balance') throw new UnexpectedAnswer('the balance is not a balance');
    note(facts, requireLivemode(balance, 'the balance'), answeredVersion(balance));
  } catch (error) {
    const failure = classifyFailure(error);
    // A fault of the check itself says nothing about the provider.
    if (failure.code !== 'check_failed') facts.reachable = failure.answered;
    if (failure.answered) facts.latencyMs ??= elapsedSince(started);
    report(facts, failure.code, error);
    // A restricted key may lack the balance permission and still serve checkout: read on. Any
    // other failure leaves nothing that a further call could add.
    if (failure.code !== 'permission_denied') return;
  }
  await Promise.all([
    countProductsWithoutTaxCode(stripe, budget).then(
      (count) => {
        facts.productsWithoutTaxCode = count.withoutTaxCode;
        note(facts, count.livemode, count.version);
      },
      (error) => report(facts, classifyFailure(error).code, error),
    ),
    readManagedPayments(stripe, budget).then(
      (reading) => {
        if (reading.enabled === undefined) facts.issues.push('managed_payments_unknown');
        else facts.managedPayments = reading.enabled;
        note(facts, reading.livemode, reading.version);
      },
      (error) => report(facts, classifyFailure(error).code, error),
    ),
  ]);
}

/** The first answer that tells the mode or the version sets it. */
function note(facts: ProbeFacts, livemode: boolean | undefined, version: string | undefined): void {
  if (livemode !== undefined) facts.reportedMode ??= livemode ? 'live' : 'test';
  if (version !== undefined) facts.answeredVersion ??= version;
}

function report(facts: ProbeFacts, code: IssueCode, error: unknown): void {
  facts.issues.push(code);
  // Our own fault, not the provider's: the operator needs the cause, which names no secret.
  if (code === 'check_failed') console.error('payment health: the check itself failed', error);
}

function elapsedSince(started: number): number {
  return Math.round(performance.now() - started);
}
