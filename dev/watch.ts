/**
 * What the dev server watches, and what a change means: content (rebuilt by the warm build) or code
 * (rebuilt by fresh modules, since Node cannot reload an ES module in place).
 *
 * chokidar rather than `node:fs` `watch` with `recursive: true`: on Linux Node makes that of one
 * inotify watch per file, and a file replaced by a rename (how vim, `sed -i` and JetBrains' safe
 * write save) keeps the watch of the file it replaced, so no later save of it was seen. chokidar
 * watches each folder too, reads it again on every change and watches what it finds there, so a
 * file is followed however it is written, deleted and made again, renamed, or checked out by git.
 *
 * Only what a build reads is watched at all (the rest is chokidar's `ignored`): a scratch file an
 * editor writes beside a skill never starts a build. Editors and git save in bursts, so changes are
 * gathered for DEBOUNCE_MS after the last one and reported once.
 */
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Stats } from 'node:fs';
import { watch } from 'chokidar';
import { FUNCTION_CONSTANTS_FILE, PAGE_LAYOUT_FILE } from '../build/function-constants.ts';
import { buildReads } from './content-reads.ts';
import type { ChangeKind } from './rebuild-queue.ts';

export const DEBOUNCE_MS = 60;

/** Folders of code and schemas, from the project root: a change there needs fresh build modules. */
export const CODE_FOLDERS = ['build', 'site', 'core', 'runtime', 'functions', 'schema'] as const;
/** Files at the project root that the build or the functions read. */
export const ROOT_FILES = ['_headers', 'netlify.toml', 'package-lock.json'] as const;

export interface WatchPlan {
  projectRoot: string;
  contentDir: string;
  /** The hand-kept header rules: read by every build, so a change is a content change. */
  headersFile: string;
}

/** A file of code is named `name.extension`; what editors write beside one is not (`x.ts~`, `.x.ts.swp`,
 * `4913`, `#x.ts#`, `x.ts___jb_tmp___`), or is a temporary or swap file by its extension. */
