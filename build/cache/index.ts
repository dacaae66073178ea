/**
 * The build cache: what earlier builds already worked out, kept between builds (and between
 * Netlify deploys, by the plugin in build/netlify-plugin-cache/). Every entry is keyed by a hash of
 * everything that decides it, so a hit is always what a fresh build would make:
 *
 * - documents: the front matter of a content file that passed its schema, by the hash of the file;
 * - outputs: the files a page job rendered, by the hash of the code fingerprint, the page frame and
 *   the job's input (site/pages/registry.ts), with the rendered bodies the job used;
 * - bodies: each rendered body, by the hash of the body renderer's code, the options and the text,
 *   in `bodies/` (build/render/body-cache.ts), so pages rendered again (a new layout, frame or
 *   facts) take their bodies from here instead of parsing Markdown.
 *
 * Rendered bytes live once in `objects/<hash of the bytes>`. They are copied into the output
 * (reflinked where the file system can), never hard-linked, and a new object is a copy of the file
 * written, never a link to it: no object shares storage with a file of dist/, so editing dist/ by
 * hand cannot change what the next build ships. The index names only what the last build used,
 * and objects nothing names are removed: the cache never grows past one build's output. One build
 * at a time per cache folder (build/lock.ts).
 *
 * The cache also records dist/ as the last build left it (dist-record.ts), so the next build can
 * hard-link an unchanged file from the old dist/ instead of copying it. On Netlify, where dist/
 * does not survive the deploy, the cache plugin keeps it whole in `last-dist/` (cache-location.json),
 * and the next build starts from that folder instead of placing every file (write.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import location from '../cache-location.json' with { type: 'json' };
import type { CodeFingerprints } from '../code-fingerprint.ts';
import { copyFileApart, copyFileAtomically, replaceFile, writeFileAtomically } from '../atomic-file.ts';
import { objectName } from './hash.ts';
import { previousDist, rememberDist, restoredDist } from './dist-record.ts';
import type { PreviousDist } from './dist-record.ts';
import type { BodyCacheSetup } from '../render/body-cache.ts';

export type { PreviousDist } from './dist-record.ts';

/** Bumped when the layout of the cache itself changes. */
const CACHE_FORMAT = 5;

export interface CachedDocument {
  /** Front matter as parsed, known to match its schema. */
  data: unknown;
  /** Where the body starts in the file's text. */
  bodyStart: number;
}

/** A file of a cached output: its path in dist/ and the object holding its bytes. */
export type StoredPath = [path: string, object: string];

interface IndexFile {
  format: number;
  fingerprints: CodeFingerprints;
  /** Each entry as JSON text, parsed only when its file is loaded: thousands of front matters
   * stay compact strings rather than object graphs. */
  documents: Record<string, string>;
  outputs: Record<string, StoredPath[]>;
  /** The rendered bodies (build/render/body-cache.ts) each output used, by the output's key. */
  bodies: Record<string, string[]>;
  /** Every object the last build used. */
  objects: string[];
}

export interface BuildCache {
  readonly enabled: boolean;
  /** Hash of the rendering code and dependencies: part of every output key. */
  readonly fingerprint: string;
  document(textHash: string): CachedDocument | undefined;
  rememberDocument(textHash: string, entry: CachedDocument): void;
  output(key: string): StoredPath[] | undefined;
  /** Remembers an output; `bodies` are the keys of the rendered bodies it used (kept with it). */
  rememberOutput(key: string, files: StoredPath[], bodies?: readonly string[]): void;
  /** The rendered bodies a stored output used. */
  outputBodies(key: string): string[];
  /** Where rendered bodies are kept, for every thread that renders (undefined when off). */
  readonly bodies: BodyCacheSetup | undefined;
  /** The object name for these bytes (the hash of them); undefined when the cache is off. */
  objectFor(bytes: string | Uint8Array): string | undefined;
  /** Copies a stored object to `target`; false when the cache does not hold it. */
  place(object: string, target: string): boolean;
  /** Stores a copy of a file just written as the object for its bytes (nothing to copy when the
   * cache holds it already); either way the object is kept through this build's collection. */
  adopt(object: string, source: string): void;
  /** What the last build with this cache left in `outDir`, as far as it is still there unchanged. */
  previousDist(outDir: string): PreviousDist | undefined;
  /**
   * The last build's `outDir` as the cache plugin kept it (`last-dist/`), moved to `into` (one
   * rename), with what it holds; `sentinel` is a file that tells two builds apart. Undefined when
   * there is none, when `outDir` exists (the folder is then stale and removed), or when it is not
   * the recorded build's.
   */
  restoredDist(outDir: string, into: string, sentinel: string): PreviousDist | undefined;
  /** Records `outDir` as it is now: every file of it and its object (and a stamp of those
   * `stamped` names, see dist-record.ts). */
  rememberDist(outDir: string, files: ReadonlyMap<string, string>, stamped: (path: string) => boolean): void;
  /** Writes the index of what this build used and removes every object it did not use. */
  commit(): void;
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
  objectFor: () => undefined,
  place: () => false,
  adopt: () => {},
  previousDist: () => undefined,
  restoredDist: () => undefined,
  rememberDist: () => {},
  commit: () => {},
};

