import { describe, expect, it } from 'vitest';
import { DEFAULTS, parseOptions, UsageError } from './options.ts';

describe('the verify command line', () => {
  it('takes a base URL and defaults for everything else', () => {
    expect(parseOptions(['https://deploy-preview-7--shop.netlify.app/'])).toEqual({
      base: 'https://deploy-preview-7--shop.netlify.app',
      local: false,
      max: DEFAULTS.max,
      timeoutMs: DEFAULTS.timeoutSeconds * 1000,
      concurrency: DEFAULTS.concurrency,
      allowPaymentDown: false,
    });
  });

  it('reads --local, --all, --timeout, --concurrency and --allow-payment-down', () => {
    expect(parseOptions(['http://127.0.0.1:8888', '--local', '--all', '--timeout', '2.5', '--concurrency', '8', '--allow-payment-down'])).toMatchObject({
      base: 'http://127.0.0.1:8888', local: true, max: Infinity, timeoutMs: 2500, concurrency: 8, allowPaymentDown: true,
    });
  });

  it('keeps a path the site lives under, without its trailing slash', () => {
    expect(parseOptions(['https://example.com/shop/'])).toMatchObject({ base: 'https://example.com/shop' });
  });

  it('answers --help with the usage', () => {
    expect(parseOptions(['--help'])).toBe('help');
  });

  it.each([
    [[], 'expected the base URL of the site to check'],
    [['a', 'b'], 'expected one base URL, got 2'],
    [['example.com'], 'expected an absolute http or https URL'],
    [['ftp://example.com'], 'expected http or https, got ftp:'],
    [['https://example.com/?x=1'], 'expected no query, fragment or credentials'],
    [['https://user:secret@example.com'], 'expected no query, fragment or credentials'],
    [['https://example.com', '--max', '0'], '--max: expected a whole number from 1, got "0"'],
    [['https://example.com', '--max', '2.5'], '--max: expected a whole number from 1'],
    [['https://example.com', '--all', '--max', '3'], '--all and --max contradict each other'],
    [['https://example.com', '--timeout', '0'], '--timeout: expected a number of seconds above 0'],
    [['https://example.com', '--timeout', '1e3'], '--timeout: expected a number of seconds above 0'],
    [['https://example.com', '--no-such-option'], "Unknown option '--no-such-option'"],
  ])('refuses %j: %s', (args, message) => {
    expect(() => parseOptions(args)).toThrow(UsageError);
    expect(() => parseOptions(args)).toThrow(message);
  });
});
