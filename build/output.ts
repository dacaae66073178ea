/**
 * The output folder. A build brings one folder up to date in place and then swaps it in for the
 * published one whole (swap.ts), so a kill at any moment leaves the last complete folder or the new
 * one. The folder it works in is the one the last swap took out of service (the build cache's
 * `last-dist/`, which on Netlify is the last published folder the cache plugin restored), or a new
 * empty one; the folder swapped out becomes the next build's.
 *
 * Every folder carries its record (RECORD_FILE): which task made each of its files, under which
 * key, and each file's size. It is a dotfile, so Netlify does not deploy it (netlify-cli's deploy
 * filter, `getDeployFilesFilter` in src/commands/deploy/deploy.ts, skips names starting with a
 * dot but `.well-known`, "the behaviour matches our buildbot"), and it travels with its folder
 * through every rename, cache save and restore: a folder and its record cannot part. The record of
 * the folder worked in is removed before the first file of it changes, so a build killed half way
 * leaves a folder the next one will not trust.
 *
 * A task's files are kept when the working folder holds them under the task's key, linked from the
 * published folder when that holds them under the key, and made otherwise (build/run/). Files are
 * never written through: a file shared by hard link with the published folder, or with its own
 * `/v1` copy, is replaced by a new one (atomic-file.ts replaceFile).
 */
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { copyFileApart, joinedLines, replaceFile, writeFileAtomically, writeFileFresh } from './atomic-file.ts';
import { siblingFolder, swapIn } from './swap.ts';
import type { Companion } from './swap.ts';
import { mirrorPlan } from './mirror.ts';
import { BuildDefinitionError } from '../site/errors.ts';

/** The record of a folder, inside it. */
export const RECORD_FILE = '.build-record';

/** Bumped when the record's layout changes: a folder with a record of another layout is not trusted. */
const RECORD_FORMAT = 2;

/** What one task left in a folder: its key, and each of its files (a path in the folder) with its size. */
export interface RecordedTask {
  key: string;
  files: [path: string, size: number][];
}

/**
 * A folder's record as read. Its first line is JSON naming the format and the folders every
 * original is copied into (build/mirror.ts); then one line per task: its id, its key and its files
 * as JSON, a tab between them. A task kept is written again as the line it was read as, and its
 * files are parsed only when it is kept: an edit costs the record a line per task made.
 */
interface FolderRecord {
  mirrors: string[];
  lines: Map<string, string>;
}

/** The line of a task (ids are paths and names of the build's own, no tab or line break in them). */
const lineOf = (id: string, { key, files }: RecordedTask) => `${id}\t${key}\t${JSON.stringify(files)}`;

/** The task a line records, when its key is `key`. */
function taskIn(line: string | undefined, key: string): RecordedTask | undefined {
  if (line === undefined) return undefined;
  const start = line.indexOf('\t') + 1;
  const end = start + key.length;
  if (line.charCodeAt(end) !== 9 || !line.startsWith(key, start)) return undefined;
  return { key, files: JSON.parse(line.slice(end + 1)) as RecordedTask['files'] };
}

