/** One payment health check, from the environment to a PaymentHealth body. Never throws. */
import type { PaymentHealth } from '../../core/types.ts';
import { assess, assessUnchecked } from './assess.ts';
import { createBudget, settlesWithin } from './budget.ts';
import { checkClient } from './client.ts';
import { readPaymentConfig } from './config.ts';
import type { PaymentConfig, PaymentEnv } from './config.ts';
import type { ProbeFacts } from './probe.ts';
import { probe } from './probe.ts';

export interface CheckOptions {
  /** Wall clock for checkedAt. */
  now?: () => Date;
}

export async function checkPaymentHealth(env: PaymentEnv, { now = () => new Date() }: CheckOptions = {}): Promise<PaymentHealth> {
  const read = readPaymentConfig(env);
  if (!read.ok) return assessUnchecked(read, now());
  try {
    return await checkWith(read.config, now);
  } catch (error) {
    // The provider's failures are issues already; only a fault of the check itself gets here.
    console.error('payment health: the check itself failed', error);
    return assessUnchecked({ mode: read.config.mode, apiBaseHost: read.config.api.host, issues: ['check_failed'] }, now());
  }
}

async function checkWith(config: PaymentConfig, now: () => Date): Promise<PaymentHealth> {
  const client = checkClient(config);
  const facts: ProbeFacts = { issues: [] };
  try {
    const work = probe(client.stripe, createBudget(config.timeoutMs, config.budgetMs), facts).catch((error: unknown) => {
      console.error('payment health: the check itself failed', error);
      facts.issues.push('check_failed');
    });
    // Each request waits at most what is left of the budget, but the client's timer measures
    // silence, not the whole answer: a byte now and then keeps it waiting. This bound holds whatever
    // the other end does.
    if (!(await settlesWithin(work, config.budgetMs))) facts.issues.push('timeout');
    // assess builds a new body from the facts as they are now: a request still running past the
    // budget cannot change it, and close() below ends that request.
    return assess({ config, requestedVersion: client.requestedVersion, facts, checkedAt: now() });
  } finally {
    client.close();
  }
}
