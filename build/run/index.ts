/**
 * The runner: every file of the published folder made from the model by a task (task.ts, the kinds
 * listed in build/emit/index.ts), under one rule: a task whose key (its code, the frame when it
 * reads it, and its input) is the one its files were made under is not run again; its files are
 * kept where they are, or linked from the published folder. The rest are made, the pages on every
 * core (pool.ts), into the folder the build works in, which is then swapped in whole (output.ts).
 */
import { availableParallelism } from 'node:os';
import { setImmediate } from 'node:timers/promises';
import { codeDigests } from '../code.ts';
import { digestOf, keyOf } from '../digest.ts';
import { KINDS } from '../emit/index.ts';
import { siteFrame } from '../emit/assets.ts';
import { OutputFolder } from '../output.ts';
import { noStore } from '../store.ts';
import { BuildDefinitionError } from '../../site/errors.ts';
import type { Store } from '../store.ts';
import { bodiesReused, bodyFileOf, buildBodies, useBodyStore } from './bodies.ts';
import { renderOnThreads, workerBundle } from './pool.ts';
import type { WrittenFile } from './pool.ts';
import type { Made, RenderContext, Selection, Task, TaskKind } from './task.ts';
import { catalogueView, draftTasks, PAGE_CODE, pageCount, pageTasks } from '../../site/pages/registry.ts';
import type { PageTask } from '../../site/pages/registry.ts';
import type { Bodies } from '../../site/pages/kind.ts';
import { renderTally } from '../../site/render/markdown-body.ts';
import type { RenderTally } from '../../site/render/markdown-body.ts';
import { withMirrors } from '../mirror.ts';
import type { Companion } from '../swap.ts';
import type { CatalogueModel } from '../../site/model.ts';
import type { ContentProblem } from '../content-error.ts';
import type { OutputFile } from '../../site/types.ts';

export interface RenderOptions {
  /** Threads to render on; 1 renders in this thread. Default: every core. */
  threads?: number;
  /** Fewer pages to render than this are rendered in this thread: starting workers costs more. */
  workerThreshold?: number;
  /** The most bytes one llms-full.txt file holds (site/llms-full.ts); smaller in tests. */
  llmsFullMaxBytes?: number;
  /** Called as each page to render is done: how many are, of how many (those kept are not counted). */
  onPageRendered?: (done: number, total: number) => void;
}

export interface RunOptions extends RenderOptions {
  projectRoot: string;
  /** Called with every path of the finished folder, mirrors included, before it replaces the last:
   * a problem it throws leaves dist/ as it was. */
  checkFiles?: (files: readonly string[]) => void;
  /** Files outside the folder that belong to it (the functions' constants, the page layout), made
   * from the model and swapped in with it. */
  companions?: Companion[];
}

/** What the runner did, task by task and page by page. */
export interface RunReport extends RenderTally {
  /** Tasks in all, and how many of them were kept in place, linked from the published folder, or made. */
  tasks: number;
  kept: number;
  linked: number;
  made: number;
  /** Pages made, of how many, on how many threads. */
  pages: number;
  pagesMade: number;
  threads: number;
  /** Bodies taken from the body store instead of parsed. */
  bodiesReused: number;
  /** Files written or linked into the folder. */
  written: number;
}

export interface RunResult {
  /** Every file of the folder, relative to it, mirrors included. */
  files: string[];
  report: RunReport;
}

/** Runs a step of the build, logging how long it took and what it made. */
export type Timed = <T>(phase: string, run: () => T | Promise<T>, describe: (value: T) => string) => Promise<T>;

const WORKER_THRESHOLD = 200;

type KindName = keyof typeof KINDS;
type AnyKind = TaskKind<any>;

/** The module of the body renderer: rendered bodies are kept under its code. */
const BODY_CODE = 'site/render/markdown-body.ts';
/** The render workers' entry: their bundle is named by its code. */
const WORKER_CODE = 'build/run/worker.ts';

