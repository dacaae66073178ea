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
  /** Every path of the folder as recorded, in the record's order: the entries' paths alone. */
  readonly paths: readonly string[];
  /** True when the folder holds every original the record names, each as `holds` sees it. */
  holdsAll(): boolean;
  /** What the build that made the folder recorded with it. */
  readonly made: MadeBy | undefined;
}

/**
 * In columns, each a string, so a record of 40,000 files parses as a few long strings rather than
 * 120,000 short ones: about half the time of an array per file, on a build that keeps its folder
 * whole. Written in ASCII alone (asciiJson): Node reads that into a string of one byte a
 * character, where one other character (in a notice, say) makes the whole text two bytes a character.
 */
interface DistRecord {
  format: typeof RECORD_FORMAT;
  outDir: string;
  /** Every file's path, NUL after each but the last (no file name can hold one). */
  paths: string;
  /** Each path's object, in the same order: OBJECT_LENGTH characters each, nothing between. */
  objects: string;
  /** Each path's stamp (see stampOf; '' for a copy), NUL after each but the last. */
  stamps: string;
  made?: MadeBy;
}

/** Bumped when the record's layout changes: a record of another layout is no record. */
const RECORD_FORMAT = 2;
const SEPARATOR = '\u0000';
/** An object's name is a hex SHA-256 (build/digest.ts). */
const OBJECT_LENGTH = 64;
const NO_OBJECT = '-'.repeat(OBJECT_LENGTH);

/** The record's columns, split: what every reader of it goes through. */
interface Columns {
  record: DistRecord;
  paths: string[];
  stamps: string[];
  objectOf(index: number): string;
  /** Every file as recorded (PreviousDist's `entries`), made on first use. */
  entries(): RecordedFile[];
}

export interface RecordedFile {
  path: string;
  object: string;
  copy: boolean;
}

/** Each path's index in the record, made on first use. */
function indexer(paths: readonly string[]): (path: string) => number | undefined {
  let byPath: Map<string, number> | undefined;
  return (path) => (byPath ??= new Map(paths.map((file, i) => [file, i]))).get(path);
}

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
function readRecord(recordPath: string, outDir?: string): { columns: Columns; recordedAt: bigint } | undefined {
  let record: DistRecord;
  let recordedAt: bigint;
  try {
    record = JSON.parse(readFileSync(recordPath, 'utf8')) as DistRecord;
    recordedAt = statSync(recordPath, { bigint: true }).mtimeNs;
  } catch {
    return undefined;
  }
  if (record?.format !== RECORD_FORMAT || (outDir !== undefined && record.outDir !== outDir)) return undefined;
  const paths = record.paths === '' ? [] : record.paths.split(SEPARATOR);
  // By the paths: one file with no stamp (a copy) is a stamps column of '' too.
  const stamps = paths.length === 0 ? [] : record.stamps.split(SEPARATOR);
  // Torn or of another layout: no record.
  if (stamps.length !== paths.length || record.objects.length !== paths.length * OBJECT_LENGTH) return undefined;
  const objectOf = (index: number) => record.objects.slice(index * OBJECT_LENGTH, (index + 1) * OBJECT_LENGTH);
  let entries: RecordedFile[] | undefined;
  const entriesOf = () => (entries ??= paths.map((path, i) => ({ path, object: objectOf(i), copy: stamps[i] === '' })));
  return { columns: { record, paths, stamps, objectOf, entries: entriesOf }, recordedAt };
}

/** The paths of each object among the files `among` names (by index), in the record's order: where
 * a file with those bytes may be found. */
function pathsByObject({ paths, objectOf }: Columns, among: (index: number) => boolean): Map<string, string[]> {
  const byObject = new Map<string, string[]>();
  for (let i = 0; i < paths.length; i++) {
    if (!among(i)) continue;
    const object = objectOf(i);
    const known = byObject.get(object);
    if (known) known.push(paths[i]);
    else byObject.set(object, [paths[i]]);
  }
  return byObject;
}

