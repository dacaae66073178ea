import { describe, expect, it } from 'vitest';
import { configFingerprint, parseApiBase, readPaymentConfig } from './config.ts';

const KEY = 'sk_test_51ConfigFixtureKey00000000Ab12';

describe('payment configuration', () => {
  it('defaults to api.stripe.com over https, 3 s per answer, the whole check in twice that', () => {
    const read = readPaymentConfig({ STRIPE_SECRET_KEY: KEY });
    expect(read).toEqual({
      ok: true,
      config: {
        key: KEY,
        mode: 'test',
        api: { protocol: 'https', hostname: 'api.stripe.com', port: 443, host: 'api.stripe.com' },
        timeoutMs: 3000,
        budgetMs: 6000,
        slowMs: 1000,
      },
    });
  });

  it('reads the optional settings', () => {
    const read = readPaymentConfig({
      STRIPE_SECRET_KEY: KEY.replace('test', 'live'),
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      STRIPE_EXPECTED_MODE: 'live',
      STRIPE_API_VERSION: '2025-03-31.basil',
      PAYMENT_HEALTH_TIMEOUT_MS: '1500',
      PAYMENT_HEALTH_SLOW_MS: '400',
    });
    expect(read.ok && read.config).toMatchObject({
      mode: 'live',
      api: { protocol: 'http', hostname: '127.0.0.1', port: 12111, host: '127.0.0.1:12111' },
      expectedMode: 'live',
      apiVersion: '2025-03-31.basil',
      timeoutMs: 1500,
      budgetMs: 3000,
      slowMs: 400,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(readPaymentConfig({ STRIPE_SECRET_KEY: '' })).toEqual({ ok: false, apiBaseHost: 'api.stripe.com', issues: ['key_missing'] });
    expect(readPaymentConfig({ STRIPE_SECRET_KEY: KEY, STRIPE_API_BASE: '', STRIPE_EXPECTED_MODE: '' }).ok).toBe(true);
  });

  it('names every problem at once, with what can still be told', () => {
    expect(readPaymentConfig({ STRIPE_SECRET_KEY: 'sk_live_short', STRIPE_API_BASE: 'nonsense' })).toEqual({
      ok: false,
      mode: 'live',
      issues: ['key_malformed', 'config_invalid'],
    });
  });

  it.each(['0', '-5', '1.5', '3s', '9999999'])('refuses a timeout of %j', (timeout) => {
    expect(readPaymentConfig({ STRIPE_SECRET_KEY: KEY, PAYMENT_HEALTH_TIMEOUT_MS: timeout })).toMatchObject({ ok: false, issues: ['config_invalid'] });
  });

  it('takes an origin as the API base, and nothing more', () => {
    expect(parseApiBase('https://api.stripe.com/')).toMatchObject({ port: 443, host: 'api.stripe.com' });
    expect(parseApiBase('https://stripe.internal:8443')).toMatchObject({ port: 8443, host: 'stripe.internal:8443' });
    expect(parseApiBase('http://[::1]:9000')).toMatchObject({ hostname: '::1', host: '[::1]:9000' });
    for (const refused of ['https://api.stripe.com/v1', 'https://user:pw@api.stripe.com', 'https://api.stripe.com?x=1', 'ws://x', 'api.stripe.com']) {
      expect(parseApiBase(refused), refused).toBeUndefined();
    }
  });

  it('fingerprints the settings without holding the key', () => {
    const one = configFingerprint({ STRIPE_SECRET_KEY: KEY });
    expect(configFingerprint({ STRIPE_SECRET_KEY: KEY })).toBe(one);
    expect(configFingerprint({ STRIPE_SECRET_KEY: `${KEY}x` })).not.toBe(one);
    expect(configFingerprint({ STRIPE_SECRET_KEY: KEY, STRIPE_API_BASE: 'http://127.0.0.1:1' })).not.toBe(one);
    expect(one).not.toContain(KEY.slice(-4));
  });
});
