/**
 * A file's stamp: what git's index knows a file by, so that a file whose stamp has not moved need
 * not be read again. The code's fingerprints (code-fingerprint.ts), the content files' digests and
 * the record of the last published folder (build/cache/) each trust a digest taken earlier on it.
 */
import type { BigIntStats } from 'node:fs';

/** What changes whenever a file's bytes do: its inode (replaced), its size, its modification time
 * (which a program may set back) and its change time (which it cannot). */
export const stampOf = (stat: BigIntStats): string => `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;

/** File times come from a clock of a few milliseconds' resolution: a file changed this recently
 * may change again without its stamp moving ("racily clean", as git calls it). */
export const RACY_NS = 20_000_000n;

/** The clock file times are taken from, now, in nanoseconds. */
export const fileClockNow = (): bigint => BigInt(Date.now()) * 1_000_000n;

/** Blocks this thread until every file changed before the call is settled (below) for a stamp
 * taken after it returns. */
export const waitOutRacyWindow = (): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(RACY_NS / 1_000_000n) + 5);
};

/** True when a file with `stat`, stamped at `stampedAt` (fileClockNow) or later, last changed long
 * enough before then that any later write moves its stamp: only then may its digest be trusted by it. */
export const settled = (stat: BigIntStats, stampedAt: bigint): boolean => stat.ctimeNs + RACY_NS < stampedAt;