/** `find` for a folder: the first of the files `among` names that is recorded with `object` and `holds` it still. */
function finder(columns: Columns, among: (index: number) => boolean, holds: (path: string, object: string) => boolean): (object: string) => string | undefined {
  let byObject: Map<string, string[]> | undefined;
  return (object) => (byObject ??= pathsByObject(columns, among)).get(object)?.find((path) => holds(path, object));
}

/** The folder the last build recorded in `recordPath` published, as far as it is still there unchanged. */
export function previousDist(recordPath: string): PreviousDist | undefined {
  const read = readRecord(recordPath);
  if (!read) return undefined;
  const { columns, recordedAt } = read;
  const { record, paths, stamps, objectOf } = columns;
  const outDir = record.outDir;
  const indexOf = indexer(paths);
  let hashed = 0;
  const holds = (path: string, object: string): boolean => {
    const i = indexOf(path);
    if (i === undefined || objectOf(i) !== object) return false;
    const file = join(outDir, path);
    let stat: BigIntStats;
    try {
      stat = lstatSync(file, { bigint: true });
    } catch {
      return false;
    }
    if (!stat.isFile() || stampOf(stat) !== stamps[i]) return false;
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
    find: finder(columns, () => true, holds),
    get entries() {
      return columns.entries();
    },
    paths,
    holdsAll: () => paths.every((path, i) => stamps[i] === '' || holds(path, objectOf(i))),
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
  const { columns } = read;
  const { record, paths, stamps, objectOf } = columns;
  const sentinelAt = paths.indexOf(sentinel);
  try {
    if (sentinelAt === -1 || objectName(readFileSync(join(folder, sentinel))) !== objectOf(sentinelAt)) return undefined;
  } catch {
    return undefined;
  }
  // The folder's own path joined by hand: a path of the record is relative and normal already.
  const hasSize = (path: string, stamp: string): boolean => {
    const stat = lstatSync(`${folder}/${path}`, { throwIfNoEntry: false });
    return stat !== undefined && stat.isFile() && stat.size === sizeOf(stamp);
  };
  // By path, made on first use: keeping the folder whole (holdsAll) goes through the record in order.
  const indexOf = indexer(paths);
  const holds = (path: string, object: string): boolean => {
    const i = indexOf(path);
    // A copy (no stamp) is asked about only once its original was found unchanged.
    return i !== undefined && objectOf(i) === object && (stamps[i] === '' || hasSize(path, stamps[i]));
  };
  // Found among the originals only: a copy is answered for without a look at it.
  return {
    folder,
    hashed: 1,
    holds,
    find: finder(columns, (i) => stamps[i] !== '', holds),
    get entries() {
      return columns.entries();
    },
    paths,
    holdsAll: () => paths.every((path, i) => stamps[i] === '' || hasSize(path, stamps[i])),
    made: record.made,
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
    format: RECORD_FORMAT,
    outDir,
    paths: paths.join(SEPARATOR),
    // A file of no known object (none is, with the cache on) is recorded as one no digest equals.
    objects: Array.from(files.values(), (object) => (object.length === OBJECT_LENGTH ? object : NO_OBJECT)).join(''),
    stamps: paths.map((path) => (stamped(path) ? stampOf(lstatSync(join(outDir, path), { bigint: true })) : '')).join(SEPARATOR),
    ...(made ? { made } : {}),
  };
  writeFileAtomically(recordPath, asciiJson(record));
}

/** JSON in ASCII alone: each other character escaped, as JSON allows. Field by field, so that
 * the long columns, ASCII themselves, are scanned as text of one byte a character, and only the
 * field that holds another character (a notice's) is rebuilt: escaping the whole record at once
 * took twice as long (about 0.2 s against 0.1 s at 4,000 skills). */
const asciiJson = (record: object): string =>
  `{${Object.entries(record).filter(([, value]) => value !== undefined).map(([field, value]) => `${JSON.stringify(field)}:${JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}`).join(',')}}`;

/** Blocks this thread for `ms` milliseconds (the build is synchronous here). */
const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};
