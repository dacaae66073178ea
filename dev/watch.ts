/**
 * What the dev server watches, and what a change means: content (rebuilt by the warm build) or code
 * (rebuilt by fresh modules, since Node cannot reload an ES module in place).
 *
 * `node:fs` `watch` with `recursive: true` (inotify on Linux since Node 20, FSEvents on macOS,
 * ReadDirectoryChangesW on Windows): no dependency, and one watcher per folder. Editors save in
 * bursts (a temporary file, a rename, a chmod), so events are gathered for DEBOUNCE_MS after the
 * last one and reported once.
 */
import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { FUNCTION_CONSTANTS_FILE, PAGE_LAYOUT_FILE } from '../build/function-constants.ts';
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

/**
 * The kind of change a path (absolute) stands for, or undefined for a path no build reads: tests,
 * editors' swap and backup files, and what the build writes itself (the functions' constants), which
 * would otherwise start the next build forever.
 */
export function classifyChange(plan: WatchPlan, path: string): ChangeKind | undefined {
  const name = path.split(sep).pop() ?? '';
  if (/^\.#|~$|\.sw[a-p]$|^4913$|\.tmp$/.test(name)) return undefined;
  if (isInside(resolve(plan.contentDir), path) || resolve(path) === resolve(plan.headersFile)) return 'content';
  const fromRoot = relative(plan.projectRoot, path).split(sep).join('/');
  if (fromRoot === FUNCTION_CONSTANTS_FILE || fromRoot === PAGE_LAYOUT_FILE || /\.test\.ts$/.test(fromRoot)) return undefined;
  if ((ROOT_FILES as readonly string[]).includes(fromRoot)) return 'code';
  return CODE_FOLDERS.some((folder) => fromRoot.startsWith(`${folder}/`)) ? 'code' : undefined;
}

const isInside = (folder: string, path: string): boolean => {
  const rel = relative(folder, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
};

/** Watches the plan's folders; `onChange` gets the strongest kind of change in each burst and the paths. */
export function watchSources(plan: WatchPlan, onChange: (kind: ChangeKind, paths: string[]) => void, onError: (error: Error) => void): { close: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let kind: ChangeKind | undefined;
  let paths = new Set<string>();
  const seen = (path: string) => {
    const change = classifyChange(plan, path);
    if (!change) return;
    kind = kind === 'code' || change === 'code' ? 'code' : 'content';
    paths.add(relative(plan.projectRoot, path));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const burst = [...paths];
      const strongest = kind!;
      kind = undefined;
      paths = new Set();
      onChange(strongest, burst);
    }, DEBOUNCE_MS);
  };
  const watchers: FSWatcher[] = [];
  const folders = [resolve(plan.contentDir), ...CODE_FOLDERS.map((folder) => join(plan.projectRoot, folder))];
  for (const folder of folders) {
    watchers.push(watch(folder, { recursive: true }, (_event, file) => file && seen(join(folder, file.toString()))));
  }
  // The root itself, not recursively: files replaced by a rename (as editors save) keep being seen.
  const rootFiles = new Set<string>([...ROOT_FILES, relative(plan.projectRoot, plan.headersFile)]);
  watchers.push(watch(plan.projectRoot, (_event, file) => file && rootFiles.has(file.toString()) && seen(join(plan.projectRoot, file.toString()))));
  if (!isInside(plan.projectRoot, resolve(plan.headersFile))) {
    // A headers file outside the project (a test's) is watched through its folder.
    const folder = resolve(plan.headersFile, '..');
    watchers.push(watch(folder, (_event, file) => file && join(folder, file.toString()) === resolve(plan.headersFile) && seen(resolve(plan.headersFile))));
  }
  for (const watcher of watchers) watcher.on('error', onError);
  return {
    close: () => {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
