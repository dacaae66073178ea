/**
 * Write: every file goes into a fresh sibling folder as soon as it is made (so a big catalogue is
 * never held in memory whole), and nothing in dist/ changes until the whole build has succeeded.
 * A failed build never touches dist/.
 *
 * Then, one of two ways. Without a cache record of dist/, the new folder is swapped in for it
 * whole. When the cache knows dist/ as the last build left it, the new folder holds only the
 * files that differ, and those are renamed into dist/ one by one (each rename is atomic) and the
 * files no longer made are removed: a build that changed one page touches three files, not all.
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { NO_CACHE, objectHasher } from './cache.ts';
import type { BuildCache } from './cache.ts';
import type { OutputFile } from './emit/types.ts';

export class OutputFolder {
  readonly staging: string;
  /** Each file dist/ holds now and its object, when it can be updated in place. */
  private readonly previous: ReadonlyMap<string, string> | undefined;
  /** Every file of this build and its object ('' with the cache off). */
  private readonly produced = new Map<string, string>();
  /** Files written into the staging folder. */
  private readonly staged = new Set<string>();
  private readonly dirs = new Set<string>();

  constructor(
    readonly outDir: string,
    private readonly cache: BuildCache = NO_CACHE,
  ) {
    this.previous = cache.distFiles(outDir);
    this.staging = `${outDir}.staging-${process.pid}-${Date.now()}`;
    mkdirSync(this.staging, { recursive: true });
  }

  /** Paths of this build's files, relative to dist/. */
  get files(): string[] {
    return [...this.produced.keys()];
  }

  /** True when the build updates dist/ in place rather than replacing it. */
  get inPlace(): boolean {
    return this.previous !== undefined;
  }

  /** Files written so far (the rest are in dist/ already, or linked from the cache). */
  get written(): number {
    return this.staged.size;
  }

  /** Writes a file (or links the cache's copy of the same bytes); returns its object name when the
   * cache is on. */
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
    if (this.keep(path, object)) {
      unlinkSync(join(this.staging, path));
      return;
    }
    this.staged.add(path);
    if (object !== undefined) this.cache.adopt(object, join(this.staging, path));
  }

  /** Places a file the cache holds; false (and nothing written) when it does not hold it. */
  addStored(path: string, object: string): boolean {
    if (this.keep(path, object)) return true;
    if (this.cache.place(object, this.stage(path))) return true;
    this.staged.delete(path);
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

  /** Takes back a file placed earlier. */
  remove(path: string): void {
    if (this.staged.delete(path)) unlinkSync(join(this.staging, path));
    this.produced.delete(path);
  }

  /** A file of this build, for artifacts assembled from others. */
  read(path: string): Buffer {
    return readFileSync(join(this.staged.has(path) ? this.staging : this.outDir, path));
  }

  async commit(): Promise<void> {
    if (this.previous) this.applyInPlace(this.previous);
    else await this.swap();
    if (this.cache.enabled) this.cache.rememberDist(this.outDir, this.produced);
  }

  /** Removes the unfinished folder; dist/ is as it was. */
  abort(): void {
    rmSync(this.staging, { recursive: true, force: true });
  }

  /** Swaps the folder in for dist/; the previous dist/ goes only after the new one is in place. */
  private async swap(): Promise<void> {
    const retired = `${this.outDir}.retired-${process.pid}-${Date.now()}`;
    const hadPrevious = await rename(this.outDir, retired).then(() => true, (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    });
    try {
      await rename(this.staging, this.outDir);
    } catch (error) {
      if (hadPrevious) await rename(retired, this.outDir);
      throw error;
    }
    if (hadPrevious) rmSync(retired, { recursive: true, force: true });
  }

  private applyInPlace(previous: ReadonlyMap<string, string>): void {
    // Until the new record is written, the cache trusts nothing about dist/: an interrupted update
    // is followed by a full build.
    this.cache.forgetDist();
    const made = new Set<string>();
    for (const path of this.staged) {
      const target = join(this.outDir, path);
      const dir = dirname(target);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      renameSync(join(this.staging, path), target);
    }
    for (const path of previous.keys()) {
      if (!this.produced.has(path)) rmSync(join(this.outDir, path), { force: true });
    }
    rmSync(this.staging, { recursive: true, force: true });
  }

  /** Registers a path; true when dist/ already holds exactly these bytes there. */
  private keep(path: string, object: string | undefined): boolean {
    this.claim(path, object);
    if (object === undefined || this.previous?.get(path) !== object) return false;
    this.cache.use(object);
    return true;
  }

  private claim(path: string, object: string | undefined): void {
    if (this.produced.has(path)) throw new Error(`Two emitters wrote dist/${path}`);
    this.produced.set(path, object ?? '');
  }

  private stage(path: string): string {
    this.staged.add(path);
    const target = join(this.staging, path);
    const dir = dirname(target);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    return target;
  }
}
