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
import { closeSync, fstatSync, lstatSync, openSync, readFileSync, readSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../atomic-file.ts';
import { FileReadError } from '../build-errors.ts';
import { objectName } from '../digest.ts';
import { settled, stampOf, waitOutRacyWindow } from '../file-stamp.ts';
import { BuildDefinitionError } from '../../site/errors.ts';
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
  /** Every file of the folder as recorded: its path, its object, and for a copy its original. */
  readonly entries: readonly RecordedFile[];
  /** Every path of the folder as recorded, the originals first, then the copies: the entries' paths alone. */
  readonly paths: readonly string[];
  /** True when the folder holds every original the record names, each as `holds` sees it. */
  holdsAll(): boolean;
  /** True when the record names `path`, an original or a copy. */
  names(path: string): boolean;
  /** What the build that made the folder recorded with it. */
  readonly made: MadeBy | undefined;
}

export interface RecordedFile {
  path: string;
  object: string;
  /** For a copy (a `/v1` mirror, made again from its original by every build): its original's path. */
  original?: string;
}

/**
 * The record's layout: a line giving the header's length in bytes, the header (JSON, in ASCII
 * alone: asciiJson), then one column after another, each the header says the length of. A column
 * holds one field of every original file (a file the folder holds in its own right), in the same
 * order; a copy (`<folder>/<path>`, a hard link to its original made by the mirror, build/mirror.ts)
 * is no row of its own but the name of its folder in its original's row. A column is read only
 * when first asked for: a build that keeps its folder whole reads the header, the paths, the sizes
 * and the copies, 0.9 of the 3.3 MB at 4,000 skills, and no object but the sentinel's. The layout
 * before, JSON of 5.5 MB with a row for every copy too, took 80 ms to read whole, most of it
 * making and touching new memory for bytes that build never looked at.
 */
interface Header {
  format: typeof RECORD_FORMAT;
  outDir: string;
  /** How many original files. */
  count: number;
  /** Each column's length in bytes, in the order of COLUMNS. */
  lengths: number[];
  made?: MadeBy;
}

/** Bumped when the record's layout changes: a record of another layout is no record. */
const RECORD_FORMAT = 4;
/**
 * The columns, in the file's order. `paths`, `sizes`, `stamps` and `copies` hold a field per
 * original, NUL after each but the last (no file name can hold one); `objects` holds each
 * original's object, OBJECT_LENGTH characters each with nothing between, so one can be read alone.
 */
const COLUMNS = ['paths', 'sizes', 'stamps', 'copies', 'objects'] as const;
type Column = (typeof COLUMNS)[number];
const SEPARATOR = '\u0000';
/** Between the folders an original is copied into, in its `copies` field (a folder's name holds no '/'). */
const FOLDER_SEPARATOR = '/';
/** An object's name is a hex SHA-256 (build/digest.ts). */
const OBJECT_LENGTH = 64;
const NO_OBJECT = '-'.repeat(OBJECT_LENGTH);
/** The first line (the header's length) is never longer than this. */
const FIRST_LINE_MAX = 24;

/** A copy's folder and the path of its original: `v1/skills/x.json` is `skills/x.json` in `v1`. */
const copyParts = (path: string): { folder: string; original: string } | undefined => {
  const slash = path.indexOf('/');
  return slash < 1 ? undefined : { folder: path.slice(0, slash), original: path.slice(slash + 1) };
};

/** The record, opened: its header, and each column as its fields, read on first use. */
interface OpenRecord {
  header: Header;
  /** The record's own modification time, from the clock that stamps the files. */
  recordedAt: bigint;
  column(name: Exclude<Column, 'objects'>): readonly string[];
  objectOf(index: number): string;
  /** Each original's index by its path, made on first use. */
  indexOf(path: string): number | undefined;
  /** The index of the original `path` is a recorded copy of, if it is one. */
  copyOf(path: string): number | undefined;
  /** Every file as recorded (PreviousDist's `entries`), made on first use. */
  entries(): RecordedFile[];
  /** Every path as recorded (PreviousDist's `paths`), made on first use. */
  paths(): string[];
}

