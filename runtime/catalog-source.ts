/**
 * The catalogue the build precomputed, as the catalog function reads it at request time: parsed
 * once per instance, indexed for queries, with the unfiltered answer kept as the file's own bytes.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { layoutFits, serialiseCatalog } from '../core/catalog-layout.ts';
import type { CatalogItems, CatalogLayout } from '../core/catalog-layout.ts';
import { CATALOG_VERSION } from '../core/catalog-version.ts';
import type { Catalog } from '../core/types.ts';
import type { LoadedCatalog } from '../core/catalog-answer.ts';

export class CatalogUnavailableError extends Error {
  override readonly name = 'CatalogUnavailableError';
}

/**
 * Where the build's files are for a function: `dist/` beside the function's own folder. Netlify
 * zips a function as `functions/<name>.mjs` with its `included_files` at their paths from the base
 * directory (`dist/catalog.json`), and Lambda's working directory is not promised to be that root,
 * so the path is taken from the function's module URL, never from `process.cwd()`. In the source
 * tree the function sits at `functions/<name>.ts`, so the same relative path holds there.
 * `CATALOG_DATA_PATH` names another catalogue (the benchmark's).
 */
export function catalogCandidates(functionModule: string | URL, explicit = process.env.CATALOG_DATA_PATH): string[] {
  if (explicit) return [resolve(explicit)];
  return [fileURLToPath(new URL('../dist/catalog.json', functionModule))];
}

/**
 * Reads catalog.json. With the layout the build made for it, nothing is parsed; a file the layout
 * does not fit (replaced by hand, another build) is parsed and laid out again, so it is still
 * answered correctly. A missing, unreadable or corrupt file is a CatalogUnavailableError.
 */
export async function loadCatalog(candidates: readonly string[], layout?: CatalogLayout): Promise<LoadedCatalog> {
  let bytes: Uint8Array | undefined;
  const failures: string[] = [];
  for (const path of candidates) {
    try {
      bytes = await readFile(path);
      break;
    } catch (error) {
      failures.push(`${path}: ${(error as Error).message}`);
    }
  }
  if (bytes === undefined) throw new CatalogUnavailableError(`catalog.json could not be read (${failures.join('; ')})`);
  if (layout && layoutFits(bytes, layout)) return { bytes, layout };
  let catalog: Catalog;
  try {
    catalog = JSON.parse(Buffer.from(bytes).toString('utf8')) as Catalog;
  } catch (error) {
    throw new CatalogUnavailableError('catalog.json is not valid JSON', { cause: error });
  }
  // A cheap shape check: a file from another format version or a truncated write must not be served.
  if (catalog?.version !== CATALOG_VERSION || !Array.isArray(catalog.skills) || !Array.isArray(catalog.bundles)) {
    throw new CatalogUnavailableError('catalog.json does not have the expected shape');
  }
  try {
    const laidOut = serialiseCatalog(catalog);
    return laidOut;
  } catch (error) {
    throw new CatalogUnavailableError('catalog.json is inconsistent', { cause: error });
  }
}

/** A getter that loads once per instance (the catalogue, or another file the build wrote beside
 * it); a failed load is retried by the next call, not cached. */
export function cachedCatalog<T = LoadedCatalog>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** Another file the build wrote beside catalog.json (the HTML 404 page), found the same way. */
export async function readBuiltFile(name: string, candidates: readonly string[]): Promise<string | undefined> {
  for (const catalogPath of candidates) {
    try {
      return await readFile(resolve(catalogPath, '..', name), 'utf8');
    } catch {
      // Try the next place.
    }
  }
  return undefined;
}

/**
 * catalog.json for a reader of single items (the card function): with the layout the build made for
 * it, only the byte ranges asked for are read, so an instance at 50,000 skills reads kilobytes, not
 * the whole file; the file is kept open while the instance lives. A file of another length is read
 * whole and laid out again, as loadCatalog does. Same-length files are told apart by what is read
 * (core/catalog-layout.ts's itemOf checks the slug).
 */
export async function openCatalogItems(candidates: readonly string[], layout?: CatalogLayout): Promise<CatalogItems> {
  const failures: string[] = [];
  for (const path of candidates) {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (error) {
      failures.push(`${path}: ${(error as Error).message}`);
      continue;
    }
    if (layout && fstatSync(fd).size === layout.length) {
      return {
        layout,
        async slice(start, end) {
          const bytes = Buffer.allocUnsafe(end - start);
          for (let at = 0; at < bytes.length;) {
            const read = readSync(fd, bytes, at, bytes.length - at, start + at);
            if (read === 0) throw new CatalogUnavailableError(`${path} ended at ${start + at}, before the item's end at ${end}`);
            at += read;
          }
          return bytes.toString('utf8');
        },
      };
    }
    closeSync(fd);
    break;
  }
  if (failures.length === candidates.length) throw new CatalogUnavailableError(`catalog.json could not be read (${failures.join('; ')})`);
  const { bytes, layout: laidOut } = await loadCatalog(candidates, layout);
  const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { layout: laidOut, slice: async (start, end) => whole.toString('utf8', start, end) };
}
