/**
 * The health check's settings, read from the environment once per check. Pure: the caller passes
 * the environment, so tests hand in plain objects.
 */
import { createHash } from 'node:crypto';
import type { PaymentMode } from '../../core/types.ts';
import { fieldPattern, fitsField } from './bounds.ts';
import type { IssueCode } from './issues.ts';
import { isWellFormedKey, keyMode } from './key.ts';

export const ENV_NAMES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_API_BASE',
  'STRIPE_EXPECTED_MODE',
  'STRIPE_API_VERSION',
  'PAYMENT_HEALTH_TIMEOUT_MS',
  'PAYMENT_HEALTH_SLOW_MS',
] as const;

export type PaymentEnv = Partial<Record<(typeof ENV_NAMES)[number], string | undefined>>;

export const DEFAULT_API_BASE = 'https://api.stripe.com';
export const DEFAULT_TIMEOUT_MS = 3000;
export const DEFAULT_SLOW_MS = 1000;

export interface ApiBase {
  protocol: 'http' | 'https';
  /** Host name as the HTTP client wants it: no port, no IPv6 brackets. */
  hostname: string;
  port: number;
  /** Host and, when not the protocol's default, port: what the body reports as apiBaseHost. */
  host: string;
}

export interface PaymentConfig {
  key: string;
  mode: PaymentMode;
  api: ApiBase;
  expectedMode?: PaymentMode;
  /** The API version to ask for; undefined means the stripe package's own. */
  apiVersion?: string;
  /** Longest wait for one answer. */
  timeoutMs: number;
  /** The whole check (several requests, pages of products) ends by this time, whatever happens. */
  budgetMs: number;
  /** An answer slower than this is a warning. */
  slowMs: number;
}

export type ConfigResult =
  | { ok: true; config: PaymentConfig }
  /** What could still be told (the key's mode, the host it would call) and why no check can run. */
  | { ok: false; mode?: PaymentMode; apiBaseHost?: string; issues: IssueCode[] };

// Stripe's version names: a date, and since 2024 a release name after a dot. The body states the
// same form for the version Stripe answers in.
const API_VERSION = fieldPattern('apiVersion');

export function readPaymentConfig(env: PaymentEnv): ConfigResult {
  const issues: IssueCode[] = [];
  const key = value(env.STRIPE_SECRET_KEY);
  const mode = key === undefined ? undefined : keyMode(key);
  if (key === undefined) issues.push('key_missing');
  else if (!isWellFormedKey(key)) issues.push('key_malformed');

  const api = parseApiBase(value(env.STRIPE_API_BASE) ?? DEFAULT_API_BASE);
  const expected = value(env.STRIPE_EXPECTED_MODE);
  const apiVersion = value(env.STRIPE_API_VERSION);
  const timeoutMs = milliseconds(env.PAYMENT_HEALTH_TIMEOUT_MS, DEFAULT_TIMEOUT_MS);
  const slowMs = milliseconds(env.PAYMENT_HEALTH_SLOW_MS, DEFAULT_SLOW_MS);
  const invalid =
    api === undefined ||
    (expected !== undefined && expected !== 'test' && expected !== 'live') ||
    (apiVersion !== undefined && !API_VERSION.test(apiVersion)) ||
    timeoutMs === undefined ||
    slowMs === undefined;
  if (invalid) issues.push('config_invalid');

  if (issues.length > 0 || key === undefined || mode === undefined || api === undefined) {
    return { ok: false, ...(mode && { mode }), ...(api && { apiBaseHost: api.host }), issues };
  }
  return {
    ok: true,
    config: {
      key,
      mode,
      api,
      ...(expected !== undefined && { expectedMode: expected as PaymentMode }),
      ...(apiVersion !== undefined && { apiVersion }),
      timeoutMs: timeoutMs!,
      // Room for the first answer and one more round (a page of products, the checkout read) at
      // the longest wait each; well inside the ten seconds a synchronous function may run.
      budgetMs: 2 * timeoutMs!,
      slowMs: slowMs!,
    },
  };
}

/**
 * An origin only: the stripe client takes a host, a port and a protocol and always adds its own
 * `/v1/...` paths, so a path here would be silently dropped; credentials in it could leak into logs.
 */
export function parseApiBase(text: string): ApiBase | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return undefined;
  // The host is reported as apiBaseHost: one the body could not carry is refused here, not dropped there.
  if (!fitsField('apiBaseHost', url.host)) return undefined;
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    protocol,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    host: url.host,
  };
}

/**
 * One result per configuration: a cached result is never served for settings other than the ones it
 * was checked with. A hash, so the cache holds no copy of the key.
 */
export function configFingerprint(env: PaymentEnv): string {
  const hash = createHash('sha256');
  for (const name of ENV_NAMES) hash.update(`${name}=${env[name] ?? ''}\0`);
  return hash.digest('base64url');
}

/** Netlify's UI can leave a variable set to the empty string; that means "not set". */
function value(text: string | undefined): string | undefined {
  return text === undefined || text === '' ? undefined : text;
}

function milliseconds(text: string | undefined, fallback: number): number | undefined {
  const given = value(text);
  if (given === undefined) return fallback;
  if (!/^[0-9]{1,6}$/.test(given) || Number(given) < 1) return undefined;
  return Number(given);
}
