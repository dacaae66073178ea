/** From what the check learnt to the PaymentHealth body: the derived issues, the status. Pure. */
import type { PaymentHealth } from '../../core/types.ts';
import { fitsField } from './bounds.ts';
import type { HealthField } from './bounds.ts';
import type { ConfigResult, PaymentConfig } from './config.ts';
import type { IssueCode } from './issues.ts';
import { issuesOf, statusOf } from './issues.ts';
import type { ProbeFacts } from './probe.ts';

export interface CheckedFacts {
  config: PaymentConfig;
  requestedVersion: string;
  facts: ProbeFacts;
  checkedAt: Date;
}

export function assess({ config, requestedVersion, facts, checkedAt }: CheckedFacts): PaymentHealth {
  const codes: IssueCode[] = [...facts.issues];
  if (config.mode === 'test') codes.push('test_mode');
  if (facts.reportedMode !== undefined && facts.reportedMode !== config.mode) codes.push('mode_mismatch');
  if (config.expectedMode !== undefined && config.expectedMode !== config.mode) codes.push('expected_mode_mismatch');
  if (facts.answeredVersion !== undefined && facts.answeredVersion !== requestedVersion) codes.push('api_version_mismatch');
  if ((facts.productsWithoutTaxCode ?? 0) > 0) codes.push('products_without_tax_code');
  if (facts.reachable && facts.latencyMs !== undefined && facts.latencyMs > config.slowMs) codes.push('slow_response');
  return body({
    mode: config.mode,
    reportedMode: facts.reportedMode,
    apiBaseHost: config.api.host,
    apiVersion: facts.answeredVersion ?? requestedVersion,
    managedPayments: facts.managedPayments,
    productsWithoutTaxCode: facts.productsWithoutTaxCode,
    reachable: facts.reachable,
    latencyMs: facts.latencyMs,
    checkedAt,
    codes,
  });
}

/** No check ran (the settings forbid it, or it failed before learning anything): say what the
 * settings tell, and why. */
export function assessUnchecked(result: Omit<Extract<ConfigResult, { ok: false }>, 'ok'>, checkedAt: Date): PaymentHealth {
  return body({ mode: result.mode, apiBaseHost: result.apiBaseHost, checkedAt, codes: result.issues });
}

/** The body's facts as the check has them: a Date for `checkedAt`, issue codes for `issues`. */
type BodyParts = Omit<PaymentHealth, 'service' | 'status' | 'checkedAt' | 'issues'> & { checkedAt: Date; codes: IssueCode[] };

/**
 * Unknown fields are left out, never sent as null; callers list the known ones in the schema's order.
 * So is a value outside its field's bounds in the schema: the provider's `stripe-version` header, for
 * one, is any text a proxy cares to send. The log names the field only, never the value.
 */
function body({ checkedAt, codes, ...known }: BodyParts): PaymentHealth {
  const issues = issuesOf(codes);
  const present = Object.fromEntries(
    Object.entries(known).filter(([name, value]) => {
      if (value === undefined) return false;
      if (fitsField(name as HealthField, value)) return true;
      console.warn(`payment health: ${name} left out of the answer: the value does not fit payment-health.schema.json`);
      return false;
    }),
  ) as Partial<PaymentHealth>;
  return { service: 'payment', status: statusOf(issues), ...present, checkedAt: checkedAt.toISOString(), issues };
}