const isCodeName = (name: string): boolean => /^[^.#][^#~]*\.[A-Za-z0-9]+$/.test(name) && !/\.(?:tmp|sw[a-p])$/i.test(name) && !/\.test\.ts$/.test(name);

/**
 * The kind of change a file (an absolute path) stands for, or undefined for a file no build reads:
 * in the content folder, anything the loader does not load (content-reads.ts); elsewhere tests,
 * editors' swap and backup files, and what the build writes itself (the functions' constants),
 * which would otherwise start the next build forever.
 */
export function classifyChange(plan: WatchPlan, path: string): ChangeKind | undefined {
  const contentDir = resolve(plan.contentDir);
  if (isInside(contentDir, path)) return buildReads(relative(contentDir, path).split(sep).join('/')) ? 'content' : undefined;
  if (resolve(path) === resolve(plan.headersFile)) return 'content';
  const fromRoot = relative(plan.projectRoot, path).split(sep).join('/');
  if (fromRoot === FUNCTION_CONSTANTS_FILE || fromRoot === PAGE_LAYOUT_FILE) return undefined;
  if ((ROOT_FILES as readonly string[]).includes(fromRoot)) return 'code';
  return CODE_FOLDERS.some((folder) => fromRoot.startsWith(`${folder}/`)) && isCodeName(basename(path)) ? 'code' : undefined;
}

/** Where watching starts: the project (its code folders and root files), and the content and the
 * headers file wherever they are; none inside another, which would watch its files twice. */
export function watchRoots(plan: WatchPlan): string[] {
  const roots = [...new Set([resolve(plan.projectRoot), resolve(plan.contentDir), dirname(resolve(plan.headersFile))])];
  return roots.filter((root) => !roots.some((other) => other !== root && isInside(other, root)));
}

/**
 * Whether the watcher looks at `path` (absolute): a file when a build reads it, a folder when it
 * holds or leads to what a build reads. chokidar asks first without `stats`, then again with them,
 * so a path it cannot yet tell is a folder is kept until it can.
 */
export function isWatched(plan: WatchPlan, path: string, stats?: Stats): boolean {
  const targets = [resolve(plan.contentDir), ...CODE_FOLDERS.map((folder) => join(plan.projectRoot, folder))];
  const within = targets.some((target) => isInside(target, path) && target !== resolve(path));
  // Nothing a build reads is a dot file or in a dot folder (`.git`, `.DS_Store`, `.x.swp`, `.#x`).
  if (within && basename(path).startsWith('.')) return false;
  if (stats && !stats.isDirectory()) return classifyChange(plan, path) !== undefined;
  const leadsTo = [...targets, ...ROOT_FILES.map((file) => join(plan.projectRoot, file)), resolve(plan.headersFile)];
  return within || leadsTo.some((target) => isInside(path, target));
}

/** `path` is `folder` or inside it. */
const isInside = (folder: string, path: string): boolean => {
  const rel = relative(folder, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
};

/** How the terminal names a changed file: a content file from its content folder's parent
 * (`content/skills/a.md`), anything else from the project root. */
export function shownPath(plan: WatchPlan, path: string): string {
  const contentDir = resolve(plan.contentDir);
  return relative(isInside(contentDir, path) ? dirname(contentDir) : plan.projectRoot, path);
}

/** What started a build, for its line in the terminal: the files, the first few of a long list. */
export function describeChanges(paths: readonly string[], shown = 3): string {
  if (paths.length <= shown + 1) return paths.join(', ');
  return `${paths.slice(0, shown).join(', ')} and ${paths.length - shown} other files`;
}

export interface SourceWatcher {
  /** Reports these changes (as the terminal names them) again, with the next burst or as one of
   * their own: a build that found a file changed under it is built again once saves pause, as one
   * build with the change's own event. */
  again: (kind: ChangeKind, paths: readonly string[]) => void;
  close: () => Promise<void>;
}

/**
 * Watches the plan's files; `onChange` gets the strongest kind of change in each burst and the
 * files it touched, as the terminal names them. Resolves once every file is watched, so a save
 * made after that is seen.
 */
export async function watchSources(plan: WatchPlan, onChange: (kind: ChangeKind, paths: string[]) => void, onError: (error: Error) => void): Promise<SourceWatcher> {
  let timer: NodeJS.Timeout | undefined;
  let kind: ChangeKind | undefined;
  let paths = new Set<string>();
  const seen = (path: string) => {
    const change = classifyChange(plan, path);
    if (change) note(change, [shownPath(plan, path)]);
  };
  const note = (change: ChangeKind, shown: readonly string[]) => {
    kind = kind === 'code' || change === 'code' ? 'code' : 'content';
    for (const path of shown) paths.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const burst = [...paths];
      const strongest = kind!;
      kind = undefined;
      paths = new Set();
      onChange(strongest, burst);
    }, DEBOUNCE_MS);
  };
  const watcher = watch(watchRoots(plan), {
    ignoreInitial: true,
    ignored: (path, stats) => !isWatched(plan, path, stats),
    // Our own debounce already makes one change of a delete and a write; chokidar's `atomic` would
    // hold back every delete by 100 ms to do the same.
    atomic: false,
  });
  // Folders come and go with the files in them, and chokidar reports each of those.
  watcher.on('add', seen).on('change', seen).on('unlink', seen);
  watcher.on('error', (error) => onError(watchError(error)));
  await new Promise<void>((ready) => watcher.once('ready', ready));
  return {
    again: note,
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}

/** A failure of the watcher, in words that say what to do about it. */
export class WatchError extends Error {
  override readonly name = 'WatchError';
}

/** Linux gives each user a number of inotify watches (one per folder and file watched); past it,
 * saves to files not yet watched go unseen, so the terminal says how to raise it. */
function watchError(error: unknown): Error {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOSPC') {
    return new WatchError(`${(error as Error).message}: the system's limit of watched files is reached, and saves to some files will not be seen (on Linux: sysctl fs.inotify.max_user_watches=524288, then restart npm run dev)`, { cause: error });
  }
  return error instanceof Error ? error : new WatchError(String(error));
}
