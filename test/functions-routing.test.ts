/**
 * Netlify tries functions in no promised order (`netlify dev` in the order they finished loading),
 * so the catch-all 404 function must step aside from every path another function owns, or it can
 * answer 404 for /catalog.json or the health check depending on start-up timing.
 */
import { describe, expect, it } from 'vitest';
import type { Config } from '@netlify/functions';
import { config as catalog } from '../functions/catalog.ts';
import { config as healthPayment } from '../functions/health-payment.ts';
import { config as notFound } from '../functions/not-found.ts';
import { config as preflight } from '../functions/preflight.ts';

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const pathsOf = (config: Config) => list(config.path);

describe('function routes', () => {
  const excluded = list(notFound.excludedPath);
  const coveredByExclusion = (path: string) =>
    excluded.some((pattern) => (pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern));

  it.each([
    ['catalog', catalog],
    ['health-payment', healthPayment],
  ])('keeps the 404 catch-all off every path of %s', (_, config) => {
    for (const path of pathsOf(config)) expect(coveredByExclusion(path), path).toBe(true);
  });

  it('lets /v1 paths reach the rewrite to the unversioned files', () => {
    expect(excluded).toContain('/v1/*');
  });

  it('answers only paths without a file with the 404 catch-all', () => {
    expect(notFound.path).toBe('/*');
    expect(notFound.preferStatic).toBe(true);
  });

  it('answers preflights on every path and nothing else with the preflight function', () => {
    expect(preflight.path).toBe('/*');
    expect(list(preflight.method)).toEqual(['OPTIONS']);
  });
});
