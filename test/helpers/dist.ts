/** What the build wrote into dist/: the truth the tests derive their expectations from. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Catalog } from '../../core/types.ts';

export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
export const distPath = (name: string) => `${DIST}${name}`;

export const readDist = (name: string): Buffer => readFileSync(distPath(name));
export const readDistJson = <T = unknown>(name: string): T => JSON.parse(readFileSync(distPath(name), 'utf8')) as T;

export interface Stamp {
  buildVersion: string;
  baseUrl: string;
}

/** The build's version and base URL, as dist/version.json states them. */
export function distStamp(): Stamp {
  const version = readDistJson<Record<string, string>>('version.json');
  return { buildVersion: version['x-build-version'], baseUrl: version['x-base-url'] };
}

export const distCatalog = (): Catalog => readDistJson<Catalog>('catalog.json');