// Bytes made once per process and added on every build (the content editor's files, 5 MB) are
// hashed once: output bytes are never changed after they are made.
const namedBytes = new WeakMap<Uint8Array, string>();
function objectNameOf(bytes: string | Uint8Array): string {
  if (typeof bytes === 'string') return objectName(bytes);
  let name = namedBytes.get(bytes);
  if (name === undefined) namedBytes.set(bytes, (name = objectName(bytes)));
  return name;
}

export function openCache(dir: string, fingerprints: CodeFingerprints): BuildCache {
  const indexPath = join(dir, 'index.json');
  const distPath = join(dir, 'dist.json');
  const objectsDir = join(dir, 'objects');
  const bodiesDir = join(dir, 'bodies');
  const lastDistDir = join(dir, location.lastDist);
  const previous = readIndex(indexPath, fingerprints);
  const stored = new Set(previous.objects);
  const next: IndexFile = { format: CACHE_FORMAT, fingerprints, documents: {}, outputs: {}, bodies: {}, objects: [] };
  const used = new Set<string>();
  const madeDirs = new Set<string>();
  const objectPath = (object: string) => join(objectsDir, object.slice(0, 2), object.slice(2));

  return {
    enabled: true,
    fingerprint: fingerprints.render,
    document(textHash) {
      const entry = previous.documents[textHash];
      if (entry === undefined) return undefined;
      next.documents[textHash] = entry;
      return JSON.parse(entry) as CachedDocument;
    },
    rememberDocument(textHash, entry) {
      next.documents[textHash] = JSON.stringify(entry);
    },
    output(key) {
      return previous.outputs[key];
    },
    rememberOutput(key, files, bodies = []) {
      next.outputs[key] = files;
      if (bodies.length > 0) next.bodies[key] = [...bodies];
    },
    outputBodies(key) {
      return previous.bodies[key] ?? [];
    },
    bodies: { dir: bodiesDir, fingerprint: fingerprints.body },
    objectFor: objectNameOf,
    place(object, target) {
      if (!stored.has(object)) return false;
      try {
        replaceFile(target, () => copyFileApart(objectPath(object), target));
      } catch (error) {
        // Removed behind the index's back: a miss; the caller renders or writes it again, and
        // adopting that file stores the object anew.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          stored.delete(object);
          return false;
        }
        throw error;
      }
      used.add(object);
      return true;
    },
    adopt(object, source) {
      used.add(object);
      if (stored.has(object)) return;
      const dir = join(objectsDir, object.slice(0, 2));
      if (!madeDirs.has(dir)) {
        mkdirSync(dir, { recursive: true });
        madeDirs.add(dir);
      }
      copyFileAtomically(source, objectPath(object));
      stored.add(object);
    },
    previousDist: (outDir) => previousDist(distPath, outDir),
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
    rememberDist: (outDir, files, stamped) => rememberDist(distPath, outDir, files, stamped),
    commit() {
      next.objects = [...used];
      writeFileAtomically(indexPath, JSON.stringify(next));
      collectGarbage(objectsDir, used);
      // Bodies no page of this build used, unless they are exactly those of the last build (the
      // usual warm build: nothing to list).
      const bodiesUsed = new Set(Object.values(next.bodies).flat());
      const bodiesBefore = new Set(Object.values(previous.bodies).flat());
      if (bodiesUsed.size !== bodiesBefore.size || [...bodiesUsed].some((key) => !bodiesBefore.has(key))) {
        collectGarbage(bodiesDir, new Set([...bodiesUsed].map((key) => `${key}.json`)));
      }
    },
  };
}
function readIndex(path: string, fingerprints: CodeFingerprints): IndexFile {
  const empty: IndexFile = { format: CACHE_FORMAT, fingerprints, documents: {}, outputs: {}, bodies: {}, objects: [] };
  try {
    const index = JSON.parse(readFileSync(path, 'utf8')) as IndexFile;
    if (index.format !== CACHE_FORMAT) return empty;
    // Each kind of entry is trusted only under the code that made it: front matter only under the
    // same checks and schemas, rendered pages only under the same renderer. Stored objects are
    // named by their bytes, so they stay valid either way.
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
function collectGarbage(objectsDir: string, used: ReadonlySet<string>): void {
  let fanout: string[];
  try {
    fanout = readdirSync(objectsDir);
  } catch {
    return;
  }
  for (const prefix of fanout) {
    for (const name of readdirSync(join(objectsDir, prefix))) {
      if (!used.has(`${prefix}${name}`)) rmSync(join(objectsDir, prefix, name), { force: true });
    }
  }
}
