/**
 * The real `npm run build` (scripts/build.ts) in a child process on the pinned Node, for tests that
 * run builds side by side or kill them; and folder trees to compare what they leave.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import { PROJECT_ROOT } from '../../build/index.ts';

/** A fixed build time and commit, so two builds of the same content make the same bytes. */
export const BUILD_ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' };

export interface BuildRun {
  child: ChildProcess;
  /** Everything the build printed, once it has exited. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  /** Resolves when the build prints its first line (it has started working). */
  started: Promise<void>;
  /** What it has printed so far. */
  stdout(): string;
}

/** Starts `scripts/build.ts` with these arguments (vitest runs on the pinned Node: process.execPath). */
export function spawnBuild(args: readonly string[]): BuildRun {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...BUILD_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let markStarted: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk;
    markStarted();
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      markStarted();
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, done, started, stdout: () => stdout };
}

/** Runs a build to its end; fails the test with its output when it fails. */
export async function runBuild(args: readonly string[]): Promise<string> {
  const { code, stdout, stderr } = await spawnBuild(args).done;
  if (code !== 0) throw new Error(`build ${args.join(' ')} exited ${code}:\n${stdout}\n${stderr}`);
  return stdout;
}

/** Every file below `dir` with its bytes, by path relative to `dir`; a symbolic link (never
 * followed) as where it points. */
export function treeOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isSymbolicLink()) files.set(relative(dir, path), Buffer.from(`symbolic link to ${readlinkSync(path)}`));
      else files.set(relative(dir, path), readFileSync(path));
    }
  };
  walk(dir);
  return files;
}

/** True when the two trees hold the same paths with the same bytes. */
export function sameTree(a: ReadonlyMap<string, Buffer>, b: ReadonlyMap<string, Buffer>): boolean {
  return a.size === b.size && [...a].every(([path, bytes]) => b.get(path)?.equals(bytes) === true);
}

export function expectSameTree(actual: string, expected: string): void {
  const a = treeOf(actual);
  const e = treeOf(expected);
  expect([...a.keys()].sort()).toEqual([...e.keys()].sort());
  expect([...e].filter(([path, bytes]) => !a.get(path)!.equals(bytes)).map(([path]) => path)).toEqual([]);
}
