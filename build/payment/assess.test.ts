import { describe, expect, it } from 'vitest';
import { apiValidator } from '../ajv.ts';
import { assess } from './assess.ts';
import type { PaymentConfig } from './config.ts';

const config: PaymentConfig = {
  key: 'sk_live_51AssessFixtureKey000000000Zz99',
  mode: 'live',
  api: { protocol: 'https', hostname: 'api.stripe.com', port: 443, host: 'api.stripe.com' },
  timeoutMs: 3000,
  budgetMs: 6000,
  slowMs: 1000,
};
const checkedAt = new Date('2026-01-01T00:00:00Z');

describe('assess', () => {
  it('leaves unknown facts out, never null or undefined, and is a valid PaymentHealth', () => {
    const health = assess({ config, requestedVersion: 'v1', facts: { reachable: false, issues: ['unreachable'] }, checkedAt });
    expect(health).toEqual({
      service: 'payment',
      status: 'down',
      mode: 'live',
      apiBaseHost: 'api.stripe.com',
      apiVersion: 'v1',
      reachable: false,
      checkedAt: '2026-01-01T00:00:00.000Z',
      issues: [{ level: 'error', code: 'unreachable' }],
    });
    expect(apiValidator('PaymentHealth')(health)).toBe(true);
  });

  it('calls an answer slow only above the threshold', () => {
    const at = (latencyMs: number) =>
      assess({ config, requestedVersion: 'v1', facts: { reachable: true, latencyMs, reportedMode: 'live', issues: [] }, checkedAt }).issues;
    expect(at(1000)).toEqual([]);
    expect(at(1001)).toEqual([{ level: 'warning', code: 'slow_response' }]);
  });

  it('derives the warnings from the facts', () => {
    const health = assess({
      config: { ...config, expectedMode: 'test' },
      requestedVersion: 'v1',
      facts: { reachable: true, latencyMs: 5, reportedMode: 'test', answeredVersion: 'v0', productsWithoutTaxCode: 2, issues: [] },
      checkedAt,
    });
    expect(health.status).toBe('degraded');
    expect(health.issues.map((i) => i.code)).toEqual(['mode_mismatch', 'expected_mode_mismatch', 'api_version_mismatch', 'products_without_tax_code']);
    expect(health.apiVersion).toBe('v0');
  });
});
