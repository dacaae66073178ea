/**
 * The issue codes of the payment health check and the level each one has. The schema's enum is the
 * list of codes; this table gives each its level, and the compiler refuses a code without one.
 */
import type { PaymentHealth, PaymentIssue } from '../../core/types.ts';

export type IssueCode = PaymentIssue['code'];
export type IssueLevel = PaymentIssue['level'];
export type HealthStatus = PaymentHealth['status'];

export const ISSUE_LEVELS: Readonly<Record<IssueCode, IssueLevel>> = {
  // Nothing useful can be said about payments: the endpoint answers 503.
  key_missing: 'error',
  key_malformed: 'error',
  config_invalid: 'error',
  auth_failed: 'error',
  request_rejected: 'error',
  unreachable: 'error',
  timeout: 'error',
  provider_error: 'error',
  unexpected_response: 'error',
  check_failed: 'error',
  // Payments can probably be taken, but something needs an operator's look: 200, degraded.
  permission_denied: 'warning',
  rate_limited: 'warning',
  mode_mismatch: 'warning',
  expected_mode_mismatch: 'warning',
  api_version_mismatch: 'warning',
  products_without_tax_code: 'warning',
  slow_response: 'warning',
  // Worth knowing, changes nothing.
  test_mode: 'info',
  managed_payments_unknown: 'info',
};

const SEVERITY: Readonly<Record<IssueLevel, number>> = { error: 0, warning: 1, info: 2 };
const TABLE_ORDER = Object.keys(ISSUE_LEVELS) as IssueCode[];

/** Issues with their levels, each code once, the most severe first, then in table order, so equal
 * checks give equal bodies (and equal ETags). */
export function issuesOf(codes: Iterable<IssueCode>): PaymentIssue[] {
  return [...new Set(codes)]
    .sort((a, b) => SEVERITY[ISSUE_LEVELS[a]] - SEVERITY[ISSUE_LEVELS[b]] || TABLE_ORDER.indexOf(a) - TABLE_ORDER.indexOf(b))
    .map((code) => ({ level: ISSUE_LEVELS[code], code }));
}

/** `down` on any error, `degraded` on any warning, else `ok`: info never changes the status. */
export function statusOf(issues: readonly PaymentIssue[]): HealthStatus {
  if (issues.some((issue) => issue.level === 'error')) return 'down';
  if (issues.some((issue) => issue.level === 'warning')) return 'degraded';
  return 'ok';
}

/** 503 tells a monitor that payments cannot be trusted to work; degraded still answers 200. */
export function httpStatusOf(health: Pick<PaymentHealth, 'status'>): 200 | 503 {
  return health.status === 'down' ? 503 : 200;
}
