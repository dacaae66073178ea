/**
 * Write: every file goes into a fresh sibling folder as soon as it is made (so a big catalogue is
 * never held in memory whole), and nothing in dist/ changes until the whole build has succeeded.
 * A failed build never touches dist/.
 *
 * The new folder is always complete: a file the old dist/ still holds unchanged is hard-linked
 * from it (the two generations share storage; the cache never does), one the cache holds is
 * copied from it, the rest are written. Then the folder takes dist/'s place whole (swap.ts), so a
 * build killed at any moment leaves one complete dist/ or the other.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { copyFileApart } from './atomic-file.ts';
import { objectHasher } from './cache/hash.ts';
import { NO_CACHE } from './cache/index.ts';
import type { BuildCache, PreviousDist } from './cache/index.ts';
import type { OutputFile } from './emit/types.ts';
import { siblingFolder, swapIn } from './swap.ts';
import type { Companion } from './swap.ts';
import { BuildDefinitionError } from './build-errors.ts';

export class OutputFolder {
  readonly staging: string;
  /** What the old dist/ holds that may be linked rather than written again. */
  private readonly previous: PreviousDist | undefined;
  /** Every file of this build and its object ('' with the cache off). */
  private readonly produced = new Map<string, string>();
  /** Files taken unchanged from the old dist/. */
  private readonly kept = new Set<string>();
  private readonly dirs = new Set<string>();

  constructor(
    readonly outDir: string,
    private readonly cache: BuildCache = NO_CACHE,
  ) {
    this.previous = cache.previousDist(outDir);
    this.staging = siblingFolder(outDir, 'staging');
    mkdirSync(this.staging, { recursive: true });
  }

  /** Paths of this build's files, relative to dist/. */
  get files(): string[] {
    return [...this.produced.keys()];
  }

  /** Files written or copied from the cache: those not taken unchanged from the old dist/. */
  get written(): number {
    return this.produced.size - this.kept.size;
  }

  /** Writes a file (or places the same bytes from the old dist/ or the cache); returns its object
   * name when the cache is on. */
  add({ path, bytes }: OutputFile): string | undefined {
    const object = this.cache.objectFor(bytes);
    if (this.keep(path, object)) return object;
    const target = this.stage(path);
    if (object !== undefined && this.cache.place(object, target)) return object;
    writeFileSync(target, bytes);
    if (object !== undefined) this.cache.adopt(object, target);
    return object;
  }

  /** Takes a file another thread wrote into the staging folder, with its object name. */
  addWritten(path: string, object: string | undefined): void {
    this.claim(path, object);
    if (object !== undefined) this.cache.adopt(object, join(this.staging, path));
  }

  /** Places a file the cache holds; false (and nothing written) when it does not hold it. */
  addStored(path: string, object: string): boolean {
    if (this.keep(path, object)) return true;
    if (this.cache.place(object, this.stage(path))) return true;
    this.produced.delete(path);
    return false;
  }

  /** Writes parts one after another, `separator` between them, without holding them all at once. */
  addJoined(path: string, parts: Iterable<Uint8Array>, separator: string): string | undefined {
    this.claim(path, undefined);
    const target = this.stage(path);
    const hash = this.cache.enabled ? objectHasher() : undefined;
    const between = Buffer.from(separator);
    const fd = openSync(target, 'w');
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
    if (object !== undefined) {
      this.produced.set(path, object);
      this.cache.adopt(object, target);
    }
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
      linkOrCopy(join(this.staging, path), this.stage(mirrored));
    }
  }

  /** Takes back a file placed earlier. */
  remove(path: string): void {
    this.kept.delete(path);
    if (this.produced.delete(path)) rmSync(join(this.staging, path), { force: true });
  }

  /** A file of this build, for artifacts assembled from others. */
  read(path: string): Buffer {
    return readFileSync(join(this.staging, path));
  }

  /** Puts the complete folder in dist/'s place, with the companion file that belongs to it. */
  commit(companion?: Companion): void {
    swapIn(this.staging, this.outDir, companion);
    // After the old tree is gone: removing it changed the ctime of every file shared with it.
    if (this.cache.enabled) this.cache.rememberDist(this.outDir, this.produced);
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
    const target = this.stage(path);
    linkOrCopy(join(this.outDir, path), target);
    // The cache keeps the object too (a copy, if it had lost it), for a deploy without this dist/.
    this.cache.adopt(object, target);
    this.kept.add(path);
    return true;
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

/** A hard link to `source` at `target`, or a copy where the file system cannot link. */
function linkOrCopy(source: string, target: string): void {
  try {
    linkSync(source, target);
  } catch (error) {
    // A file system without hard links (or at its link limit): a copy does as well.
    if (!['EPERM', 'EMLINK', 'ENOTSUP', 'EXDEV'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    copyFileApart(source, target);
  }
}
