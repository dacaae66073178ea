/**
 * The build cache: what earlier builds worked out, kept in one folder between builds (and between
 * Netlify deploys, by the plugin in build/netlify-plugin-cache/), opened and saved by the runner
 * alone (build/run/). Every entry is keyed by a digest of exactly what decides it, so a hit is
 * always what a fresh build would make, and the index names only what the last build used:
 *
 * - documents: the front matter of a content file that passed its schema, by the digest of the
 *   file's kind and text (build/load.ts), as Astro's glob loader skips an unchanged entry, and
 *   that digest of each content file by its path and stamp, as git's index knows a file unchanged
 *   (file-digests.ts);
 * - outputs: the files a piece of work made (a page job, an artifact), by the digest the runner
 *   derives from the code and the exact input it handed the render, each file as its path and the
 *   digest of its bytes;
 * - bodies: each rendered body, by the digest of the body renderer's code, the options and the
 *   text, one file each in `bodies/` (bodies.ts), read by whichever thread renders a page.
 *
 * The outputs' bytes are not copied into the cache: they are the files of the last published
 * folder, which the cache records (dist-record.ts). That is dist/ where it stays between builds,
 * or, on Netlify, the folder the cache plugin keeps as `last-dist/` (cache-location.json), which
 * the next build starts from instead of placing every file (build/run/output.ts). An output whose
 * files that folder no longer holds unchanged is made again. One build at a time per cache folder
 * (build/lock.ts).
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import location from '../cache-location.json' with { type: 'json' };
import type { CodeFingerprints } from '../code-fingerprint.ts';
import { removeTemporaries, writeFileAtomically } from '../atomic-file.ts';
import { jsonPieces } from './json-pieces.ts';
import { previousDist, rememberDist, restoredDist } from './dist-record.ts';
import { openFileDigests } from './file-digests.ts';
import type { MadeBy, PreviousDist } from './dist-record.ts';
import type { BodyCacheSetup } from './bodies.ts';
import type { CheckedDocument, DocumentMemo } from '../load.ts';

export type { MadeBy, PreviousDist } from './dist-record.ts';

/** Bumped when the layout of the cache itself changes. */
const CACHE_FORMAT = 6;
/** What caches kept before and no longer do: a second copy of every output's bytes (format 5 and
 * before), and the record of dist/ as JSON. */
const FORMER_ENTRIES = ['objects', 'dist.json'];

/** A file of a cached output: its path in dist/ and the digest of its bytes (its object name). */
export type StoredPath = [path: string, object: string];

interface IndexFile {
  format: number;
  fingerprints: CodeFingerprints;
  /** Each entry as JSON text, parsed only when its file is loaded: thousands of front matters
   * stay compact strings rather than object graphs. */
  documents: Record<string, string>;
  outputs: Record<string, StoredPath[]>;
  /** The rendered bodies (bodies.ts) each output used, by the output's key. */
  bodies: Record<string, string[]>;
}

export interface BuildCache extends DocumentMemo {
  readonly enabled: boolean;
  /** Hash of the rendering code and dependencies: part of every output key. */
  readonly fingerprint: string;
  output(key: string): StoredPath[] | undefined;
  /** Remembers an output; `bodies` are the keys of the rendered bodies it used (kept with it). */
  rememberOutput(key: string, files: StoredPath[], bodies?: readonly string[]): void;
  /** The rendered bodies a stored output used. */
  outputBodies(key: string): string[];
  /** Where rendered bodies are kept, for every thread that renders (undefined when off). */
  readonly bodies: BodyCacheSetup | undefined;
  /** The folder the last build with this cache published, as far as its files are still there
   * unchanged: where a stored output's files are taken from, into this build's folder or another. */
  previousDist(): PreviousDist | undefined;
  /**
   * The last build's `outDir` as the cache plugin kept it (`last-dist/`), moved to `into` (one
   * rename), with what it holds; `sentinel` is a file that tells two builds apart. Undefined when
   * there is none, when `outDir` exists (the folder is then stale and removed), or when it is not
   * the recorded build's.
   */
  restoredDist(outDir: string, into: string, sentinel: string): PreviousDist | undefined;
  /** Records `outDir` as it is now: every file of it and its object (and the stamp of each but
   * those `copied` names, see dist-record.ts), with what the build that made it says of it. */
  rememberDist(outDir: string, files: ReadonlyMap<string, string>, copied: (path: string) => boolean, made?: MadeBy): void;
  /** Writes the index of what this build used and removes every rendered body it did not use. */
  commit(): void;
  /** Writes the content files' digests alone: a build that kept the last folder whole used nothing else. */
  commitFileDigests(): void;
}

