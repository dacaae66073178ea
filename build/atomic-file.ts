/** A file written whole or not at all: under a temporary name first, then renamed, so a torn
 * write (a crash, a kill, a full disk) never leaves a half file under the real name. What a kill
 * leaves is a file ending in TEMPORARY_SUFFIX, which its owner removes (swap.ts, cache/). */
import { constants, copyFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
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
 * (copy-on-write: a later edit of either file leaves the other as it was), bytes copied otherwise. */
export function copyFileApart(source: string, target: string): void {
  copyFileSync(source, target, constants.COPYFILE_FICLONE);
}

export function copyFileAtomically(source: string, path: string): void {
  const temporary = temporaryOf(path);
  copyFileApart(source, temporary);
  renameSync(temporary, path);
}
