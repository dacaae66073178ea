/** The build lock on its own: exclusive, waited for, named when it times out, taken over when stale. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, BuildLockedError, lockFolders } from './lock.ts';
import { temporaryFolders } from '../test/helpers/temporary-folders.ts';

const folder = temporaryFolders('lock-');

/** The pid of a process that has exited: nothing answers to it any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

const holderFile = (pid: number, host = hostname()) => `${JSON.stringify({ pid, host, since: '2026-01-01T00:00:00.000Z', token: 'theirs' })}\n`;

describe('acquireLock', () => {
  it('writes the holder into the lock file and removes it on release', async () => {
    const path = join(folder(), 'dist.lock');
    const release = await acquireLock(path);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    release();
    expect(existsSync(path)).toBe(false);
  });

  it('stops at once with waitMs 0 and names the lock file and the holder pid', async () => {
    const path = join(folder(), 'dist.lock');
    const release = await acquireLock(path);
    const error = await acquireLock(path, { waitMs: 0 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BuildLockedError);
    expect((error as Error).message).toContain(`${path}: held by build pid ${process.pid} on ${hostname()}`);
    release();
  });

  it('waits for a live holder and takes the lock once it is released', async () => {
    const path = join(folder(), 'dist.lock');
    const release = await acquireLock(path);
    let waitingFor: number | undefined;
    const second = acquireLock(path, { waitMs: 30_000, onWait: (holder) => {
      waitingFor = holder?.pid;
      release();
    } });
    const releaseSecond = await second;
    expect(waitingFor).toBe(process.pid);
    expect(existsSync(path)).toBe(true);
    releaseSecond();
    expect(existsSync(path)).toBe(false);
  });

  it('takes over the lock of a build that was killed', async () => {
    const dir = folder();
    const path = join(dir, 'dist.lock');
    writeFileSync(path, holderFile(deadPid()));
    const release = await acquireLock(path, { waitMs: 0 });
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('waits for a holder on another host, which it cannot check, and says so', async () => {
    const path = join(folder(), 'dist.lock');
    writeFileSync(path, holderFile(deadPid(), 'elsewhere.example'));
    await expect(acquireLock(path, { waitMs: 0 })).rejects.toThrow(/held by build pid \d+ on elsewhere\.example .*delete the file if that build is gone/);
  });

  it('does not remove a lock it no longer holds', async () => {
    const path = join(folder(), 'dist.lock');
    const release = await acquireLock(path);
    writeFileSync(path, holderFile(process.pid));
    release();
    expect(existsSync(path)).toBe(true);
  });
});

describe('lockFolders', () => {
  it('locks each folder beside it, releases all, and removes what a killed build left beside a lock', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'dist.lock.dead.tmp'), holderFile(deadPid()));
    const release = await lockFolders([join(dir, 'dist'), join(dir, 'cache', 'skills')]);
    expect(readdirSync(dir).sort()).toEqual(['cache', 'dist.lock']);
    expect(readdirSync(join(dir, 'cache'))).toEqual(['skills.lock']);
    release();
    expect(readdirSync(dir)).toEqual(['cache']);
    expect(readdirSync(join(dir, 'cache'))).toEqual([]);
  });

  it('releases the first lock when the second cannot be had', async () => {
    const dir = folder();
    const releaseCache = await acquireLock(join(dir, 'cache.lock'));
    await expect(lockFolders([join(dir, 'dist'), join(dir, 'cache')], { waitMs: 0 })).rejects.toBeInstanceOf(BuildLockedError);
    expect(existsSync(join(dir, 'dist.lock'))).toBe(false);
    releaseCache();
  });
});
