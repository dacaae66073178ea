import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSchema } from '../../build/ajv.ts';
import { httpStatusOf, ISSUE_LEVELS, issuesOf, statusOf } from './issues.ts';

describe('payment issues', () => {
  it('orders issues by severity, then by the table, each code once', () => {
    expect(issuesOf(['test_mode', 'slow_response', 'timeout', 'slow_response'])).toEqual([
      { level: 'error', code: 'timeout' },
      { level: 'warning', code: 'slow_response' },
      { level: 'info', code: 'test_mode' },
    ]);
  });

  it('is down on an error, degraded on a warning, ok on info alone', () => {
    expect(statusOf(issuesOf(['test_mode', 'mode_mismatch', 'unreachable']))).toBe('down');
    expect(statusOf(issuesOf(['test_mode', 'mode_mismatch']))).toBe('degraded');
    expect(statusOf(issuesOf(['test_mode', 'managed_payments_unknown']))).toBe('ok');
    expect(statusOf([])).toBe('ok');
    expect([httpStatusOf({ status: 'ok' }), httpStatusOf({ status: 'degraded' }), httpStatusOf({ status: 'down' })]).toEqual([200, 200, 503]);
  });

  it('has a level for exactly the codes of the schema', () => {
    const schema = readSchema('api/payment-health.schema.json') as { $defs: { PaymentIssue: { properties: { code: { enum: string[] } } } } };
    expect(Object.keys(ISSUE_LEVELS).sort()).toEqual([...schema.$defs.PaymentIssue.properties.code.enum].sort());
  });

  it('is documented for operators: docs/operators.md lists every code with its level', () => {
    const operators = readFileSync(new URL('../../docs/operators.md', import.meta.url), 'utf8');
    const rows = [...operators.matchAll(/^\| `([a-z_]+)` \| (info|warning|error) \|/gm)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(rows)).toEqual(ISSUE_LEVELS);
    expect(rows).toHaveLength(Object.keys(ISSUE_LEVELS).length);
  });
});
