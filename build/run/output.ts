/**
 * Write: every file goes into a fresh sibling folder as soon as it is made (so a big catalogue is
 * never held in memory whole), and nothing in dist/ changes until the whole build has succeeded.
 * A failed build never touches dist/. Each file is written once: a path is claimed by one piece of
 * work, and a second claim is a BuildDefinitionError.
 *
 * The new folder is always complete. A file the last published folder (the cache's record of it,
 * build/cache/dist-record.ts) still holds unchanged is hard-linked from it (the two generations
 * share storage), a stored output's file is linked from wherever that folder holds its bytes, and
 * the rest are written. Then the folder takes dist/'s place whole (swap.ts), so a build killed at
 * any moment leaves one complete dist/ or the other.
 *
 * Without a dist/ but with the last one kept by the cache (as on Netlify), the new folder *is* that
 * one, renamed: a file it holds unchanged (same object, same size) is left where it is, a changed
 * one is replaced by a new file (never written through: its `/v1` copy shares its inode), and every
 * file this build did not make is removed before the swap. A build that changed nothing then
 * writes no file.
 */
import { closeSync, existsSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { copyFileApart, replaceFile, writeFileFresh } from '../atomic-file.ts';
import { objectHasher, objectName } from '../digest.ts';
import { NO_CACHE } from '../cache/index.ts';
import type { BuildCache, MadeBy, PreviousDist } from '../cache/index.ts';
import type { OutputFile } from '../../site/types.ts';
import { HEADERS_FILE } from '../../core/published-files.ts';
import { siblingFolder, swapIn } from '../swap.ts';
import type { Companion } from '../swap.ts';
import { BuildDefinitionError } from '../../site/errors.ts';

export class OutputFolder {
  readonly staging: string;
  /** What the last published folder holds that may be linked rather than written again. */
  private readonly previous: PreviousDist | undefined;
  /** True when the staging folder is the last dist/ the cache kept, so `previous` is already in it. */
  readonly inPlace: boolean;
  /** Every file of this build and its object ('' with the cache off); none in a folder kept whole
   * in place, whose record names its files as it stands. */
  private readonly produced = new Map<string, string>();
  /** Files taken unchanged from the old dist/. */
  private readonly kept = new Set<string>();
  /** Files that are another path's copy (mirror): made again from their original every build. */
  private readonly copies = new Set<string>();
  private readonly dirs = new Set<string>();
  /** Set when the folder is the last one kept whole in place: its record still describes it. */
  private keptWhole = false;

  constructor(
    readonly outDir: string,
    private readonly cache: BuildCache = NO_CACHE,
  ) {
    this.staging = siblingFolder(outDir, 'staging');
    // `_headers` names the build (its version and site), so a kept folder of another build is refused.
    const restored = cache.restoredDist(outDir, this.staging, HEADERS_FILE);
    this.inPlace = restored !== undefined;
    this.previous = restored ?? cache.previousDist();
    if (!this.inPlace) mkdirSync(this.staging, { recursive: true });
  }

  /** Paths of this build's files, relative to dist/. */
  get files(): string[] {
    return this.keptWhole ? [...this.previous!.paths] : [...this.produced.keys()];
  }

  /** Files written or linked from another path: those not taken unchanged from the old dist/. */
  get written(): number {
    return this.keptWhole ? 0 : this.produced.size - this.kept.size;
  }

  /** Writes a file (or links the same bytes from the last published folder); returns its object
   * name when the cache is on. */
  add({ path, bytes }: OutputFile): string | undefined {
    const object = this.cache.enabled ? objectNameOf(bytes) : undefined;
    if (this.keep(path, object)) return object;
    writeFileFresh(this.stage(path), bytes, this.inPlace);
    return object;
  }

  /** Takes a file another thread wrote into the staging folder, with its object name. */
  addWritten(path: string, object: string | undefined): void {
    this.claim(path, object);
  }

  /** Places a stored output's file from the last published folder, at its own path or any other
   * holding its bytes; false (and nothing placed) when that folder no longer holds them. */
  addStored(path: string, object: string): boolean {
    if (this.keep(path, object)) return true;
    const source = this.previous?.find(object);
    if (source === undefined) {
      this.produced.delete(path);
      return false;
    }
    linkOrCopy(join(this.previous!.folder, source), this.stage(path));
    return true;
  }

  /**
   * Takes the folder this build starts from whole, when the build that made it recorded sources
   * with this `key` and the folder still holds every file it made (each original as `holds` sees
   * it; a copy is linked from its original, as every build makes it): what that build recorded.
   * Otherwise nothing is taken and the answer is undefined.
   */
  keepWhole(key: string): MadeBy | undefined {
    const previous = this.previous;
    if (previous?.made?.key !== key) return undefined;
    if (!previous.holdsAll()) return undefined;
    if (this.inPlace) {
      // The folder is the last one as it was: nothing to place, and its record describes it still,
      // so this build's files are the ones it names (registering them would cost more than the rest).
      this.keptWhole = true;
      return previous.made;
    }
    const { entries } = previous;
    for (const { path, object, original } of entries) {
      if (original !== undefined) continue;
      this.claim(path, object);
      this.kept.add(path);
      linkOrCopy(join(previous.folder, path), this.stage(path));
    }
    // Each copy from its original, once the originals are in place.
    for (const { path, object, original } of entries) {
      if (original === undefined) continue;
      this.claim(path, object);
      this.copies.add(path);
      this.linkCopy(path, original);
    }
    return previous.made;
  }

  /** Writes parts one after another, `separator` between them, without holding them all at once. */
  addJoined(path: string, parts: Iterable<Uint8Array>, separator: string): string | undefined {
    this.claim(path, undefined);
    const target = this.stage(path);
    const hash = this.cache.enabled ? objectHasher() : undefined;
    const between = Buffer.from(separator);
    const fd = replaceFile(target, () => openSync(target, 'wx'));
    try {
      let first = true;
      for (const part of parts) {
        for (const chunk of first ? [part] : [between, part]) {
          writeSync(fd, chunk);
          hash?.update(chunk);
        }
        first = false;
      }
    } finally {
      closeSync(fd);
    }
    const object = hash?.digest('hex');
    if (object !== undefined) this.produced.set(path, object);
    return object;
  }

  /**
   * Publishes every file so far at `prefix/` as well, with the same bytes (a hard link within the
   * new folder, so no second copy is written or stored), except those `except` names. The files of
   * `prefix/` itself are never mirrored again.
   */
  mirror(prefix: string, except: (path: string) => boolean): void {
    for (const [path, object] of [...this.produced]) {
      if (except(path) || path.startsWith(`${prefix}/`)) continue;
      const mirrored = `${prefix}/${path}`;
      this.claim(mirrored, object || undefined);
      this.copies.add(mirrored);
      // In a kept folder, the copy of an unchanged file is still its link.
      if (this.inPlace && this.kept.has(path) && this.previous!.holds(mirrored, object)) {
        this.kept.add(mirrored);
        continue;
      }
      this.linkCopy(mirrored, path);
    }
  }

  /** Takes back a file placed earlier. */
  remove(path: string): void {
    this.kept.delete(path);
    this.copies.delete(path);
    if (this.produced.delete(path)) rmSync(join(this.staging, path), { force: true });
  }

  /** A file of this build's size in bytes. */
  size(path: string): number {
    return statSync(join(this.staging, path)).size;
  }

  /** A file of this build, for artifacts assembled from others. */
  read(path: string): Buffer {
    return readFileSync(join(this.staging, path));
  }

  /** Puts the complete folder in dist/'s place, with the files beside it that belong to it, and
   * records it with what the build that made it says of it. */
  commit(companions: readonly Companion[] = [], made?: MadeBy): void {
    if (this.inPlace) {
      const found = this.removeUnmade();
      // A folder kept whole was checked original by original, its copies taken on the record's
      // word: one the walk did not find (removed after the build) is linked again from its original.
      if (this.keptWhole && found < this.previous!.paths.length) this.relinkCopies();
    }
    swapIn(this.staging, this.outDir, companions);
    // The last folder kept whole where it was is the one its record describes.
    if (this.keptWhole || !this.cache.enabled) return;
    // After the old tree is gone: removing it changed the ctime of every file shared with it.
    this.cache.rememberDist(this.outDir, this.produced, (path) => this.copies.has(path), made);
  }

  /** Removes the unfinished folder; dist/ is as it was. */
  abort(): void {
    rmSync(this.staging, { recursive: true, force: true });
  }

  /** Registers a path; true when the old dist/ holds exactly these bytes there, now linked into
   * the new folder. */
  private keep(path: string, object: string | undefined): boolean {
    this.claim(path, object);
    if (object === undefined || !this.previous?.holds(path, object)) return false;
    if (!this.inPlace) linkOrCopy(join(this.previous!.folder, path), this.stage(path));
    this.kept.add(path);
    return true;
  }

  /** In a kept folder: removes every file this build did not make (the last build's, and anything
   * added to the folder after it), and the folders that leaves empty; how many files it made the
   * walk found. */
  private removeUnmade(): number {
    let found = 0;
    const made = this.keptWhole ? (path: string) => this.previous!.names(path) : (path: string) => this.produced.has(path);
    // Folder by folder, each path built as the walk goes, and only an entry this build did not make
    // looked at (a folder, or a file to remove): file types for every entry, or a path relative to
    // the folder worked out for each, cost more than the walk (at 4,000 skills, on a build that
    // changed nothing).
    const sweep = (folder: string, prefix: string): boolean => {
      let holdsMade = false;
      for (const name of readdirSync(folder)) {
        const path = `${prefix}${name}`;
        if (made(path)) {
          found += 1;
          holdsMade = true;
          continue;
        }
        const full = `${folder}/${name}`;
        if (!lstatSync(full).isDirectory()) rmSync(full, { force: true });
        else if (sweep(full, `${path}/`)) holdsMade = true;
        else rmdirSync(full);
      }
      return holdsMade;
    };
    sweep(this.staging, '');
    return found;
  }

  /** In a folder kept whole: links each copy the folder no longer holds again from its original. */
  private relinkCopies(): void {
    for (const { path, original } of this.previous!.entries) {
      if (original !== undefined && !existsSync(join(this.staging, path))) this.linkCopy(path, original);
    }
  }

  /** Places the copy `path` as a link to its `original`, already in this build's folder. */
  private linkCopy(path: string, original: string): void {
    linkOrCopy(join(this.staging, original), this.stage(path), this.inPlace);
  }

  private claim(path: string, object: string | undefined): void {
    if (this.produced.has(path)) throw new BuildDefinitionError(`Two emitters wrote dist/${path}`);
    this.produced.set(path, object ?? '');
  }

  private stage(path: string): string {
    const target = join(this.staging, path);
    const dir = dirname(target);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    return target;
  }
}

// Bytes made once per process and added on every build (the content editor's files, 5 MB) are
// hashed once: output bytes are never changed after they are made.
const namedBytes = new WeakMap<Uint8Array, string>();
function objectNameOf(bytes: string | Uint8Array): string {
  if (typeof bytes === 'string') return objectName(bytes);
  let name = namedBytes.get(bytes);
  if (name === undefined) namedBytes.set(bytes, (name = objectName(bytes)));
  return name;
}

/** A hard link to `source` at `target` (in place of what is there, `likelyThere` or not: see
 * replaceFile), or a copy where the file system cannot link. */
function linkOrCopy(source: string, target: string, likelyThere = false): void {
  try {
    replaceFile(target, () => linkSync(source, target), likelyThere);
  } catch (error) {
    // A file system without hard links (or at its link limit): a copy does as well.
    if (!['EPERM', 'EMLINK', 'ENOTSUP', 'EXDEV'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    replaceFile(target, () => copyFileApart(source, target));
  }
}
