/** A file written whole or not at all: under a temporary name first, then renamed, so a torn
 * write (a crash, a kill, a full disk) never leaves a half file under the real name. What a kill
 * leaves is a file ending in TEMPORARY_SUFFIX, which its owner removes (swap.ts, cache/). */
import { closeSync, constants, copyFileSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export const TEMPORARY_SUFFIX = '.tmp';

const temporaryOf = (path: string, dir = dirname(path)) => join(dir, `${basename(path)}.${process.pid}${TEMPORARY_SUFFIX}`);

/** Writes `path` whole or not at all, from its bytes or from its parts one after another (a large
 * file need never be held whole: a build cache's file of 50,000 entries is written from them). The
 * temporary file is written in `temporaryDir` (on the same file system), beside the file unless a
 * folder of many gathers its temporaries in one place. */
export function writeFileAtomically(path: string, bytes: string | Uint8Array | Iterable<string | Uint8Array>, temporaryDir?: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = temporaryOf(path, temporaryDir);
  if (typeof bytes === 'string' || bytes instanceof Uint8Array) writeFileSync(temporary, bytes);
  else {
    const fd = openSync(temporary, 'w');
    try {
      writeParts(fd, bytes);
    } finally {
      closeSync(fd);
    }
  }
  renameSync(temporary, path);
}

/** About how many bytes of parts are gathered for one write (text counted by its length): a
 * system call, or a copy into a buffer, per part (a line, an entry) costs more than joining them. */
const WRITE_BATCH = 1 << 20;

/** A head line and then `lines`, each after a line break, as parts for writeFileAtomically: the
 * text is joined a batch at a time, never whole. */
export function* joinedLines(head: string, lines: Iterable<string>): Generator<string> {
  let batch = [head];
  let size = head.length;
  for (const line of lines) {
    batch.push(line);
    size += line.length + 1;
    if (size >= WRITE_BATCH) {
      yield batch.join('\n');
      // The next batch starts with the line break before its first line.
      batch = [''];
      size = 0;
    }
  }
  yield batch.join('\n');
}

/** Writes the parts in batches: a run of text joined and encoded at once, a run of bytes copied
 * together. */
function writeParts(fd: number, parts: Iterable<string | Uint8Array>): void {
  let texts: string[] = [];
  let bytes: Uint8Array[] = [];
  let size = 0;
  const flush = () => {
    if (texts.length > 0) writeAll(fd, Buffer.from(texts.join('')));
    else if (bytes.length > 0) writeAll(fd, bytes.length === 1 ? bytes[0] : Buffer.concat(bytes));
    texts = [];
    bytes = [];
    size = 0;
  };
  for (const part of parts) {
    if (typeof part === 'string') {
      if (bytes.length > 0) flush();
      texts.push(part);
    } else {
      if (texts.length > 0) flush();
      bytes.push(part);
    }
    size += part.length;
    if (size >= WRITE_BATCH) flush();
  }
  flush();
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
}

/** Removes each entry of `dir` (not below it) whose name `matches`, a folder with what it holds. */
export function removeEntries(dir: string, matches: (name: string) => boolean): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (matches(name)) rmSync(join(dir, name), { recursive: true, force: true });
}

/** Removes the temporary files in `dir` (not below it) that writes killed half way left there.
 * Only for the holder of the folder's lock: no write of its own is under way. */
export const removeTemporaries = (dir: string): void => removeEntries(dir, (name) => name.endsWith(TEMPORARY_SUFFIX));

/** A copy that shares no storage with its source: a reflink where the file system has them
 * (copy-on-write: a later edit of either file leaves the other as it was), bytes copied otherwise.
 * Refuses (EEXIST) to write over a file already at `target`: see replaceFile. */
export function copyFileApart(source: string, target: string): void {
  copyFileSync(source, target, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL);
}

/**
 * Runs `create`, which makes a new file at `path` and fails with EEXIST if one is there; if one
 * is, removes it and runs `create` again. So a file is replaced by a new one, never written
 * through: another name linked to the old file (a `/v1` copy, a kept generation) keeps its bytes.
 * Where nothing is there, as in a fresh folder, this costs nothing more than the write. Where a
 * file is `likelyThere` (a folder kept from the last build), it is removed first: trying `create`
 * first would cost a failed call and an error for nearly every file.
 */
export function replaceFile<T>(path: string, create: () => T, likelyThere = false): T {
  if (likelyThere) {
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  try {
    return create();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    unlinkSync(path);
    return create();
  }
}

/** Writes `bytes` to a new file at `path`, in place of any file there (see replaceFile). */
export function writeFileFresh(path: string, bytes: string | Uint8Array, likelyThere = false): void {
  replaceFile(path, () => writeFileSync(path, bytes, { flag: 'wx' }), likelyThere);
}

export function copyFileAtomically(source: string, path: string): void {
  const temporary = temporaryOf(path);
  replaceFile(temporary, () => copyFileApart(source, temporary));
  renameSync(temporary, path);
}
