/**
 * The search index and the search page's frame as the search function (or any other reader, such
 * as the MCP endpoint) reads them at request time, found beside the function like catalog.json
 * (catalog-source.ts): the index's manifest once per instance, each shard of postings the first
 * time a query needs it, and each result's JSON as its byte range of catalog.json, so an instance
 * holds what its queries asked for rather than the whole index.
 */
import { fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { strongEtag } from '../core/etag.ts';
import { loadSearch } from '../core/search.ts';
import type { SearchManifest } from '../core/search.ts';
import type { LoadedSearch } from '../core/search-answer.ts';
import { CATALOG_FILE, SEARCH_MANIFEST_FILE, searchShardFile } from '../core/published-files.ts';

/** The frame of the search page (site/pages/frame.ts's PageFrame), gzipped JSON beside the index. */

export class SearchUnavailableError extends Error {
  override readonly name = 'SearchUnavailableError';
}

/** `dist/` for a function at `functions/<name>.mjs`, as catalogCandidates finds catalog.json;
 * `SEARCH_DATA_DIR` names another folder (the benchmark's). */
export function searchDataDir(functionModule: string | URL, explicitDir = process.env.SEARCH_DATA_DIR): string {
  return explicitDir ? resolve(explicitDir) : fileURLToPath(new URL('../dist/', functionModule));
}

const unavailable = (path: string, what: string, cause: unknown) => new SearchUnavailableError(`${path}: ${what} (${(cause as Error).message})`, { cause });

/** Reads the index's manifest and checks it names this catalog.json; any failure is a
 * SearchUnavailableError naming the file. A shard or an item that cannot be read later fails the
 * query that needs it, with the same error. */
export async function readSearchIndex(dist: string): Promise<LoadedSearch> {
  const manifestPath = join(dist, SEARCH_MANIFEST_FILE);
  const catalogPath = join(dist, CATALOG_FILE);
  let text: string;
  try {
    text = await readFile(manifestPath, 'utf8');
  } catch (error) {
    throw unavailable(manifestPath, 'could not be read', error);
  }
  let manifest: SearchManifest;
  try {
    manifest = JSON.parse(text) as SearchManifest;
  } catch (error) {
    throw unavailable(manifestPath, 'expected JSON, got text that does not parse', error);
  }
  // Kept open while the instance lives, as the manifest is kept.
  let catalog: number;
  try {
    catalog = openSync(catalogPath, 'r');
  } catch (error) {
    throw unavailable(catalogPath, 'could not be read', error);
  }
  const length = fstatSync(catalog).size;
  if (manifest?.catalogue?.length !== length) throw new SearchUnavailableError(`${manifestPath}: made for a catalog.json of ${manifest?.catalogue?.length} bytes, and ${catalogPath} has ${length}`);
  const search = (() => {
    try {
      return loadSearch({
        name: manifestPath,
        manifest,
        shard(n) {
          const path = join(dist, searchShardFile(n));
          try {
            return JSON.parse(readFileSync(path, 'utf8'));
          } catch (error) {
            throw unavailable(path, 'could not be read as JSON', error);
          }
        },
        catalogText(start, end) {
          const bytes = Buffer.allocUnsafe(end - start);
          for (let at = 0; at < bytes.length;) {
            const got = readSync(catalog, bytes, at, bytes.length - at, start + at);
            if (got === 0) break;
            at += got;
          }
          return bytes.toString('utf8');
        },
      });
    } catch (error) {
      throw new SearchUnavailableError(`${manifestPath}: ${(error as Error).message}`, { cause: error });
    }
  })();
  return { search, etag: strongEtag(text) };
}

async function readGzippedJson(path: string): Promise<{ text: string; bytes: Uint8Array }> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new SearchUnavailableError(`${path} could not be read (${(error as Error).message})`, { cause: error });
  }
  try {
    return { bytes, text: gunzipSync(bytes).toString('utf8') };
  } catch (error) {
    throw new SearchUnavailableError(`${path}: expected gzip, got bytes that do not inflate (${(error as Error).message})`, { cause: error });
  }
}

export async function readSearchPageFrame<Frame>(path: string): Promise<Frame> {
  const { text } = await readGzippedJson(path);
  try {
    return JSON.parse(text) as Frame;
  } catch (error) {
    throw new SearchUnavailableError(`${path}: expected JSON, got text that does not parse`, { cause: error });
  }
}
