/** HEAD read from the repository's files agrees with git in every layout git writes, the work
 * tree's changes come from one `git status`, and per-commit facts are computed again after a commit. */
import { mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { changedFiles, git, headCommit, perCommit } from './git.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function repository(): { root: string; run: (...args: string[]) => string; commit: (message: string) => string } {
  const root = mkdtempSync(join(tmpdir(), 'git-facts-'));
  dirs.push(root);
  const run = (...args: string[]) => git(root, '-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', ...args).trim();
  run('init', '-q', '-b', 'main');
  const commit = (message: string) => {
    run('add', '-A');
    run('commit', '-q', '--allow-empty', '-m', message);
    return run('rev-parse', 'HEAD');
  };
  return { root, run, commit };
}

describe('headCommit', () => {
  it('is what git says HEAD is, on a branch with a loose ref, from a sub-folder', () => {
    const { root, commit } = repository();
    mkdirSync(join(root, 'content/skills'), { recursive: true });
    writeFileSync(join(root, 'content/skills/a.md'), 'a\n');
    const id = commit('first');
    expect(headCommit(join(root, 'content/skills'))).toBe(id);
  });

  it('reads packed refs, a detached HEAD and a linked work tree', () => {
    const { root, run, commit } = repository();
    const first = commit('first');
    run('pack-refs', '--all');
    expect(headCommit(root)).toBe(first);
    const second = commit('second');
    run('checkout', '-q', '--detach', first);
    expect(headCommit(root)).toBe(first);
    const linked = join(root, '..', `${root.split('/').pop()}-linked`);
    dirs.push(linked);
    run('worktree', 'add', '-q', linked, second);
    expect(headCommit(linked)).toBe(second);
  });

  it('is undefined outside a repository and before the first commit', () => {
    const bare = mkdtempSync(join(tmpdir(), 'no-git-'));
    dirs.push(bare);
    expect(headCommit(bare)).toBeUndefined();
    const { root } = repository();
    expect(headCommit(root)).toBeUndefined();
  });
});

describe('changedFiles', () => {
  it('lists edited, staged, deleted, renamed and untracked files under the folder, and nothing else', () => {
    const { root, run, commit } = repository();
    mkdirSync(join(root, 'content'));
    for (const name of ['edited', 'staged', 'deleted', 'renamed', 'same']) writeFileSync(join(root, 'content', `${name}.md`), `${name}\n`);
    writeFileSync(join(root, 'outside.md'), 'outside\n');
    commit('first');
    writeFileSync(join(root, 'content/edited.md'), 'changed\n');
    writeFileSync(join(root, 'content/staged.md'), 'changed\n');
    run('add', 'content/staged.md');
    unlinkSync(join(root, 'content/deleted.md'));
    renameSync(join(root, 'content/renamed.md'), join(root, 'content/moved.md'));
    run('add', '-A', 'content/renamed.md', 'content/moved.md');
    writeFileSync(join(root, 'content/new.md'), 'new\n');
    writeFileSync(join(root, 'outside.md'), 'changed\n');
    const found = changedFiles(join(root, 'content')).map((file) => file.slice(root.length + 1)).sort();
    expect(found).toEqual(['content/deleted.md', 'content/edited.md', 'content/moved.md', 'content/new.md', 'content/renamed.md', 'content/staged.md']);
  });
});

describe('perCommit', () => {
  it('computes once per commit, and again after the next one', () => {
    const { root, commit } = repository();
    commit('first');
    let runs = 0;
    const fact = () => perCommit(root, 'runs', () => ++runs);
    expect([fact(), fact()]).toEqual([1, 1]);
    commit('second');
    expect([fact(), fact()]).toEqual([2, 2]);
  });
});
