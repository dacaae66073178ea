/**
 * When each content file last changed: its last commit's date, for the sitemap's `lastmod`. One
 * `git log` for the whole content folder (newest commit first, so the first date seen for a file is
 * its last change); a file git does not know (untracked, or no git at all) falls back to its mtime.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';

/** ISO 8601 date-time of a file's last change, by its path relative to the project root. */
export type LastModified = (file: string) => string;

// A line that is a commit's date rather than a file name: NUL cannot occur in a path.
const DATE_MARK = '\u0000';

export function contentDates(contentDir: string, projectRoot: string): LastModified {
  const committed = lastCommitDates(contentDir, projectRoot);
  return (file) => committed.get(file) ?? modifiedTime(isAbsolute(file) ? file : join(projectRoot, file));
}

/** Parse `git log --format=<NUL><date> --name-only`: a date line, then the files of that commit. */
export function parseGitLog(output: string): Map<string, string> {
  const dates = new Map<string, string>();
  let current: string | undefined;
  for (const line of output.split('\n')) {
    if (line.startsWith(DATE_MARK)) current = line.slice(DATE_MARK.length).trim();
    else if (line !== '' && current !== undefined && !dates.has(line)) dates.set(line, current);
  }
  return dates;
}

function lastCommitDates(contentDir: string, projectRoot: string): Map<string, string> {
  try {
    const output = execFileSync(
      'git',
      // --relative: paths relative to the project root, as the loader names files, even when the
      // project sits in a sub-folder of its repository. quotePath off: names come back verbatim.
      ['-c', 'core.quotePath=false', 'log', '--format=%x00%cI', '--name-only', '--relative', '--', relative(projectRoot, contentDir) || '.'],
      { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 * 1024 * 1024 },
    );
    return parseGitLog(output);
  } catch {
    // No git, not a checkout, or content outside the repository: every file falls back to mtime.
    return new Map();
  }
}

function modifiedTime(path: string): string {
  try {
    return statSync(path).mtime.toISOString().replace(/\.[0-9]{3}Z$/, 'Z');
  } catch {
    // A file that vanished between load and now: "now" is the honest last change.
    return new Date().toISOString().replace(/\.[0-9]{3}Z$/, 'Z');
  }
}

/** The newest of some ISO dates (they may carry different offsets, so compare instants). */
export function newestDate(dates: Iterable<string>): string | undefined {
  let newest: string | undefined;
  for (const date of dates) if (newest === undefined || Date.parse(date) > Date.parse(newest)) newest = date;
  return newest;
}
