/**
 * Taking a piece of work's files from the cache, or keeping them there: the page jobs (pages.ts)
 * and the artifacts (artifact.ts) key what they make by everything that decides it, place every
 * stored file of a hit into the output (from the last published folder, output.ts), and remember
 * what they made on a miss.
 */
import { hashText } from '../digest.ts';
import type { BuildCache, StoredPath } from '../cache/index.ts';
import type { OutputFolder } from './output.ts';

/** A file written into the output: its path and, with the cache on, its object name. */
export type WrittenFile = [path: string, object: string | undefined];

export interface CacheUse {
  /** The hash of the parts: a cache key (nothing to compute with the cache off). */
  key(...parts: string[]): string;
  /** The files stored under `key`, placed in the output; undefined (and nothing placed) on a miss. */
  take(key: string): StoredPath[] | undefined;
  /** Remembers the files just written under `key`, and the rendered bodies they were made from. */
  keep(key: string, files: readonly WrittenFile[], bodies?: readonly string[]): void;
}

export function cacheUse(cache: BuildCache, output: OutputFolder): CacheUse {
  return {
    key: (...parts) => (cache.enabled ? hashText(parts.join('\n')) : ''),
    take(key) {
      const stored = cache.enabled ? cache.output(key) : undefined;
      if (!stored || !placeAll(output, stored)) return undefined;
      cache.rememberOutput(key, stored, cache.outputBodies(key));
      return stored;
    },
    keep(key, files, bodies = []) {
      // With the cache on, every file written has its object name.
      if (cache.enabled) cache.rememberOutput(key, files.map(([path, object]) => [path, object!]), bodies);
    },
  };
}

/** Every file of a cached output, or none of them (a file the cache lost means render again). */
function placeAll(output: OutputFolder, stored: readonly StoredPath[]): boolean {
  const placed: string[] = [];
  for (const [path, object] of stored) {
    if (!output.addStored(path, object)) {
      for (const done of placed) output.remove(done);
      return false;
    }
    placed.push(path);
  }
  return true;
}
