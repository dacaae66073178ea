/**
 * dist/ as the last build left it, each file with its object (the digest of its bytes) and its
 * inode, size and times: the outputs' store of the cache. The next build hard-links an unchanged
 * file from it into its new folder (the cheapest way to fill a complete new folder), and a stored
 * output's files are taken from it, by path or by object, instead of being rendered again. Any
 * write to a file changes its ctime, which no program can set back, so a file whose stat still
 * matches holds the recorded bytes; a file changed within the clock's resolution of the record
 * ("racily clean", as git calls it) is hashed instead.
 *
 * On Netlify the published folder does not stay in place: the cache plugin moves it into the cache
 * once it is deployed, and back beside the cache's own files before the next build
 * (build/netlify-plugin-cache/). Its stamps do not survive Netlify's cache archive, but it went
 * nowhere but the cache: `restoredDist` answers from the record and each file's size, and the
 * next build starts from that folder itself, one rename, instead of placing every file again.
 */
import { lstatSync, readFileSync, statSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../atomic-file.ts';
import { objectName } from '../digest.ts';
import type { Companion } from '../swap.ts';

/** What the build that made a folder recorded with it (build/run/index.ts): the key of its
 * sources, the files it left beside the folder, its notices and how many page jobs it had. */
export interface MadeBy {
  key: string;
  companions: Companion[];
  notices: string[];
  jobs: number;
}

/** The files of an earlier dist/ that may be reused. */
export interface PreviousDist {
  /** The folder they are in. */
  readonly folder: string;
  /** True when `folder/path` still holds exactly the bytes of `object`. */
  holds(path: string, object: string): boolean;
  /** A path of the folder that still holds exactly the bytes of `object`, if any does. */
  find(object: string): string | undefined;
  /** How many files `holds` had to read and hash, their stamps being too close to the record's time. */
  readonly hashed: number;
  /** Every file of the folder as recorded: its path, its object, and whether it is a copy of
   * another (a `/v1` mirror, made again from its original by every build). */
  readonly entries: readonly RecordedFile[];
  /** True when the folder holds every original the record names, each as `holds` sees it. */
  holdsAll(): boolean;
  /** What the build that made the folder recorded with it. */
  readonly made: MadeBy | undefined;
}

interface DistRecord {
  outDir: string;
  /** path, object, stamp (see stampOf; '' for a copy). */
  files: [string, string, string][];
  made?: MadeBy;
}

export interface RecordedFile {
  path: string;
  object: string;
  copy: boolean;
}

const entriesOf = (record: DistRecord): RecordedFile[] => record.files.map(([path, object, stamp]) => ({ path, object, copy: stamp === '' }));

/** What changes whenever a file's bytes do: a new inode (replaced), its size, its modification
 * time (which a program may set back) and its change time (which it cannot). */
const stampOf = (stat: BigIntStats) => `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
/** The size in a stamp (stampOf), read without splitting it. */
const sizeOf = (stamp: string) => {
  const from = stamp.indexOf(':') + 1;
  return Number(stamp.slice(from, stamp.indexOf(':', from)));
};

/** A file whose ctime is this close to the record's own time may have been changed again in the
 * same clock tick (file times are taken from a clock of a few milliseconds' resolution). */
const RACY_NS = 20_000_000n;

/** The record in `recordPath` and its own modification time (from the clock that stamps the
 * files), when it is there (and describes `outDir`, when one is named). */
function readRecord(recordPath: string, outDir?: string): { record: DistRecord; recordedAt: bigint } | undefined {
  try {
    const record = JSON.parse(readFileSync(recordPath, 'utf8')) as DistRecord;
    const recordedAt = statSync(recordPath, { bigint: true }).mtimeNs;
    return outDir === undefined || record.outDir === outDir ? { record, recordedAt } : undefined;
  } catch {
    return undefined;
  }
}

/** The paths of each object, in the record's order: where a file with those bytes may be found. */
function pathsByObject(files: readonly (readonly [string, string, ...unknown[]])[]): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  for (const [path, object] of files) {
    const known = paths.get(object);
    if (known) known.push(path);
    else paths.set(object, [path]);
  }
  return paths;
}

/** `find` for a folder: the first of `files` named with `object` that `holds` it still. */
function finder(files: readonly (readonly [string, string, ...unknown[]])[], holds: (path: string, object: string) => boolean): (object: string) => string | undefined {
  let byObject: Map<string, string[]> | undefined;
  return (object) => (byObject ??= pathsByObject(files)).get(object)?.find((path) => holds(path, object));
}

/** The folder the last build recorded in `recordPath` published, as far as it is still there unchanged. */
export function previousDist(recordPath: string): PreviousDist | undefined {
  const read = readRecord(recordPath);
  if (!read) return undefined;
  const { record, recordedAt } = read;
  const outDir = record.outDir;
  const files = new Map(record.files.map(([path, object, stamp]) => [path, { object, stamp }]));
  let hashed = 0;
  let entries: RecordedFile[] | undefined;
  const holds = (path: string, object: string): boolean => {
    const entry = files.get(path);
    if (entry?.object !== object) return false;
    const file = join(outDir, path);
    let stat: BigIntStats;
    try {
      stat = lstatSync(file, { bigint: true });
    } catch {
      return false;
    }
    if (!stat.isFile() || stampOf(stat) !== entry.stamp) return false;
    if (stat.ctimeNs + RACY_NS < recordedAt) return true;
    hashed += 1;
    return objectName(readFileSync(file)) === object;
  };
  return {
    folder: outDir,
    get hashed() {
      return hashed;
    },
    holds,
    find: finder(record.files, holds),
    get entries() {
      return (entries ??= entriesOf(record));
    },
    holdsAll: () => record.files.every(([path, object, stamp]) => stamp === '' || holds(path, object)),
    made: record.made,
  };
}

/**
 * The last build's `outDir` as the cache plugin kept it, now in `folder`, answered from the record
 * (see the top of this file): a file is held when the record names it with that object and it
 * still has the recorded size, which catches a file rewritten after the build (a post-processing
 * plugin) or lost on the way. `sentinel`, a file that differs between builds of different commits
 * or sites, is read and checked: a folder of another build than the record's is refused whole.
 * Undefined when there is no record of `outDir` or the folder is not its build's.
 */
export function restoredDist(recordPath: string, outDir: string, folder: string, sentinel: string): PreviousDist | undefined {
  const read = readRecord(recordPath, outDir);
  if (!read) return undefined;
  const expected = read.record.files.find(([path]) => path === sentinel)?.[1];
  try {
    if (expected === undefined || objectName(readFileSync(join(folder, sentinel))) !== expected) return undefined;
  } catch {
    return undefined;
  }
  // The folder's own path joined by hand: a path of the record is relative and normal already.
  const hasSize = (path: string, stamp: string): boolean => {
    const stat = lstatSync(`${folder}/${path}`, { throwIfNoEntry: false });
    return stat !== undefined && stat.isFile() && stat.size === sizeOf(stamp);
  };
  // By path, made on first use: keeping the folder whole (holdsAll) goes through the record in order.
  let files: Map<string, { object: string; stamp: string }> | undefined;
  const holds = (path: string, object: string): boolean => {
    const entry = (files ??= new Map(read.record.files.map(([file, recorded, stamp]) => [file, { object: recorded, stamp }]))).get(path);
    // A copy (no stamp) is asked about only once its original was found unchanged.
    return entry?.object === object && (entry.stamp === '' || hasSize(path, entry.stamp));
  };
  let entries: RecordedFile[] | undefined;
  // Found among the originals only: a copy is answered for without a look at it.
  return {
    folder,
    hashed: 1,
    holds,
    find: finder(read.record.files.filter(([, , stamp]) => stamp !== ''), holds),
    get entries() {
      return (entries ??= entriesOf(read.record));
    },
    holdsAll: () => read.record.files.every(([path, , stamp]) => stamp === '' || hasSize(path, stamp)),
    made: read.record.made,
  };
}

/**
 * Records `outDir` as it is now: every file of it and its object, and the stamp of each that
 * `stamped` names (a stamp is one `lstat`; a copy the next build makes again from its original is
 * never asked for one). The swap that just put
 * `outDir` in place removed the folder before it, and removing a link changes the change time of
 * every file the two folders shared, so at this moment every kept file looks just changed, and the
 * next build would have to hash each one ("racily clean"). Waiting out that window once, before
 * the stamps are taken, costs a few milliseconds and spares the next build reading every file.
 */
export function rememberDist(recordPath: string, outDir: string, files: ReadonlyMap<string, string>, stamped: (path: string) => boolean, made?: MadeBy): void {
  const paths = [...files.keys()];
  if (paths.some(stamped)) sleep(Number(RACY_NS / 1_000_000n) + 5);
  const record: DistRecord = {
    outDir,
    files: Array.from(files, ([path, object]) => [path, object, stamped(path) ? stampOf(lstatSync(join(outDir, path), { bigint: true })) : '']),
    ...(made ? { made } : {}),
  };
  writeFileAtomically(recordPath, JSON.stringify(record));
}

/** Blocks this thread for `ms` milliseconds (the build is synchronous here). */
const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};