function readRecord(folder: string): FolderRecord | undefined {
  let text: string;
  try {
    text = readFileSync(join(folder, RECORD_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  let head: { format?: unknown; mirrors?: unknown };
  try {
    head = JSON.parse(lines[0]) as typeof head;
  } catch {
    return undefined;
  }
  if (head.format !== RECORD_FORMAT || !Array.isArray(head.mirrors)) return undefined;
  const tasks = new Map<string, string>();
  for (let i = 1; i < lines.length; i++) tasks.set(lines[i].slice(0, lines[i].indexOf('\t')), lines[i]);
  return { mirrors: head.mirrors as string[], lines: tasks };
}

/** How a task's files came to be in the folder: there already, linked from the published folder, or not yet. */
export type Reuse = 'kept' | 'linked' | undefined;

export interface OutputOptions {
  /** Where the folder retired by the swap is kept for the next build (the build cache's `last-dist/`);
   * none: it is removed, and every build starts from an empty folder. */
  spare?: string;
  /** Whether files may come from the folders of earlier builds at all (false: a build from scratch). */
  reuse?: boolean;
}

export class OutputFolder {
  /** The folder this build works in, beside the output folder. */
  readonly folder: string;
  /** What the working folder holds, by task id: its record's lines. */
  private readonly held: Map<string, string>;
  /** What the published folder holds, by task id, to link from: read when a task is not held. */
  private published: Map<string, string> | undefined;
  /** What this build's folder holds, by task id, as tasks are claimed, and each task's line of the record. */
  private readonly record = new Map<string, RecordedTask>();
  private readonly lines = new Map<string, string>();
  /** Every original file of this build, and the task that made it. */
  private readonly owners = new Map<string, string>();
  /** Originals written or linked this build: their copies are linked again. */
  private readonly changed = new Set<string>();
  private readonly dirs = new Set<string>();
  private readonly mirrorFolders: string[];
  /** The folders the working folder's copies are in, and whether they are other than this build's. */
  private readonly heldMirrors: string[];
  private readonly mirrorsMoved: boolean;
  /** How many files were written or linked, for the log. */
  written = 0;
  /** True when the folder started empty: no file is there to replace. */
  readonly fresh: boolean;

  constructor(readonly outDir: string, private readonly options: OutputOptions = {}) {
    this.folder = siblingFolder(outDir, 'staging');
    const reuse = options.reuse !== false;
    const spare = reuse && options.spare !== undefined ? readRecord(options.spare) : undefined;
    if (spare) {
      renameSync(options.spare!, this.folder);
      // From here on the folder changes: without its record, a kill leaves it untrusted.
      rmSync(join(this.folder, RECORD_FILE), { force: true });
    } else {
      if (options.spare !== undefined) rmSync(options.spare, { recursive: true, force: true });
      mkdirSync(this.folder, { recursive: true });
    }
    this.fresh = spare === undefined;
    this.held = spare?.lines ?? new Map();
    if (!reuse) this.published = new Map();
    this.mirrorFolders = mirrorPlan().folders;
    this.heldMirrors = spare?.mirrors ?? [];
    this.mirrorsMoved = spare !== undefined && this.heldMirrors.join('/') !== this.mirrorFolders.join('/');
  }

  /** Whether a task's files need making: kept when this folder holds them under `key`, linked
   * when the published folder does; undefined (and nothing placed) when neither does. */
  reuse(id: string, key: string): Reuse {
    const line = this.held.get(id);
    const held = taskIn(line, key);
    if (held) {
      this.claim(id, held, false, line);
      return 'kept';
    }
    this.published ??= readRecord(this.outDir)?.lines ?? new Map();
    const published = taskIn(this.published.get(id), key);
    if (published && this.linkAll(published.files)) {
      this.claim(id, published, true);
      return 'linked';
    }
    return undefined;
  }

  /** Records a task's files, just written into the folder (`write`, or by a render worker). */
  made(id: string, key: string, files: [path: string, size: number][]): void {
    this.claim(id, { key, files }, true);
  }

  /** The path of a file in the working folder, its folder made. */
  target(path: string): string {
    const target = join(this.folder, path);
    const dir = dirname(target);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    return target;
  }

  /** Writes a file into the folder, in place of whatever is there; its size. */
  write(path: string, bytes: string | Uint8Array): number {
    writeFileFresh(this.target(path), bytes, !this.fresh);
    return typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  }

  /** A file this build holds, for tasks that join others' files (llms-full.txt). */
  read(path: string): Buffer {
    return readFileSync(join(this.folder, path));
  }

  /** Every original file of this build, in the order they were claimed. */
  get files(): string[] {
    return [...this.owners.keys()];
  }

  /** The size of a file of this build, as its task recorded it. */
  size(path: string): number {
    const file = this.taskOf(path).files.find(([name]) => name === path)!;
    return file[1];
  }

  /** The key of the task that made a file of this build: the same key, the same bytes. */
  keyOfFile(path: string): string {
    return this.taskOf(path).key;
  }

  private taskOf(path: string): RecordedTask {
    const task = this.record.get(this.owners.get(path) ?? '');
    if (!task) throw new BuildDefinitionError(`No task of this build made ${path}`);
    return task;
  }

  /**
   * Finishes the folder: removes every file it held that this build did not make, places each
   * changed original's copies (build/mirror.ts), writes its record, and swaps it in with the files
   * beside it; the folder it replaces is kept for the next build. Returns how many copies it holds
   * (their paths are withMirrors' of the originals: 400,000 at 50,000 skills, not held twice).
   */
  commit(companions: readonly Companion[] = []): number {
    const copied = mirrorPlan().copied;
    for (const [id, line] of this.held) {
      // A task kept claimed its files; any other's are parsed here, to remove those no task made.
      if (this.lines.get(id) === line) continue;
      for (const [path] of JSON.parse(line.slice(line.indexOf('\t', line.indexOf('\t') + 1) + 1)) as RecordedTask['files']) {
        if (!this.owners.has(path)) this.removeWithCopies(path, copied(path));
      }
    }
    // Copies in a folder no major has any more.
    for (const folder of this.heldMirrors) if (!this.mirrorFolders.includes(folder)) rmSync(join(this.folder, folder), { recursive: true, force: true });
    let copies = 0;
    for (const path of this.owners.keys()) {
      if (!copied(path)) continue;
      copies += this.mirrorFolders.length;
      if (!this.changed.has(path) && !this.mirrorsMoved) continue;
      for (const folder of this.mirrorFolders) linkOrCopy(join(this.folder, path), this.target(`${folder}/${path}`), !this.fresh);
    }
    // In the order of the tasks' ids, not of their making (the workers'): the same folder, the same record.
    const ids = [...this.lines.keys()].sort();
    const head = JSON.stringify({ format: RECORD_FORMAT, mirrors: this.mirrorFolders });
    writeFileAtomically(join(this.folder, RECORD_FILE), joinedLines(head, ids.map((id) => this.lines.get(id)!)));
    swapIn(this.folder, this.outDir, companions, this.options.reuse === false ? undefined : this.options.spare);
    return copies;
  }

  /** Removes the unfinished folder; the published one is as it was. */
  abort(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }

  private claim(id: string, task: RecordedTask, changed: boolean, line?: string): void {
    if (this.record.has(id)) throw new BuildDefinitionError(`Two tasks are called ${id}`);
    if (/[\t\n]/.test(id)) throw new BuildDefinitionError(`A task's id holds a tab or a line break: ${JSON.stringify(id)}`);
    for (const [path] of task.files) {
      const owner = this.owners.get(path);
      if (owner !== undefined) throw new BuildDefinitionError(`Two tasks wrote ${path}: ${owner} and ${id}`);
      this.owners.set(path, id);
      if (changed) this.changed.add(path);
    }
    if (changed) this.written += task.files.length;
    this.record.set(id, task);
    this.lines.set(id, line ?? lineOf(id, task));
  }

  /** Links each file from the published folder; false (and what was linked taken back) when one is gone from it. */
  private linkAll(files: readonly [string, number][]): boolean {
    for (const [k, [path]] of files.entries()) {
      try {
        linkOrCopy(join(this.outDir, path), this.target(path), !this.fresh);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        // Removed from the published folder by hand: the task is made again.
        for (const [done] of files.slice(0, k)) rmSync(join(this.folder, done), { force: true });
        return false;
      }
    }
    return true;
  }

  private removeWithCopies(path: string, copied: boolean): void {
    rmSync(join(this.folder, path), { force: true });
    if (copied) for (const folder of this.mirrorFolders) rmSync(join(this.folder, folder, path), { force: true });
  }
}

/** A hard link to `source` at `target`, in place of what is `likelyThere` (see replaceFile), or a
 * copy where the file system cannot link. */
function linkOrCopy(source: string, target: string, likelyThere: boolean): void {
  try {
    replaceFile(target, () => linkSync(source, target), likelyThere);
  } catch (error) {
    if (!['EPERM', 'EMLINK', 'ENOTSUP', 'EXDEV'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    replaceFile(target, () => copyFileApart(source, target));
  }
}

/** True when a folder of `outDir` holds a record, so a build may bring it up to date. */
export const hasRecord = (folder: string): boolean => existsSync(join(folder, RECORD_FILE));