/** A task of the build with its kind and key: `id` names it among every task (`<kind> <id>`). */
interface Keyed {
  kind: KindName;
  task: Task;
  id: string;
  key: string;
}

/** Makes every file of the model into `outDir`, swapped in whole once all are made and checked. */
export async function runTasks(model: CatalogueModel, store: Store, outDir: string, timed: Timed, options: RunOptions): Promise<RunResult> {
  const selection = selectionOf(model, options);
  const { frame } = selection;
  const kinds = Object.entries(KINDS) as [KindName, AnyKind][];
  const codeOf = codeCache(options.projectRoot, [
    ...kinds.flatMap(([, kind]) => (typeof kind.code === 'function' ? [] : [modulesOf(kind, undefined)])),
    ...PAGE_CODE.flatMap((modules) => [modules, [...modules, BODY_CODE]]),
    [BODY_CODE],
  ]);
  const frameDigest = digestOf(frame);
  const keyed = (name: KindName, kind: AnyKind, task: Task): Keyed => ({
    kind: name,
    task,
    id: `${name} ${task.id}`,
    // The input by its digest, remembered: a task whose input holds another's (an item's JSON twin
    // holds its page's) hashes that digest, not the text again.
    key: keyOf(codeOf(modulesOf(kind, task.input)), { kind: name, frame: kind.frame ? frameDigest : null, input: digestOf(task.input) }),
  });
  const bodies = store.bodies === undefined ? undefined : { dir: store.bodies, code: codeOf([BODY_CODE]) };
  useBodyStore(bodies);

  const planned = await timed('tasks', () => kinds.filter(([, kind]) => kind.where !== 'last').flatMap(([name, kind]) => kind.tasks(selection, NOTHING_MADE).map((task) => keyed(name, kind, task))),
    (tasks) => `${tasks.length} tasks keyed`);
  const folder = new OutputFolder(outDir, { spare: store.spare, reuse: store.enabled });
  const report: RunReport = { tasks: 0, kept: 0, linked: 0, made: 0, pages: 0, pagesMade: 0, threads: 1, bodies: 0, bodyMs: 0, bodiesReused: 0, written: 0 };
  const before = { tally: renderTally(), reused: bodiesReused() };
  try {
    /** The tasks whose files the folder does not hold yet: kept or linked otherwise. */
    const toMake = (tasks: readonly Keyed[]): Keyed[] => tasks.filter((keyed) => {
      report.tasks += 1;
      const reuse = folder.reuse(keyed.id, keyed.key);
      if (reuse === 'kept') report.kept += 1;
      else if (reuse === 'linked') report.linked += 1;
      return reuse === undefined;
    });
    const made = toMake(planned);
    report.made = made.length;
    const context = renderContext(frame, store, folder, codeOf);
    // Each kind's files held to its rule; every problem of a kind told at once, once all are made.
    const problems = new Map<AnyKind, ContentProblem[]>();
    const makeHere = (keyed: Keyed) => {
      const kind = KINDS[keyed.kind] as AnyKind;
      const files = [...kind.render(keyed.task.input, context(kind, keyed))];
      if (kind.check) {
        let found = problems.get(kind);
        if (!found) problems.set(kind, (found = []));
        for (const file of files) found.push(...kind.check.problems(file, model));
      }
      folder.made(keyed.id, keyed.key, files.map((file) => [file.path, folder.write(file.path, file.bytes)]));
    };
    const throwProblems = () => {
      for (const [kind, found] of problems) if (found.length > 0) throw kind.check!.error(found);
    };

    const pages = made.filter((keyed) => KINDS[keyed.kind].where === 'anywhere');
    const here = made.filter((keyed) => KINDS[keyed.kind].where === 'here');
    // Counted in pages: a task makes an item's subpages too.
    const pagesOf = (keyed: Keyed) => pageCount(keyed.task.input as PageTask);
    report.pages = planned.filter((keyed) => KINDS[keyed.kind].where === 'anywhere').reduce((sum, keyed) => sum + pagesOf(keyed), 0);
    report.pagesMade = pages.reduce((sum, keyed) => sum + pagesOf(keyed), 0);
    const threads = Math.max(1, options.threads ?? availableParallelism());
    // This thread renders too; a worker for each other core, when there is enough to render.
    const workers = threads > 1 && report.pagesMade >= (options.workerThreshold ?? WORKER_THRESHOLD) ? threads - 1 : 0;
    report.threads = workers + 1;
    let rendered = 0;
    const pageDone = (index: number) => {
      for (let page = pagesOf(pages[index]); page > 0; page--) options.onPageRendered?.(++rendered, report.pagesMade);
    };
    const onWritten = (index: number, files: WrittenFile[]) => {
      folder.made(pages[index].id, pages[index].key, files);
      pageDone(index);
    };
    await timed('make', () => renderOnThreads(
      { script: workers > 0 ? workerBundle(codeOf([WORKER_CODE])) : '', frame, folder: folder.folder, fresh: folder.fresh, bodies },
      pages.map((keyed) => keyed.task.input as PageTask),
      workers,
      onWritten,
      {
        job: (_task, index) => {
          makeHere(pages[index]);
          pageDone(index);
        },
        // The tasks only this thread can make, one per turn between the workers' answers.
        first: (function* () {
          for (const keyed of here) {
            makeHere(keyed);
            yield;
          }
        })(),
      },
    ), (inWorkers) => {
      const here = renderTally();
      report.bodies = inWorkers.bodies + here.bodies - before.tally.bodies;
      report.bodyMs = inWorkers.bodyMs + here.bodyMs - before.tally.bodyMs;
      report.bodiesReused = inWorkers.bodiesReused + bodiesReused() - before.reused;
      return `${made.length} of ${planned.length} tasks made (${report.pagesMade} of ${report.pages} pages on ${report.threads} thread${report.threads === 1 ? '' : 's'}), ${report.kept} kept, ${report.linked} linked; `
        + `${report.bodies} Markdown bodies parsed in ${report.bodyMs.toFixed(0)} ms of CPU, ${report.bodiesReused} from the cache`;
    });
    throwProblems();
    await setImmediate();

    // Last, the tasks made from what the others made, each kind from what the kinds before it made.
    await timed('make last', () => {
      let count = 0;
      for (const [name, kind] of kinds.filter(([, each]) => each.where === 'last')) {
        const madeSoFar: Made = { files: folder.files, keyOf: (path) => folder.keyOfFile(path), size: (path) => folder.size(path) };
        const toRender = toMake(kind.tasks(selection, madeSoFar).map((task) => keyed(name, kind, task)));
        for (const keyed of toRender) makeHere(keyed);
        count += toRender.length;
      }
      report.made += count;
      throwProblems();
      return count;
    }, (count) => `${count} made`);

    const files = withMirrors(folder.files);
    options.checkFiles?.(files);
    await timed('write', () => folder.commit(options.companions), (copies) => `${files.length} files to ${outDir} (${folder.written} written or linked, ${copies} /v1 copies, the rest kept)`);
    report.written = folder.written;
    if (store.enabled) {
      const bodyFiles = new Set([...model.skills, ...model.bundles, ...model.docs, ...model.drafts.skills, ...model.drafts.bundles].map((entry) => bodyFileOf(entry.body)));
      await timed('cache save', () => store.save(bodyFiles), () => 'saved');
    }
    return { files, report };
  } catch (error) {
    folder.abort();
    throw error;
  } finally {
    useBodyStore(undefined);
  }
}

