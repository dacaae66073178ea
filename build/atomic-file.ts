/** A file written whole or not at all: under a temporary name first, then renamed, so a torn
 * write (a crash, a kill, a full disk) never leaves a half file under the real name. What a kill
 * leaves is a file ending in TEMPORARY_SUFFIX, which its owner removes (swap.ts, cache/). */
import { constants, copyFileSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const TEMPORARY_SUFFIX = '.tmp';

const temporaryOf = (path: string) => `${path}.${process.pid}${TEMPORARY_SUFFIX}`;

export function writeFileAtomically(path: string, bytes: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = temporaryOf(path);
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}

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
 * Where nothing is there, as in a fresh folder, this costs nothing more than the write.
 */
export function replaceFile<T>(path: string, create: () => T): T {
  try {
    return create();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    unlinkSync(path);
    return create();
  }
}

/** Writes `bytes` to a new file at `path`, in place of any file there (see replaceFile). */
export function writeFileFresh(path: string, bytes: string | Uint8Array): void {
  replaceFile(path, () => writeFileSync(path, bytes, { flag: 'wx' }));
}

export function copyFileAtomically(source: string, path: string): void {
  const temporary = temporaryOf(path);
  replaceFile(temporary, () => copyFileApart(source, temporary));
  renameSync(temporary, path);
}
