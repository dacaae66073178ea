/**
 * Each content file's digest as loading took it (its `checkKey`, build/load.ts), by its path and
 * stamp (build/file-stamp.ts): a build whose content files did not change stats each one instead of
 * opening, reading and hashing it. A digest is remembered only for a file that last changed before
 * the cache was opened by more than a tick of the file clock, so any later write moves its stamp;
 * and only under the code that took it (the check fingerprint covers the loader).
 */
import type { BigIntStats } from 'node:fs';
import { readFileSync } from 'node:fs';
import { writeFileAtomically } from '../atomic-file.ts';
import { fileClockNow, settled, stampOf } from '../file-stamp.ts';

/** Bumped when the file's layout changes. */
const FORMAT = 1;

interface DigestsFile {
  format: typeof FORMAT;
  /** The check fingerprint of the code that took the digests. */
  check: string;
  files: Record<string, [stamp: string, digest: string]>;
}

export interface FileDigests {
  /** The digest taken of the file at `path` when its stamp was the one `stat` gives. */
  known(path: string, stat: BigIntStats): string | undefined;
  /** Remembers the digest of the file at `path`, taken with `stat`, when the file was settled by then. */
  remember(path: string, stat: BigIntStats, digest: string): void;
  /** Writes the digests this build asked for or took, unless they are the last build's. */
  save(): void;
}

/** The digests kept in `path` by builds under the loading code `check`, from now on. */
export function openFileDigests(path: string, check: string): FileDigests {
  // Every stat loading takes is taken after this.
  const openedAt = fileClockNow();
  let before: DigestsFile['files'] | undefined;
  const last = () => (before ??= readDigests(path, check));
  const next: DigestsFile['files'] = {};
  let changed = false;
  return {
    known(file, stat) {
      const entry = last()[file];
      if (!Array.isArray(entry) || entry[0] !== stampOf(stat) || typeof entry[1] !== 'string') return undefined;
      next[file] = entry;
      return entry[1];
    },
    remember(file, stat, digest) {
      changed = true;
      if (settled(stat, openedAt)) next[file] = [stampOf(stat), digest];
    },
    save() {
      // A file removed since is the only change that asks nothing.
      if (!changed && Object.keys(next).length === Object.keys(last()).length) return;
      writeFileAtomically(path, JSON.stringify({ format: FORMAT, check, files: next } satisfies DigestsFile));
    },
  };
}

function readDigests(path: string, check: string): DigestsFile['files'] {
  try {
    const read = JSON.parse(readFileSync(path, 'utf8')) as DigestsFile;
    return read.format === FORMAT && read.check === check && typeof read.files === 'object' && read.files !== null ? read.files : {};
  } catch {
    // None yet, or unreadable: every file is read.
    return {};
  }
}