/** The modules whose code makes a task: its kind's, and the body renderer's when it reads bodies. */
function modulesOf(kind: AnyKind, input: unknown): readonly string[] {
  const modules = typeof kind.code === 'function' ? kind.code(input) : kind.code;
  return kind.bodies ? [...modules, BODY_CODE] : modules;
}

/** The frame and the bodies as a kind is handed them: only when it says it reads them, since its
 * key holds them only then. */
function handed(kind: AnyKind, frame: ReturnType<typeof siteFrame>, rest: Omit<RenderContext, 'frame' | 'bodies'>): RenderContext {
  return Object.defineProperties({ ...rest, bodies: kind.bodies ? buildBodies : NO_BODIES } as RenderContext, {
    frame: {
      enumerable: true,
      get: () => {
        if (!kind.frame) throw new BuildDefinitionError('A kind read the frame without saying so (TaskKind.frame): its key would miss the frame.');
        return frame;
      },
    },
  });
}

/** What a kind that does not say it reads bodies is handed instead. */
const NO_BODIES: Bodies = {
  text: () => unread(),
  render: () => unread(),
};
const unread = (): never => {
  throw new BuildDefinitionError('A kind read the Markdown bodies without saying so (TaskKind.bodies): its key would miss the body renderer.');
};

/** What every kind selects its tasks from; the bench's edit floor selects llms-full's twins from it too. */
export function selectionOf(model: CatalogueModel, options: RenderOptions): Selection {
  const frame = siteFrame(model);
  const view = catalogueView(model);
  return { model, frame, view, pages: pageTasks(frame, model, view), drafts: draftTasks(model), limits: { llmsFullBytes: options.llmsFullMaxBytes } };
}

