/**
 * When each content file last changed, its last commit's date (the sitemap's `lastmod`, the feeds'
 * `updated`), and when it first appeared, its first commit's date (the feeds' `published`): the
 * newest and the oldest instant among the commits that touched it, from `git log` of the content
 * folder; a renamed file starts again at its rename, as its address does. A file git does not know
 * (untracked, or no git at all) falls back to its mtime for both.
 *
 * A deploy's clone holds the whole history ("Our clones are not shallow but we do perform a
 * blobless clone": Netlify's support, answers.netlify.com/t/86587), and one `git log` of all of it
 * costs in proportion to the commits times the files, in every build. So the dates are kept in the
 * build cache with the commit they were read at, and a build at a descendant of it reads only the
 * commits since and folds them in: newest and oldest by instant come out the same whichever
 * commits are read first. Any other commit (history rewritten, no cache) reads it all.
 * And when the content as a whole last changed, for `generated_at` (`newestContentChange`).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { changedFiles, git, headCommit, isAncestor, perCommit, workTreeOf } from './git.ts';
import { isLater, newestDate } from '../site/pages/newest.ts';

/** ISO 8601 date-times of a file's last change and of its first, by its path relative to the project root. */
export interface ContentDates {
  lastModified(file: string): string;
  firstPublished(file: string): string;
}

/** A file's last change when git does not know it: its modification time, as read (ISO 8601). */
export type ModifiedTime = (file: string) => string;

// A line that is a commit's date rather than a file name: NUL cannot occur in a path.
const DATE_MARK = '\u0000';

/** Each file's newest and oldest commit date (relative to the project root), by path. */
interface CommitDates {
  last: Map<string, string>;
  first: Map<string, string>;
}

/** The dates as the build cache keeps them, by the content folder: read at `commit`, each file's
 * newest and oldest date. */
export interface KeptDates {
  commit: string;
  files: Record<string, [last: string, first: string]>;
}

/** Where the dates are kept between builds, by the content folder (the build cache's pack). */
export interface DatesMemo {
  get(folder: string): KeptDates | undefined;
  set(folder: string, dates: KeptDates): void;
}

/** `kept`: the build cache's dates, read and brought up to this commit (none: git reads the whole history). */
export function contentDates(contentDir: string, projectRoot: string, modified: ModifiedTime = (file) => modifiedTime(isAbsolute(file) ? file : join(projectRoot, file)), kept?: DatesMemo): ContentDates {
  const { last, first } = commitDates(contentDir, projectRoot, kept);
  return { lastModified: (file) => last.get(file) ?? modified(file), firstPublished: (file) => first.get(file) ?? modified(file) };
}

/** Whether date `a` is a later instant than `b`; the same instant in other words (another offset)
 * by the text, so that which of the two is kept does not hang on the order they come in. */
const later = (a: string, b: string): boolean => isLater(a, b) || (a > b && Date.parse(a) === Date.parse(b));

/** Parse `git log --format=<NUL><date> --name-only`: a date line, then the files of that commit;
 * each file's newest date and its oldest, folded into `into`. */
export function parseGitLog(output: string, into: CommitDates = noDates()): CommitDates {
  const { last, first } = into;
  let current: string | undefined;
  for (const line of output.split('\n')) {
    if (line.startsWith(DATE_MARK)) current = line.slice(DATE_MARK.length).trim();
    else if (line !== '' && current !== undefined) {
      const newest = last.get(line);
      if (newest === undefined || later(current, newest)) last.set(line, current);
      const oldest = first.get(line);
      if (oldest === undefined || later(oldest, current)) first.set(line, current);
    }
  }
  return into;
}

function commitDates(contentDir: string, projectRoot: string, kept: DatesMemo | undefined): CommitDates {
  // --relative: paths relative to the project root, as the loader names files, even when the
  // project sits in a sub-folder of its repository. quotePath off: names come back verbatim.
  const folder = relative(projectRoot, contentDir) || '.';
  // Content outside the project (a test's, a measurement's copy) has no history in it.
  if (folder.startsWith('..') || isAbsolute(folder)) return noDates();
  const log = (range: string) => git(projectRoot, '-c', 'core.quotePath=false', 'log', '--format=%x00%cI', '--name-only', '--relative', range, '--', folder);
  const head = headCommit(projectRoot);
  if (kept === undefined || head === undefined) return perCommit(projectRoot, `dates\u0000${folder}`, () => gitDates(() => parseGitLog(log('HEAD'))) ?? noDates());
  const known = kept.get(folder);
  if (known?.commit === head) return datesOf(known);
  const since = known !== undefined && isAncestor(projectRoot, known.commit, head) ? known : undefined;
  const dates = gitDates(() => parseGitLog(log(since ? `${since.commit}..${head}` : head), since && datesOf(since)));
  // What git could not say is not kept: the next build asks again.
  if (dates === undefined) return noDates();
  const files: KeptDates['files'] = {};
  for (const [file, last] of dates.last) files[file] = [last, dates.first.get(file)!];
  kept.set(folder, { commit: head, files });
  return dates;
}

/** What git said; undefined without git, or outside a checkout, where every file falls back to mtime. */
function gitDates(read: () => CommitDates): CommitDates | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** No file dated by git: each falls back to its mtime. */
function noDates(): CommitDates {
  return { last: new Map(), first: new Map() };
}

function datesOf({ files }: KeptDates): CommitDates {
  const dates = noDates();
  for (const [file, [last, first]] of Object.entries(files)) {
    dates.last.set(file, last);
    dates.first.set(file, first);
  }
  return dates;
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
