/**
 * The build cache: what earlier builds already worked out, kept between builds (and between
 * Netlify deploys, by the plugin in build/netlify-plugin-cache/). Every entry is keyed by a hash of
 * everything that decides it, so a hit is always what a fresh build would make:
 *
 * - documents: the front matter of a content file that passed its schema, by the hash of the file;
 * - outputs: the files a page job rendered, by the hash of the code fingerprint, the page frame and
 *   the job's input (build/emit/pages/jobs.ts).
 *
 * Rendered bytes live once in `objects/<hash of the bytes>` and are hard-linked into dist/, so a
 * build that renders nothing new writes no page either. The index names only what the last build
 * used, and objects nothing names are removed: the cache never grows past one build's output.
 * One build at a time per cache folder.
 */
import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { writeFileAtomically } from './atomic-file.ts';

/** Bumped when the layout of the cache itself changes. */
const CACHE_FORMAT = 2;

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
  fingerprint: string;
  /** Each entry as JSON text, parsed only when its file is loaded: thousands of front matters
   * stay compact strings rather than object graphs. */
  documents: Record<string, string>;
  outputs: Record<string, StoredPath[]>;
  /** Every object the last build used. */
  objects: string[];
}

export const hashText = (text: string | Uint8Array): string => createHash('sha256').update(text).digest('base64url');

/** How an object is named: the hex SHA-256 of its bytes, fed in one piece or in several. */
export const objectHasher = () => createHash('sha256');
export const objectName = (bytes: string | Uint8Array): string => objectHasher().update(bytes).digest('hex');

export interface BuildCache {
  readonly enabled: boolean;
  /** Hash of the code, schemas and dependencies: part of every output key. */
  readonly fingerprint: string;
  document(textHash: string): CachedDocument | undefined;
  rememberDocument(textHash: string, entry: CachedDocument): void;
  output(key: string): StoredPath[] | undefined;
  rememberOutput(key: string, files: StoredPath[]): void;
  /** The object name for these bytes (the hash of them); undefined when the cache is off. */
  objectFor(bytes: string | Uint8Array): string | undefined;
  /** Links (or copies) a stored object to `target`; false when the cache does not hold it. */
  place(object: string, target: string): boolean;
  /** Keeps an object through this build's collection without placing it (its file is in dist/ already). */
  use(object: string): void;
  /** Takes a file just written as the object for its bytes (a hard link: no second write). */
  adopt(object: string, source: string): void;
  /** Each file of `outDir` and its object, when `outDir` is still the folder the last build with
   * this cache wrote (same folder, no file added or removed since); else undefined. */
  distFiles(outDir: string): Map<string, string> | undefined;
  /** Called before `outDir` is changed in place: until rememberDist, nothing is trusted about it. */
  forgetDist(): void;
  rememberDist(outDir: string, files: ReadonlyMap<string, string>): void;
  /** Writes the index of what this build used and removes every object it did not use. */
  commit(): void;
}

/** Hash of what decides rendered output besides content: the build's code and assets, the schemas,
 * the locked dependencies and Node's major version. Content is not in it: a new commit that only
 * changes other content files leaves every unchanged page's key as it was. */
export function codeFingerprint(projectRoot: string): string {
  const files = fg.sync(['build/**/*', 'schema/**/*.json', 'package-lock.json'], {
    cwd: projectRoot,
    onlyFiles: true,
    ignore: ['**/*.test.ts', 'build/generated/**'],
  }).sort();
  const hash = createHash('sha256').update(`format ${CACHE_FORMAT}\nnode ${process.versions.node.split('.')[0]}\n`);
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(join(projectRoot, file))).update('\n');
  return hash.digest('base64url');
}

export const NO_CACHE: BuildCache = {
  enabled: false,
  fingerprint: '',
  document: () => undefined,
  rememberDocument: () => {},
  output: () => undefined,
  rememberOutput: () => {},
  objectFor: () => undefined,
  place: () => false,
  use: () => {},
  adopt: () => {},
  distFiles: () => undefined,
  forgetDist: () => {},
  rememberDist: () => {},
  commit: () => {},
};

