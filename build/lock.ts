/**
 * One build at a time per output folder and per cache folder: two builds writing the same dist/ at
 * once would leave a mix of both. The lock is a file beside the folder it guards, holding the
 * holder's pid, host and start time. It appears whole or not at all (written under a temporary
 * name, then hard-linked to its real name, which fails when the name is taken: as exclusive as
 * O_EXCL, without a window where the file exists but is still empty).
 *
 * A lock whose holder is no longer alive on this host (a build killed with SIGKILL, a machine
 * restarted) is stale: the next build takes it over at once. A live holder is waited for, up to a
 * bound; then the build stops and names the lock file and its holder.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a build waits for another one by default: longer than a cold build of 10,000 skills. */
export const DEFAULT_LOCK_WAIT_MS = 5 * 60_000;
const POLL_MS = 100;

export interface LockHolder {
  pid: number;
  host: string;
  /** When the holder took the lock (ISO 8601). */
  since: string;
  /** Tells two holders of one process apart. */
  token: string;
}

export class BuildLockedError extends Error {
  override readonly name = 'BuildLockedError';
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder | undefined,
    waitedMs: number,
  ) {
    const who = holder ? `build pid ${holder.pid} on ${holder.host} (since ${holder.since})` : 'another build';
    super(
      `${lockFile}: held by ${who}; waited ${(waitedMs / 1000).toFixed(0)} s. ` +
        'Only one build at a time may write this folder: wait for it to finish, or stop that process. ' +
        (holder && holder.host !== hostname() ? 'It runs on another host, so it cannot be checked from here; delete the file if that build is gone.' : ''),
    );
  }
}

export interface LockOptions {
  /** How long to wait for a live holder; 0 stops at once. */
  waitMs?: number;
  /** Told once, when the lock is found held and the build starts waiting. */
  onWait?: (holder: LockHolder | undefined) => void;
}

/** Takes the lock at `path`; resolves to its release. */
export async function acquireLock(path: string, options: LockOptions = {}): Promise<() => void> {
  const waitMs = options.waitMs ?? DEFAULT_LOCK_WAIT_MS;
  const started = performance.now();
  const mine: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), token: randomUUID() };
  let told = false;
  mkdirSync(dirname(path), { recursive: true });
  for (;;) {
    if (tryCreate(path, mine)) return () => release(path, mine);
    const holder = readHolder(path);
    if (holder === 'gone') continue;
    if (holder !== undefined && isStale(holder)) {
      takeOverStale(path, holder);
      continue;
    }
    const waited = performance.now() - started;
    if (waited >= waitMs) throw new BuildLockedError(path, holder, waited);
    if (!told) {
      options.onWait?.(holder);
      told = true;
    }
    await sleep(Math.min(POLL_MS, waitMs - waited));
  }
}

function tryCreate(path: string, holder: LockHolder): boolean {
  const temporary = `${path}.${holder.token}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(holder)}\n`);
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** The holder named in the lock file; 'gone' when the file went away meanwhile; undefined when it
 * cannot be read as a holder (not written by this module). */
function readHolder(path: string): LockHolder | 'gone' | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    return Number.isInteger(holder.pid) && typeof holder.host === 'string' ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** True when the holder ran on this host and its process is gone. A process of another host
 * cannot be checked, so it counts as alive. */
function isStale(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Removes a stale lock. Two waiters may judge the same lock stale at once: each first renames it to
 * a name of its own (only one rename can take the file), and only a file still naming the dead
 * holder is deleted. A live lock taken by mistake (created between the check and the rename) is
 * put back.
 */
function takeOverStale(path: string, stale: LockHolder): void {
  const aside = `${path}.${process.pid}-stale.tmp`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const taken = readHolder(aside);
  if (taken !== 'gone' && taken !== undefined && taken.token !== stale.token) {
    try {
      linkSync(aside, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  rmSync(aside, { force: true });
}

function release(path: string, mine: LockHolder): void {
  const holder = readHolder(path);
  if (holder !== 'gone' && holder?.token === mine.token) rmSync(path, { force: true });
}

/** Temporary files a killed build left beside the lock at `path` (a kill between writing one and
 * removing it): those of processes that are gone. Called by the holder. */
export function removeLockLeftovers(path: string): void {
  const dir = dirname(path);
  const prefix = `${basename(path)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const holder = readHolder(join(dir, name));
    if (holder !== undefined && holder !== 'gone' && isStale(holder)) rmSync(join(dir, name), { force: true });
  }
}

/** Locks each folder in turn (always in the caller's order, so two builds never wait on each
 * other) with a lock file beside it, `<folder>.lock`; resolves to the release of all of them. */
export async function lockFolders(folders: readonly string[], options: LockOptions = {}): Promise<() => void> {
  const releases: (() => void)[] = [];
  const releaseAll = () => releases.splice(0).reverse().forEach((release) => release());
  try {
    for (const folder of folders) {
      const path = `${folder}.lock`;
      releases.push(await acquireLock(path, options));
      removeLockLeftovers(path);
    }
  } catch (error) {
    releaseAll();
    throw error;
  }
  return releaseAll;
}
