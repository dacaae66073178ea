import { describe, expect, it, vi } from 'vitest';
import { apiValidator } from '../../build/ajv.ts';
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
const ASKED = '2026-10-28.endive';

describe('assess', () => {
  it('leaves unknown facts out, never null or undefined, and is a valid PaymentHealth', () => {
    const health = assess({ config, requestedVersion: ASKED, facts: { reachable: false, issues: ['unreachable'] }, checkedAt });
    expect(health).toEqual({
      service: 'payment',
      status: 'down',
      mode: 'live',
      apiBaseHost: 'api.stripe.com',
      apiVersion: ASKED,
      reachable: false,
      checkedAt: '2026-01-01T00:00:00.000Z',
      issues: [{ level: 'error', code: 'unreachable' }],
    });
    expect(apiValidator('PaymentHealth')(health)).toBe(true);
  });

  it('calls an answer slow only above the threshold', () => {
    const at = (latencyMs: number) =>
      assess({ config, requestedVersion: ASKED, facts: { reachable: true, latencyMs, reportedMode: 'live', issues: [] }, checkedAt }).issues;
    expect(at(1000)).toEqual([]);
    expect(at(1001)).toEqual([{ level: 'warning', code: 'slow_response' }]);
  });

  it('derives the warnings from the facts', () => {
    const health = assess({
      config: { ...config, expectedMode: 'test' },
      requestedVersion: ASKED,
      facts: { reachable: true, latencyMs: 5, reportedMode: 'test', answeredVersion: '2024-06-20', productsWithoutTaxCode: 2, issues: [] },
      checkedAt,
    });
    expect(health.status).toBe('degraded');
    expect(health.issues.map((i) => i.code)).toEqual(['mode_mismatch', 'expected_mode_mismatch', 'api_version_mismatch', 'products_without_tax_code']);
    expect(health.apiVersion).toBe('2024-06-20');
  });

  it.each([
    ['a header of any text', 'v1<script>alert(1)</script>'],
    ['a version with a trailing newline', '2024-06-20\n'],
    ['a version followed by more', '2024-06-20.basil; charset=x'],
    ['an oversized release name', `2024-06-20.${'a'.repeat(33)}`],
    ['a lone surrogate', '2024-06-20.\uD800'],
  ])('leaves out an answered version that is not a Stripe version (%s), and reports the mismatch', (_, answered) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const health = assess({ config, requestedVersion: ASKED, facts: { reachable: true, latencyMs: 5, reportedMode: 'live', answeredVersion: answered, issues: [] }, checkedAt });
    expect(health).not.toHaveProperty('apiVersion');
    expect(health.issues).toEqual([{ level: 'warning', code: 'api_version_mismatch' }]);
    expect(apiValidator('PaymentHealth')(health)).toBe(true);
    // The log names the field, never the provider's text.
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0][0])).toContain('apiVersion');
    expect(String(warn.mock.calls[0][0])).not.toContain(answered);
    warn.mockRestore();
  });

  it('leaves out a count or a latency past the bounds the schema states', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const health = assess({
      config: { ...config, slowMs: Number.MAX_SAFE_INTEGER },
      requestedVersion: ASKED,
      facts: { reachable: true, latencyMs: 3_600_001, reportedMode: 'live', productsWithoutTaxCode: 1_000_001, issues: [] },
      checkedAt,
    });
    expect(health).not.toHaveProperty('latencyMs');
    expect(health).not.toHaveProperty('productsWithoutTaxCode');
    expect(apiValidator('PaymentHealth')(health)).toBe(true);
    warn.mockRestore();
  });
});