/** Every file of one kind made from `model` on this thread, nothing kept, held to the kind's check
 * as the runner holds it: for the bench's floor and tests of a kind's files. A `last` kind is
 * handed what was made before it, and reads it, through `made`. */
export function makeKind(kind: AnyKind, model: CatalogueModel, made: Made & { read(path: string): Buffer } = { ...NOTHING_MADE, read: noFile }): OutputFile[] {
  const selection = selectionOf(model, {});
  const context = handed(kind, selection.frame, {
    searchParts: (inputs, make) => noStore().searchParts.parts(inputs.map((_, index) => String(index)), (index) => make(inputs[index])),
    read: made.read,
    size: made.size,
  });
  const files = kind.tasks(selection, made).flatMap((task) => [...kind.render(task.input, context)]);
  const problems = kind.check ? files.flatMap((file) => kind.check!.problems(file, model)) : [];
  if (problems.length > 0) throw kind.check!.error(problems);
  return files;
}

const noFile = (path: string): never => {
  throw new BuildDefinitionError(`${path} is made by another kind.`);
};

/** For `last` kinds' selection before anything is made: none of them runs then. */
const NOTHING_MADE: Made = { files: [], keyOf: () => '', size: () => 0 };

/** The code digest of each set of modules, worked out once per set in a build: the sets known from
 * the start in one pass of esbuild (build/code.ts), any other when asked. */
function codeCache(projectRoot: string, sets: readonly (readonly string[])[]): (modules: readonly string[]) => string {
  // By the modules as given: asked once per task, so no path is worked out again for each.
  const known = new Map<string, string>();
  const nameOf = (modules: readonly string[]) => modules.join('\n');
  codeDigests(projectRoot, sets).forEach((digest, i) => known.set(nameOf(sets[i]), digest));
  return (modules) => {
    const name = nameOf(modules);
    let digest = known.get(name);
    if (digest === undefined) known.set(name, (digest = codeDigests(projectRoot, [modules])[0]));
    return digest;
  };
}

/** What a task made here may use: the frame, the bodies, the build cache's packs, and the files made. */
function renderContext(frame: ReturnType<typeof siteFrame>, store: Store, folder: OutputFolder, codeOf: (modules: readonly string[]) => string) {
  return (kind: AnyKind, keyed: Keyed): RenderContext => handed(kind, frame, {
    searchParts(inputs, make) {
      const code = codeOf(modulesOf(kind, keyed.task.input));
      return store.searchParts.parts(inputs.map((input) => keyOf(code, digestOf(input))), (index) => make(inputs[index]));
    },
    read: (path) => folder.read(path),
    size: (path) => folder.size(path),
  });
}

