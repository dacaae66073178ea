/**
 * The search index and the search page's frame as the search function (or any other reader, such
 * as the MCP endpoint) reads them at request time: found beside the function like catalog.json
 * (catalog-source.ts), gunzipped, parsed and loaded once per instance.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { strongEtag } from '../core/etag.ts';
import { loadSearch } from '../core/search.ts';
import type { LoadedSearch } from '../core/search-answer.ts';

/** The frame of the search page (site/pages/frame.ts's PageFrame), gzipped JSON beside the index. */

export class SearchUnavailableError extends Error {
  override readonly name = 'SearchUnavailableError';
}

/** `dist/<name>` for a function at `functions/<name>.mjs`, as catalogCandidates finds catalog.json;
 * `SEARCH_DATA_DIR` names another folder (the benchmark's). */
export function searchDataPath(name: string, functionModule: string | URL, explicitDir = process.env.SEARCH_DATA_DIR): string {
  return explicitDir ? resolve(explicitDir, name) : new URL(`../dist/${name}`, functionModule).pathname;
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

/** Reads and loads the index; any failure is a SearchUnavailableError naming the file. */
export async function readSearchIndex(path: string): Promise<LoadedSearch> {
  const { text, bytes } = await readGzippedJson(path);
  try {
    return { search: loadSearch(text), etag: strongEtag(bytes) };
  } catch (error) {
    throw new SearchUnavailableError(`${path}: ${(error as Error).message}`, { cause: error });
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