/** A problem with the record past its header: it was not written as a whole by this code. */
const damaged = (recordPath: string, what: string) =>
  new FileReadError(recordPath, `the build cache's record of dist/ is damaged: ${what}. Remove it and build again.`);

/** The record in `recordPath`, when it is there, whole, of this layout (and of `outDir`, when one
 * is named). */
function openRecord(recordPath: string, outDir?: string): OpenRecord | undefined {
  let header: Header;
  let stat: BigIntStats;
  let columnsAt: number;
  try {
    const fd = openSync(recordPath, 'r');
    try {
      stat = fstatSync(fd, { bigint: true });
      const first = readAt(fd, 0, FIRST_LINE_MAX).toString('latin1');
      const lineEnd = first.indexOf('\n');
      const headerLength = Number(first.slice(0, lineEnd));
      if (lineEnd < 1 || !Number.isSafeInteger(headerLength) || lineEnd + 1 + headerLength > Number(stat.size)) return undefined;
      header = JSON.parse(readAt(fd, lineEnd + 1, headerLength).toString('latin1')) as Header;
      columnsAt = lineEnd + 1 + headerLength;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  if (header?.format !== RECORD_FORMAT || (outDir !== undefined && header.outDir !== outDir)) return undefined;
  const { count, lengths } = header;
  // Cut short (or of another layout): no record.
  if (lengths?.length !== COLUMNS.length || columnsAt + lengths.reduce((sum, length) => sum + length, 0) !== Number(stat.size)) return undefined;
  const offsetOf = (name: Column) => columnsAt + lengths.slice(0, COLUMNS.indexOf(name)).reduce((sum, length) => sum + length, 0);
  /** Bytes of the record, from the file opened here, which must still be the one opened above. */
  const read = (start: number, length: number): Buffer => {
    const fd = openSync(recordPath, 'r');
    try {
      if (fstatSync(fd, { bigint: true }).ino !== stat.ino) throw damaged(recordPath, 'it was replaced while this build read it');
      return readAt(fd, start, length);
    } finally {
      closeSync(fd);
    }
  };
  const columns = new Map<Column, readonly string[]>();
  const column = (name: Exclude<Column, 'objects'>): readonly string[] => {
    let fields = columns.get(name);
    if (fields === undefined) {
      const text = read(offsetOf(name), lengths[COLUMNS.indexOf(name)]).toString('utf8');
      // By the count: one empty field (an original copied nowhere) is a column of '' too.
      fields = count === 0 ? [] : text.split(SEPARATOR);
      if (fields.length !== count) throw damaged(recordPath, `its ${name} column has ${fields.length} fields, not ${count}`);
      columns.set(name, fields);
    }
    return fields;
  };
  let objects: string | undefined;
  let asked = false;
  const objectOf = (index: number): string => {
    const at = index * OBJECT_LENGTH;
    // The first object asked for (the sentinel's) is read alone; the column whole from the second on.
    if (!asked) {
      asked = true;
      return read(offsetOf('objects') + at, OBJECT_LENGTH).toString('latin1');
    }
    objects ??= read(offsetOf('objects'), count * OBJECT_LENGTH).toString('latin1');
    return objects.slice(at, at + OBJECT_LENGTH);
  };
  let byPath: Map<string, number> | undefined;
  const indexOf = (path: string): number | undefined => {
    if (byPath === undefined) {
      byPath = new Map();
      const paths = column('paths');
      for (let i = 0; i < paths.length; i++) byPath.set(paths[i], i);
    }
    return byPath.get(path);
  };
  /** The folders an original is copied into. */
  const foldersOf = (original: number): string[] => {
    const field = column('copies')[original];
    return field === '' ? [] : field.split(FOLDER_SEPARATOR);
  };
  /** Every copy, folder by folder in the order first named, each folder's in its originals' order: as the mirror makes them. */
  let copies: { path: string; original: number }[] | undefined;
  const allCopies = (): { path: string; original: number }[] => {
    if (copies) return copies;
    const byFolder = new Map<string, { path: string; original: number }[]>();
    const paths = column('paths');
    for (let original = 0; original < count; original++) {
      for (const folder of foldersOf(original)) {
        const copy = { path: `${folder}/${paths[original]}`, original };
        const inFolder = byFolder.get(folder);
        if (inFolder) inFolder.push(copy);
        else byFolder.set(folder, [copy]);
      }
    }
    return (copies = [...byFolder.values()].flat());
  };
  let entries: RecordedFile[] | undefined;
  let paths: string[] | undefined;
  return {
    header,
    recordedAt: stat.mtimeNs,
    column,
    objectOf,
    indexOf,
    copyOf(path) {
      const copy = copyParts(path);
      if (copy === undefined) return undefined;
      const original = indexOf(copy.original);
      if (original === undefined) return undefined;
      // Most often the one folder: no list made to say so.
      const field = column('copies')[original];
      return field === copy.folder || foldersOf(original).includes(copy.folder) ? original : undefined;
    },
    entries: () => (entries ??= [
      ...column('paths').map((path, i) => ({ path, object: objectOf(i) })),
      ...allCopies().map(({ path, original }) => ({ path, object: objectOf(original), original: column('paths')[original] })),
    ]),
    paths: () => (paths ??= [...column('paths'), ...allCopies().map(({ path }) => path)]),
  };
}

/** `length` bytes of `fd` from `start` (fewer at its end). */
function readAt(fd: number, start: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (let got = -1; at < length && got !== 0; at += got) got = readSync(fd, bytes, at, length - at, start + at);
  return at === length ? bytes : bytes.subarray(0, at);
}

/** `find` for a folder: the first original recorded with `object` that `holds` it still. */
function finder(record: OpenRecord, holds: (path: string, object: string) => boolean): (object: string) => string | undefined {
  let byObject: Map<string, string[]> | undefined;
  const pathsByObject = () => {
    const found = new Map<string, string[]>();
    record.column('paths').forEach((path, i) => {
      const object = record.objectOf(i);
      const known = found.get(object);
      if (known) known.push(path);
      else found.set(object, [path]);
    });
    return found;
  };
  return (object) => (byObject ??= pathsByObject()).get(object)?.find((path) => holds(path, object));
}

/** A PreviousDist of `record`, in `folder`, that holds a file as `holds` and every original as `holdsAll` says. */
function previousOf(record: OpenRecord, folder: string, holds: PreviousDist['holds'], holdsAll: () => boolean, hashed: () => number): PreviousDist {
  return {
    folder,
    holds,
    find: finder(record, holds),
    holdsAll,
    names: (path) => record.indexOf(path) !== undefined || record.copyOf(path) !== undefined,
    get hashed() {
      return hashed();
    },
    get entries() {
      return record.entries();
    },
    get paths() {
      return record.paths();
    },
    made: record.header.made,
  };
}

/** The folder the last build recorded in `recordPath` published, as far as it is still there
 * unchanged. A copy is never held: every build links it again from its original. */
export function previousDist(recordPath: string): PreviousDist | undefined {
  const record = openRecord(recordPath);
  if (!record) return undefined;
  const { outDir } = record.header;
  let hashed = 0;
  const holdsAt = (i: number): boolean => {
    const file = join(outDir, record.column('paths')[i]);
    let stat: BigIntStats;
    try {
      stat = lstatSync(file, { bigint: true });
    } catch {
      return false;
    }
    if (!stat.isFile() || String(stat.size) !== record.column('sizes')[i] || stampOf(stat) !== record.column('stamps')[i]) return false;
    // One changed within a tick of the record's writing may have changed again without its stamp moving.
    if (settled(stat, record.recordedAt)) return true;
    hashed += 1;
    return objectName(readFileSync(file)) === record.objectOf(i);
  };
  const holds = (path: string, object: string): boolean => {
    const i = record.indexOf(path);
    return i !== undefined && record.objectOf(i) === object && holdsAt(i);
  };
  return previousOf(record, outDir, holds, () => record.column('paths').every((_, i) => holdsAt(i)), () => hashed);
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
  const record = openRecord(recordPath, outDir);
  if (!record) return undefined;
  const sentinelAt = record.column('paths').indexOf(sentinel);
  try {
    if (sentinelAt === -1 || objectName(readFileSync(join(folder, sentinel))) !== record.objectOf(sentinelAt)) return undefined;
  } catch {
    return undefined;
  }
  // The folder's own path joined by hand: a path of the record is relative and normal already.
  const hasSize = (i: number): boolean => {
    const stat = lstatSync(`${folder}/${record.column('paths')[i]}`, { throwIfNoEntry: false });
    return stat !== undefined && stat.isFile() && String(stat.size) === record.column('sizes')[i];
  };
  const holds = (path: string, object: string): boolean => {
    const i = record.indexOf(path);
    if (i !== undefined) return record.objectOf(i) === object && hasSize(i);
    // A copy is asked about only once its original was found unchanged: answered without a look at it.
    const original = record.copyOf(path);
    return original !== undefined && record.objectOf(original) === object;
  };
  return previousOf(record, folder, holds, () => record.column('paths').every((_, i) => hasSize(i)), () => 1);
}

/**
 * Records `outDir` as it is now: every file of it and its object, and the size and stamp of each
 * original, a file `copied` does not name (a copy is `<folder>/<path>` of an original with the same
 * object: build/mirror.ts). The swap that just put `outDir` in place removed the folder before it,
 * and removing a link changes the change time of every file the two folders shared, so at this
 * moment every kept file looks just changed, and the next build would have to hash each one
 * ("racily clean"). Waiting out that window once, before the stamps are taken, costs a few
 * milliseconds and spares the next build reading every file.
 */
export function rememberDist(recordPath: string, outDir: string, files: ReadonlyMap<string, string>, copied: (path: string) => boolean, made?: MadeBy): void {
  const originals: string[] = [];
  const indexOf = new Map<string, number>();
  for (const path of files.keys()) {
    if (copied(path)) continue;
    indexOf.set(path, originals.length);
    originals.push(path);
  }
  const copies: string[][] = originals.map(() => []);
  for (const [path, object] of files) {
    if (!copied(path)) continue;
    const copy = copyParts(path);
    const original = copy === undefined ? undefined : indexOf.get(copy.original);
    if (copy === undefined || original === undefined || files.get(copy.original) !== object) {
      throw new BuildDefinitionError(`dist/${path} is recorded as a copy, but the folder holds no original of it with its bytes`);
    }
    copies[original].push(copy.folder);
  }
  if (originals.length > 0) waitOutRacyWindow();
  // Each stat taken down to its two columns at once: 50,000 stats of a dozen BigInts each, kept
  // until both were joined, came to about 30 MB at 10,000 skills, at the very end of the build.
  const sizes: string[] = [];
  const stamps: string[] = [];
  for (const path of originals) {
    const stat = lstatSync(join(outDir, path), { bigint: true });
    sizes.push(String(stat.size));
    stamps.push(stampOf(stat));
  }
  const columns: Record<Column, string> = {
    paths: originals.join(SEPARATOR),
    sizes: sizes.join(SEPARATOR),
    stamps: stamps.join(SEPARATOR),
    copies: copies.map((folders) => folders.join(FOLDER_SEPARATOR)).join(SEPARATOR),
    // A file of no known object (none is, with the cache on) is recorded as one no digest equals.
    objects: originals.map((path) => files.get(path)!).map((object) => (object.length === OBJECT_LENGTH ? object : NO_OBJECT)).join(''),
  };
  const bytes = COLUMNS.map((name) => Buffer.from(columns[name], 'utf8'));
  const header = asciiJson({ format: RECORD_FORMAT, outDir, count: originals.length, lengths: bytes.map((column) => column.length), made } satisfies Header);
  writeFileAtomically(recordPath, Buffer.concat([Buffer.from(`${header.length}\n${header}`, 'latin1'), ...bytes]));
}

/** JSON in ASCII alone, each other character escaped as JSON allows: its length is its length in
 * bytes, and it reads back as text of one byte a character. */
const asciiJson = (value: object): string =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