export const NO_CACHE: BuildCache = {
  enabled: false,
  fingerprint: '',
  document: () => undefined,
  rememberDocument: () => {},
  output: () => undefined,
  rememberOutput: () => {},
  outputBodies: () => [],
  bodies: undefined,
  previousDist: () => undefined,
  restoredDist: () => undefined,
  rememberDist: () => {},
  commit: () => {},
  commitFileDigests: () => {},
};

export function openCache(dir: string, fingerprints: CodeFingerprints): BuildCache {
  const indexPath = join(dir, 'index.json');
  const distPath = join(dir, 'dist.record');
  const bodiesDir = join(dir, 'bodies');
  const lastDistDir = join(dir, location.lastDist);
  // What a build killed while writing here left (the runner opens the cache under its lock): files
  // written whole or not at all leave their temporaries, in these two folders only.
  removeTemporaries(dir);
  removeTemporaries(bodiesDir);
  // Read on first use: a build that keeps the last folder whole asks nothing of it.
  let read: IndexFile | undefined;
  const previous = () => (read ??= readIndex(indexPath, fingerprints));
  const next: IndexFile = { format: CACHE_FORMAT, fingerprints, documents: {}, outputs: {}, bodies: {} };
  const files = openFileDigests(join(dir, 'files.json'), fingerprints.check);

  return {
    enabled: true,
    fingerprint: fingerprints.render,
    document(key) {
      const entry = previous().documents[key];
      if (entry === undefined) return undefined;
      next.documents[key] = entry;
      return JSON.parse(entry) as CheckedDocument;
    },
    rememberDocument(key, entry) {
      next.documents[key] = JSON.stringify(entry);
    },
    fileDigest: files.known,
    rememberFileDigest: files.remember,
    output(key) {
      return previous().outputs[key];
    },
    rememberOutput(key, files, bodies = []) {
      next.outputs[key] = files;
      if (bodies.length > 0) next.bodies[key] = [...bodies];
    },
    outputBodies(key) {
      return previous().bodies[key] ?? [];
    },
    bodies: { dir: bodiesDir, fingerprint: fingerprints.body },
    previousDist: () => previousDist(distPath),
    restoredDist(outDir, into, sentinel) {
      if (!existsSync(lastDistDir)) return undefined;
      if (!existsSync(outDir)) {
        try {
          renameSync(lastDistDir, into);
          const restored = restoredDist(distPath, outDir, into, sentinel);
          if (restored) return restored;
          rmSync(into, { recursive: true, force: true });
          return undefined;
        } catch {
          // Another file system than dist/'s (EXDEV): the files are placed one by one instead.
        }
      }
      rmSync(lastDistDir, { recursive: true, force: true });
      return undefined;
    },
    rememberDist: (outDir, files, copied, made) => rememberDist(distPath, outDir, files, copied, made),
    commitFileDigests: files.save,
    commit() {
      files.save();
      writeFileAtomically(indexPath, jsonPieces(next));
      for (const former of FORMER_ENTRIES) rmSync(join(dir, former), { recursive: true, force: true });
      // Bodies no page of this build used, unless they are exactly those of the last build (the
      // usual warm build: nothing to list).
      const bodiesUsed = new Set(Object.values(next.bodies).flat());
      const bodiesBefore = new Set(Object.values(previous().bodies).flat());
      if (bodiesUsed.size !== bodiesBefore.size || [...bodiesUsed].some((key) => !bodiesBefore.has(key))) {
        collectGarbage(bodiesDir, new Set([...bodiesUsed].map((key) => `${key}.json`)));
      }
    },
  };
}

function readIndex(path: string, fingerprints: CodeFingerprints): IndexFile {
  const empty: IndexFile = { format: CACHE_FORMAT, fingerprints, documents: {}, outputs: {}, bodies: {} };
  try {
    const index = JSON.parse(readFileSync(path, 'utf8')) as IndexFile;
    if (index.format !== CACHE_FORMAT) return empty;
    // Each kind of entry is trusted only under the code that made it: front matter only under the
    // same checks and schemas, rendered pages only under the same renderer. Rendered bodies are keyed
    // by their renderer's code, so they stay valid either way.
    return {
      ...index,
      documents: index.fingerprints.check === fingerprints.check ? index.documents : {},
      outputs: index.fingerprints.render === fingerprints.render ? index.outputs : {},
      bodies: index.bodies ?? {},
    };
  } catch {
    // No cache yet, or an unreadable one: start empty; the build is correct either way.
    return empty;
  }
}

/** Removes every file of a fanned-out folder (`<two characters>/<rest>`) whose name, joined, is not in `used`. */
function collectGarbage(folder: string, used: ReadonlySet<string>): void {
  let fanout: string[];
  try {
    fanout = readdirSync(folder);
  } catch {
    return;
  }
  for (const prefix of fanout) {
    for (const name of readdirSync(join(folder, prefix))) {
      if (!used.has(`${prefix}${name}`)) rmSync(join(folder, prefix, name), { force: true });
    }
  }
}
