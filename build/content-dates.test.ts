/** The content's commit dates kept in the build cache: brought up to each new commit, they are the
 * dates a read of the whole history gives, whatever the history did in between. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentDates } from './content-dates.ts';
import type { DatesMemo } from './content-dates.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A repository with content/skills/, whose commits are dated as asked (committer and author). */
function repository() {
  const root = mkdtempSync(join(tmpdir(), 'content-dates-'));
  dirs.push(root);
  mkdirSync(join(root, 'content/skills'), { recursive: true });
  const run = (args: string[], date = '2026-01-01T00:00:00Z') => execFileSync('git', ['-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date },
  }).trim();
  run(['init', '-q', '-b', 'main']);
  const skill = (name: string) => join(root, 'content/skills', `${name}.md`);
  const write = (name: string, text = `${name}\n`) => writeFileSync(skill(name), text);
  const commit = (date: string) => {
    run(['add', '-A']);
    run(['commit', '-q', '--allow-empty', '-m', `at ${date}`], date);
  };
  return { root, run, skill, write, commit };
}

/** The build cache's pack of dates, as JSON between builds. */
function keptPack(): DatesMemo & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: (key) => (entries.has(key) ? (JSON.parse(entries.get(key)!) as ReturnType<DatesMemo['get']>) : undefined),
    set: (key, value) => void entries.set(key, JSON.stringify(value)),
  };
}

const FILES = ['a', 'b', 'c', 'd'].map((name) => `content/skills/${name}.md`);
const noMtime = () => 'mtime';

/** Each file's dates as a build reads them: from the pack, or from the whole history. */
function datesOf(root: string, kept?: DatesMemo) {
  const dates = contentDates(join(root, 'content'), root, noMtime, kept);
  return FILES.map((file) => [file, dates.lastModified(file), dates.firstPublished(file)]);
}

describe('the commit dates kept between builds', () => {
  it('are the whole history\'s after every commit: edits, a rename, a deletion, a file added again, a merge of older commits', () => {
    const { root, run, write, skill, commit } = repository();
    const kept = keptPack();
    const steps: (() => void)[] = [
      () => (write('a'), write('b'), commit('2026-01-01T00:00:00Z')),
      () => (write('a', 'a again\n'), commit('2026-02-01T10:00:00+01:00')),
      () => (renameSync(skill('b'), skill('c')), commit('2026-03-01T00:00:00Z')),
      () => (unlinkSync(skill('a')), commit('2026-04-01T00:00:00Z')),
      () => (write('a', 'back\n'), commit('2026-05-01T00:00:00Z')),
      // A branch made earlier, with commits older than the main line's newest, merged now.
      () => {
        run(['checkout', '-q', '-b', 'side', 'HEAD~3']);
        write('d');
        write('c', 'c on the side\n');
        commit('2026-01-15T00:00:00Z');
        run(['checkout', '-q', 'main']);
        run(['merge', '-q', '--no-edit', '-X', 'theirs', 'side'], '2026-06-01T00:00:00Z');
      },
      // The same instant in other words: which text is kept does not hang on the order.
      () => (write('d', 'd again\n'), commit('2026-06-01T02:00:00+02:00')),
      () => (write('d', 'd a third time\n'), commit('2026-06-01T00:00:00Z')),
    ];
    for (const step of steps) {
      step();
      expect(datesOf(root, kept)).toEqual(datesOf(root));
    }
    expect(datesOf(root)).toContainEqual(['content/skills/d.md', '2026-06-01T02:00:00+02:00', '2026-01-15T00:00:00+00:00']);
  });

  it('read only the commits since the kept one, and all of them again once that commit left the history', () => {
    const { root, run, write, commit } = repository();
    write('a');
    write('b');
    commit('2026-01-01T00:00:00Z');
    const kept = keptPack();
    datesOf(root, kept);
    // A date no commit gives: it stays only while the commits before the kept one are not read again.
    const value = kept.get('content')!;
    value.files['content/skills/b.md'] = ['2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z'];
    kept.set('content', value);
    write('a', 'a again\n');
    commit('2026-02-01T00:00:00Z');
    expect(datesOf(root, kept)).toContainEqual(['content/skills/b.md', '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z']);
    expect(datesOf(root, kept)).toContainEqual(['content/skills/a.md', '2026-02-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00']);

    // History rewritten: the kept commit is no ancestor of HEAD any more, so everything is read.
    run(['reset', '-q', '--hard', 'HEAD~1']);
    write('c');
    commit('2026-03-01T00:00:00Z');
    expect(datesOf(root, kept)).toEqual(datesOf(root));
    expect(datesOf(root, kept)).toContainEqual(['content/skills/b.md', '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00']);
  });

  it('are not kept when git cannot say them, so the next build asks again', () => {
    const { root, write, commit } = repository();
    write('a');
    commit('2026-01-01T00:00:00Z');
    const kept = keptPack();
    const path = process.env.PATH;
    process.env.PATH = '';
    try {
      expect(datesOf(root, kept)[0]).toEqual(['content/skills/a.md', 'mtime', 'mtime']);
    } finally {
      process.env.PATH = path;
    }
    expect(kept.entries.size).toBe(0);
    expect(datesOf(root, kept)[0]).toEqual(['content/skills/a.md', '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00']);
  });
});