/** What identifies a dist/ folder and notices a file added or removed: the folder's inode, and the
 * modification times of it and of its sub-folders. */
function distIdentity(outDir: string): string | undefined {
  try {
    const top = statSync(outDir);
    const dirs = readdirSync(outDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
    return [`${top.dev}:${top.ino}:${top.mtimeMs}`, ...dirs.map((name) => `${name}:${statSync(join(outDir, name)).mtimeMs}`)].join('|');
  } catch {
    return undefined;
  }
}

interface DistFile {
  outDir: string;
  identity: string;
  files: [string, string][];
}

export function openCache(dir: string, fingerprint: string): BuildCache {
  const indexPath = join(dir, 'index.json');
  const distPath = join(dir, 'dist.json');
  const objectsDir = join(dir, 'objects');
  const previous = readIndex(indexPath, fingerprint);
  const stored = new Set(previous.objects);
  const next: IndexFile = { format: CACHE_FORMAT, fingerprint, documents: {}, outputs: {}, objects: [] };
  const used = new Set<string>();
  const madeDirs = new Set<string>();
  const objectPath = (object: string) => join(objectsDir, object.slice(0, 2), object.slice(2));

  return {
    enabled: true,
    fingerprint,
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
    rememberOutput(key, files) {
      next.outputs[key] = files;
    },
    objectFor: objectName,
    place(object, target) {
      if (!stored.has(object)) return false;
      const path = objectPath(object);
      try {
        if (!tryLink(path, target)) writeFileSync(target, readFileSync(path));
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
    use(object) {
      if (stored.has(object)) used.add(object);
    },
    adopt(object, source) {
      used.add(object);
      if (stored.has(object)) return;
      const dir = join(objectsDir, object.slice(0, 2));
      if (!madeDirs.has(dir)) {
        mkdirSync(dir, { recursive: true });
        madeDirs.add(dir);
      }
      const path = objectPath(object);
      // A copy where links are refused.
      if (!tryLink(source, path)) writeFileAtomically(path, readFileSync(source));
      stored.add(object);
    },
    distFiles(outDir) {
      try {
        const record = JSON.parse(readFileSync(distPath, 'utf8')) as DistFile;
        if (record.outDir !== outDir || record.identity !== distIdentity(outDir) || previous.objects.length === 0) return undefined;
        return new Map(record.files);
      } catch {
        return undefined;
      }
    },
    forgetDist() {
      rmSync(distPath, { force: true });
    },
    rememberDist(outDir, files) {
      const identity = distIdentity(outDir);
      if (identity) writeFileAtomically(distPath, JSON.stringify({ outDir, identity, files: [...files] } satisfies DistFile));
    },
    commit() {
      next.objects = [...used];
      writeFileAtomically(indexPath, JSON.stringify(next));
      collectGarbage(objectsDir, used);
    },
  };
}
function readIndex(path: string, fingerprint: string): IndexFile {
  const empty: IndexFile = { format: CACHE_FORMAT, fingerprint, documents: {}, outputs: {}, objects: [] };
  try {
    const index = JSON.parse(readFileSync(path, 'utf8')) as IndexFile;
    // Another format or other code: nothing in it can be trusted, documents included (the schemas
    // that passed them may have changed).
    return index.format === CACHE_FORMAT && index.fingerprint === fingerprint ? index : empty;
  } catch {
    // No cache yet, or an unreadable one: start empty; the build is correct either way.
    return empty;
  }
}

/** A hard link where the file system allows one (same device, links permitted); false otherwise.
 * An existing object is the same bytes under the same name, so EEXIST is success. */
function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return true;
    if (code === 'EXDEV' || code === 'EPERM' || code === 'EMLINK' || code === 'ENOTSUP') return false;
    throw error;
  }
}

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
