/**
 * When each content file last changed, its last commit's date (the sitemap's `lastmod`, the feeds'
 * `updated`), and when it first appeared, its first commit's date (the feeds' `published`). One
 * `git log` for the whole content folder, newest commit first, so the first date seen for a file is
 * its last change and the last date seen its first; a renamed file starts again at its rename, as
 * its address does. A file git does not know (untracked, or no git at all) falls back to its mtime
 * for both.
 * And when the content as a whole last changed, for `generated_at` (`newestContentChange`).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { changedFiles, git, perCommit, workTreeOf } from './git.ts';
import { newestDate } from '../site/pages/newest.ts';

/** ISO 8601 date-times of a file's last change and of its first, by its path relative to the project root. */
export interface ContentDates {
  lastModified(file: string): string;
  firstPublished(file: string): string;
}

/** A file's last change when git does not know it: its modification time, as read (ISO 8601). */
export type ModifiedTime = (file: string) => string;

// A line that is a commit's date rather than a file name: NUL cannot occur in a path.
const DATE_MARK = '\u0000';

export function contentDates(contentDir: string, projectRoot: string, modified: ModifiedTime = (file) => modifiedTime(isAbsolute(file) ? file : join(projectRoot, file))): ContentDates {
  const { last, first } = commitDates(contentDir, projectRoot);
  return { lastModified: (file) => last.get(file) ?? modified(file), firstPublished: (file) => first.get(file) ?? modified(file) };
}

/** Parse `git log --format=<NUL><date> --name-only`: a date line, then the files of that commit;
 * each file's newest date and its oldest. */
export function parseGitLog(output: string): { last: Map<string, string>; first: Map<string, string> } {
  const last = new Map<string, string>();
  const first = new Map<string, string>();
  let current: string | undefined;
  for (const line of output.split('\n')) {
    if (line.startsWith(DATE_MARK)) current = line.slice(DATE_MARK.length).trim();
    else if (line !== '' && current !== undefined) {
      if (!last.has(line)) last.set(line, current);
      first.set(line, current);
    }
  }
  return { last, first };
}

function commitDates(contentDir: string, projectRoot: string): { last: Map<string, string>; first: Map<string, string> } {
  // --relative: paths relative to the project root, as the loader names files, even when the
  // project sits in a sub-folder of its repository. quotePath off: names come back verbatim.
  const folder = relative(projectRoot, contentDir) || '.';
  // Content outside the project (a test's, a measurement's copy) has no history in it.
  if (folder.startsWith('..') || isAbsolute(folder)) return { last: new Map(), first: new Map() };
  return perCommit(projectRoot, `dates\u0000${folder}`, () => {
    try {
      return parseGitLog(git(projectRoot, '-c', 'core.quotePath=false', 'log', '--format=%x00%cI', '--name-only', '--relative', '--', folder));
    } catch {
      // No git, not a checkout: every file falls back to mtime.
      return { last: new Map<string, string>(), first: new Map<string, string>() };
    }
  });
}

function modifiedTime(path: string): string {
  try {
    return isoSeconds(statSync(path).mtime);
  } catch {
    // A file that vanished between load and now: "now" is the honest last change.
    return isoSeconds(new Date());
  }
}

/** An instant as the API writes it: UTC, whole seconds (`2026-01-01T00:00:00Z`). */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.[0-9]{3}Z$/, 'Z');
}

/**
 * When the content last changed, in UTC: the newest commit that touched the content folder (it
 * sees additions, edits, renames and deletions alike), unless the work tree differs from it, when
 * the newest modification time among the files that differ is newer (a deleted file counts by its
 * folder's, which its deletion touched). Without git, or outside a repository, the newest of
 * `readTimes`: the modification times of the content files as the build read them, so the folder
 * is not walked a second time. So the same commit dates the same on every checkout and at every
 * hour; undefined only for content with no file at all.
 */
export function newestContentChange(contentDir: string, readTimes: readonly string[]): string | undefined {
  const filesOnly = () => newestDate(readTimes.filter((time) => time !== ''));
  // No repository around the folder: git would say so, in a process of its own.
  if (workTreeOf(contentDir) === undefined && !process.env.GIT_DIR) return filesOnly();
  let committed: string | undefined;
  let changed: string[];
  try {
    committed = perCommit(contentDir, `last\u0000${resolve(contentDir)}`, () => git(contentDir, 'log', '-1', '--format=%cI', '--', '.').trim() || undefined);
    // Tracked files that differ from HEAD, staged or not, and files git does not track yet.
    changed = changedFiles(contentDir);
  } catch {
    // No git, not a repository, or no commit yet: the files themselves are all there is.
    return filesOnly();
  }
  const edits = changed.map((file) => modifiedTime(nearestExisting(file)));
  const newest = newestDate([...(committed ? [committed] : []), ...edits]);
  return newest === undefined ? undefined : isoSeconds(new Date(newest));
}

function nearestExisting(path: string): string {
  let current = path;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}
