/** The command line of `npm run verify -- <base-url> [options]`. */
import { parseArgs } from 'node:util';

export interface VerifyOptions {
  /** The deploy to check: scheme, host and optional port (and path, if the site lives under one). */
  base: string;
  /** Skip, by name and with their reasons, the checks `netlify dev` cannot pass. */
  local: boolean;
  /** How many addresses of each discovered list (skills, pages, links…) are checked; Infinity with --all. */
  max: number;
  timeoutMs: number;
  concurrency: number;
  /** A payment health status of `down` is reported as skipped instead of failed. */
  allowPaymentDown: boolean;
}

export const DEFAULTS = { max: 25, timeoutSeconds: 10, concurrency: 4 } as const;

export const USAGE = `Usage: npm run verify -- <base-url> [options]

Checks a deployed site (a deploy preview, production, or netlify dev) from outside, against the
catalogue read API's contract, and prints a table. Exits 0 when every check passes, 1 when one fails,
2 when the command line is wrong.

Options:
  --local                skip the checks netlify dev cannot pass (each is named, with its reason)
  --max <n>              check at most n addresses from each list the site publishes
                         (skills, bundles, pages, sitemap and llms.txt links; default ${DEFAULTS.max})
  --all                  check every address of every list
  --timeout <seconds>    longest wait for one answer (default ${DEFAULTS.timeoutSeconds})
  --concurrency <n>      requests in flight at once (default ${DEFAULTS.concurrency})
  --allow-payment-down   report a payment health of "down" as skipped, not failed
                         (a deploy preview without the Stripe key)
  --help                 this text`;

export const VERIFY_OPTIONS = {
  local: { type: 'boolean', default: false },
  max: { type: 'string' },
  all: { type: 'boolean', default: false },
  timeout: { type: 'string' },
  concurrency: { type: 'string' },
  'allow-payment-down': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

export class UsageError extends Error {}

export function parseOptions(argv: readonly string[]): VerifyOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: VERIFY_OPTIONS,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1) {
    throw new UsageError(positionals.length === 0 ? 'expected the base URL of the site to check' : `expected one base URL, got ${positionals.length}: ${positionals.join(' ')}`);
  }
  if (values.all && values.max !== undefined) throw new UsageError('--all and --max contradict each other: give one');
  return {
    base: baseUrl(positionals[0]),
    local: values.local,
    max: values.all ? Infinity : positiveInteger('--max', values.max, DEFAULTS.max),
    timeoutMs: positiveNumber('--timeout', values.timeout, DEFAULTS.timeoutSeconds) * 1000,
    concurrency: positiveInteger('--concurrency', values.concurrency, DEFAULTS.concurrency),
    allowPaymentDown: values['allow-payment-down'],
  };
}

/** An http(s) URL with no query, fragment or credentials, without its trailing slash. */
function baseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`base URL: expected an absolute http or https URL such as https://example.netlify.app, got ${JSON.stringify(text)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`base URL: expected http or https, got ${url.protocol}`);
  if (url.search || url.hash || url.username || url.password) {
    throw new UsageError(`base URL: expected no query, fragment or credentials, got ${JSON.stringify(text)}`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^[1-9][0-9]*$/.test(text)) throw new UsageError(`${name}: expected a whole number from 1, got ${JSON.stringify(text)}`);
  return Number(text);
}

function positiveNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text) || value <= 0) throw new UsageError(`${name}: expected a number of seconds above 0, got ${JSON.stringify(text)}`);
  return value;
}
