/**
 * The git facts the build dates things by, with as few runs of git as the facts allow. What depends
 * on the commit alone (each file's last commit, the content's last commit) is remembered per
 * process under HEAD's commit id, which is read from the repository's own files (no process), so
 * `npm run dev`, which builds on every save, runs `git log` once per commit instead of once per save.
 * What depends on the work tree (files edited since the commit) is asked of git every time, once.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Runs git in `cwd`; its output as text. Throws when git is missing or `cwd` is no repository. */
export const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 * 1024 * 1024 });

/**
 * HEAD's commit id for the repository around `dir`, read from its files: `.git` (a folder, or a
 * file naming one, as in a linked work tree), `HEAD`, the branch's ref or `packed-refs`. Undefined
 * whenever anything is unusual (GIT_DIR set, a ref format this does not read, no commit yet), and
 * the caller then asks git itself, remembering nothing.
 */
export function headCommit(dir: string): string | undefined {
  if (process.env.GIT_DIR || process.env.GIT_WORK_TREE) return undefined;
  try {
    const gitDir = gitDirOf(resolve(dir));
    if (!gitDir) return undefined;
    const commonDir = readOptional(join(gitDir, 'commondir'));
    const refsDir = commonDir === undefined ? gitDir : resolve(gitDir, commonDir.trim());
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    if (OBJECT_ID.test(head)) return head;
    const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
    if (!ref) return undefined;
    const loose = readOptional(join(refsDir, ref))?.trim();
    if (loose !== undefined) return OBJECT_ID.test(loose) ? loose : undefined;
    const packed = readOptional(join(refsDir, 'packed-refs'));
    const line = packed?.split('\n').find((entry) => entry.endsWith(` ${ref}`));
    const id = line?.slice(0, line.indexOf(' '));
    return id !== undefined && OBJECT_ID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** The work tree holding `start`: the nearest folder up with a `.git`. */
export function workTreeOf(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (statSync(join(dir, '.git'), { throwIfNoEntry: false })) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function gitDirOf(start: string): string | undefined {
  const root = workTreeOf(start);
  if (root === undefined) return undefined;
  const dotGit = join(root, '.git');
  if (statSync(dotGit).isDirectory()) return dotGit;
  const named = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1];
  return named ? resolve(root, named.trim()) : undefined;
}

/**
 * The files of the work tree around `dir` that differ from HEAD, staged or not, or that git does
 * not track (ignored ones aside), absolute, from one `git status`; a rename names both paths.
 * Throws as git does outside a repository.
 */
export function changedFiles(dir: string): string[] {
  const root = workTreeOf(dir) ?? dir;
  // Porcelain paths are relative to the work tree's root, verbatim with -z.
  const tokens = git(root, 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--', resolve(dir)).split('\u0000');
  const files: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const entry = tokens[i];
    if (entry.length < 4) continue;
    files.push(join(root, entry.slice(3)));
    // A rename or copy is followed by the path it came from.
    if (/^[RC]/.test(entry) || /^.[RC]/.test(entry)) files.push(join(root, tokens[++i]));
  }
  return files;
}

/** Whether commit `ancestor` is in the history of `commit` (itself included); false when git
 * does not know it (a rewritten history, a shallow clone) or is missing. */
export function isAncestor(dir: string, ancestor: string, commit: string): boolean {
  if (!OBJECT_ID.test(ancestor)) return false;
  try {
    git(dir, 'merge-base', '--is-ancestor', ancestor, commit);
    return true;
  } catch {
    return false;
  }
}

function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const byCommit = new Map<string, unknown>();

/**
 * `compute()`, remembered under HEAD's commit in `dir` and `key` for the rest of the process; run
 * every time when HEAD cannot be read from the files. Only for facts a commit decides.
 */
export function perCommit<T>(dir: string, key: string, compute: () => T): T {
  const head = headCommit(dir);
  if (head === undefined) return compute();
  const memoKey = `${head}\u0000${key}`;
  if (!byCommit.has(memoKey)) {
    // One commit's facts at a time: a new commit makes the old ones useless.
    for (const old of byCommit.keys()) if (!old.startsWith(`${head}\u0000`)) byCommit.delete(old);
    byCommit.set(memoKey, compute());
  }
  return byCommit.get(memoKey) as T;
}
