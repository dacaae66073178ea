/**
 * The kinds of page, in the order listings and the sitemap show them: the overview, the clusters,
 * the skills, their install pages, the bundles (each folder's index first), the guides. Adding a
 * kind is its module beside this one and a line here. Everything below goes over this list: a task
 * per page of a listing kind, and per item of an item kind, which makes the item's subpages too.
 */
import { pageFileIn } from '../../core/page-paths.ts';
import { PageRenderError } from '../errors.ts';
import type { OutputFile } from '../types.ts';
import { twinFrameOf } from './frame.ts';
import type { PageFrame } from './frame.ts';
import { pageFiles } from './kind.ts';
import type { Bodies, CatalogueView, ItemKind, ListingKind, ListingModel, SubpageKind } from './kind.ts';
import type { DatedPage, PageRef, PageType } from './page-ref.ts';
import { homeKind } from './home.ts';
import { clusterIndexKind } from './cluster-index.ts';
import { clusterKind } from './cluster.ts';
import { skillIndexKind } from './skill-index.ts';
import { skillKind } from './skill.ts';
import { installKind } from './install.ts';
import { bundleIndexKind } from './bundle-index.ts';
import { bundleKind } from './bundle.ts';
import { guideKind } from './guide.ts';
import type { CatalogueModel } from '../model.ts';

// Each kind takes its own input; the registry handles them alike.
type AnyItemKind = ItemKind<any>;
type AnySubpageKind = SubpageKind<any>;

export const PAGE_KINDS: readonly (AnyItemKind | ListingKind | AnySubpageKind)[] = [
  homeKind,
  clusterIndexKind,
  clusterKind,
  skillIndexKind,
  skillKind,
  installKind,
  bundleIndexKind,
  bundleKind,
  guideKind,
];

/** A kind whose pages are tasks of their own: a subpage kind's are made in its item's task. */
type PageTaskKind = AnyItemKind | ListingKind;
const isItemKind = (kind: PageTaskKind | AnySubpageKind): kind is AnyItemKind => 'inputs' in kind;
const isSubpageKind = (kind: PageTaskKind | AnySubpageKind): kind is AnySubpageKind => 'madeWith' in kind;
const ITEM_KINDS = PAGE_KINDS.filter(isItemKind);
const LISTING_KINDS = PAGE_KINDS.filter((kind): kind is ListingKind => !isItemKind(kind) && !isSubpageKind(kind));
/** The kinds a task is of, by their type: a subpage is made in its item's task. */
const kindOf = new Map<PageType, PageTaskKind>([...ITEM_KINDS, ...LISTING_KINDS].map((kind) => [kind.type, kind]));
/** Each item kind's subpage kinds, in the registry's order. */
const SUBPAGES = new Map(ITEM_KINDS.map((kind) => [kind, PAGE_KINDS.filter((each): each is AnySubpageKind => isSubpageKind(each) && each.madeWith === kind)]));
const subpagesOf = (kind: AnyItemKind): AnySubpageKind[] => SUBPAGES.get(kind)!;

/** One page to make, with an item's subpages: its kind, the path it answers at (its name among the
 * build's tasks) and its plain-data input, all its render reads besides the frame, so any thread
 * can render it. */
export interface PageTask {
  kind: PageType;
  path: string;
  input: unknown;
}

function pageKind(task: Pick<PageTask, 'kind'>): PageTaskKind {
  const kind = kindOf.get(task.kind);
  if (!kind) throw new PageRenderError(`No kind of page task is called "${task.kind}".`);
  return kind;
}

/** The module whose code renders a kind's own page. */
export const pageCode = (kind: PageType): string => pageKind({ kind }).code;

/** The modules whose code renders a task of a kind: its own, and its subpages'. */
export const taskCode = (kind: PageType): readonly string[] => TASK_CODE.get(kind)!;

const TASK_CODE = new Map<PageType, readonly string[]>([...kindOf.values()].map((kind) => [kind.type, [kind.code, ...(isItemKind(kind) ? subpagesOf(kind).map((sub) => sub.code) : [])]]));

/** Every set of modules a kind's page task or its JSON twin is made by. */
export const PAGE_CODE: readonly (readonly string[])[] = [...kindOf.values()].flatMap((kind) => {
  const modules = taskCode(kind.type);
  return modules.length > 1 ? [[kind.code], modules] : [modules];
});

/** An item kind's tasks for these inputs, each at its page's path. */
const itemTasks = (kind: AnyItemKind, inputs: readonly unknown[]): PageTask[] =>
  inputs.map((input) => ({ kind: kind.type, path: kind.ref('', input).path, input }));

/** Every page of the model as a task, kind by kind in the registry's order, each in catalogue order;
 * the pages made from the whole catalogue are selected from `view`. */
export function pageTasks(frame: PageFrame, model: CatalogueModel, view: CatalogueView): PageTask[] {
  return PAGE_KINDS.flatMap((kind) => {
    if (isSubpageKind(kind)) return [];
    return isItemKind(kind) ? itemTasks(kind, kind.inputs(model)) : kind.tasks(frame, view).map(({ path, input }) => ({ kind: kind.type, path, input }));
  });
}

/** A preview's drafts as tasks (site/drafts.ts). */
export function draftTasks(model: CatalogueModel): PageTask[] {
  return ITEM_KINDS.flatMap((kind) => itemTasks(kind, kind.drafts?.(model) ?? []));
}

/** How many pages a task makes: its own, and an item's subpages. */
export function pageCount(task: Pick<PageTask, 'kind'>): number {
  const kind = pageKind(task);
  return isItemKind(kind) ? 1 + subpagesOf(kind).length : 1;
}

/** `skills/mom-test`: which page, in words, for an error. */
export const taskName = (task: Pick<PageTask, 'path'>): string => task.path.slice(1) || 'index';

/** A page's HTML and Markdown twin, and those of an item's subpages, with a failure naming the
 * page (the message survives the trip from a worker). */
export function renderPageTask(frame: PageFrame, task: PageTask, bodies: Bodies): OutputFile[] {
  try {
    const kind = pageKind(task);
    if (!isItemKind(kind)) return kind.render(frame, task.input);
    const base = frame.site.baseUrl;
    const page: unknown = kind.withBody(base, task.input, bodies);
    const twinFrame = twinFrameOf(frame);
    return [
      ...pageFiles(frame, kind.ref(base, task.input), kind.html(frame, page), kind.twin(twinFrame, page)),
      ...subpagesOf(kind).flatMap((sub) => pageFiles(frame, sub.ref(base, task.input), sub.html(frame, task.input), sub.twin(twinFrame, task.input))),
    ];
  } catch (error) {
    throw new PageRenderError(`Could not render ${taskName(task)}: ${(error as Error).message}`, { cause: error });
  }
}

/** Where an item page's Markdown twin is, when its kind is joined in llms-full.txt. */
export function llmsFullTwin(frame: PageFrame, task: PageTask): string | undefined {
  const kind = pageKind(task);
  return isItemKind(kind) && kind.inLlmsFull ? pageFileIn(frame.layout, kind.ref(frame.site.baseUrl, task.input).markdownFile) : undefined;
}

/** Where an item's page and its subpages live. */
export function itemRefs(baseUrl: string, task: PageTask): PageRef[] {
  const kind = pageKind(task);
  if (!isItemKind(kind)) throw new PageRenderError(`${taskName(task)} is no item's page`);
  return [kind.ref(baseUrl, task.input), ...subpagesOf(kind).map((sub) => sub.ref(baseUrl, task.input))];
}

/** Whether a page is an item's with a JSON twin of its own. */
export function hasItemJson(task: PageTask): boolean {
  const kind = pageKind(task);
  return isItemKind(kind) && kind.json !== undefined;
}

/** An item page's JSON twin, if its kind has one. */
export function itemJson(baseUrl: string, task: PageTask, bodies: Bodies): OutputFile | undefined {
  const kind = pageKind(task);
  return isItemKind(kind) ? kind.json?.(baseUrl, task.input, bodies) : undefined;
}

/** What the pages made from the whole catalogue select from: the catalogue, its index, and the
 * prose pages as they are listed. */
export const catalogueView = (model: CatalogueModel): CatalogueView => ({
  catalog: model.catalog,
  index: model.index,
  docs: model.docs.map(({ path, title, description }) => ({ path, title, description })),
});

/** The pages made from the whole catalogue (the overview, the folders' index pages, the clusters),
 * one page's files at a time. */
export function* cataloguePages(frame: PageFrame, view: CatalogueView): Generator<OutputFile> {
  for (const kind of LISTING_KINDS) for (const { input } of kind.tasks(frame, view)) yield* kind.render(frame, input);
}

/** Every page with its last change, kind by kind in the registry's order. */
export function allPages(model: CatalogueModel): DatedPage[] {
  return PAGE_KINDS.flatMap((kind) => kind.pages(model));
}

/** The JSON twins of the listing kinds' pages, made from the whole catalogue. */
export function* listingJson(model: ListingModel): Generator<OutputFile> {
  for (const kind of LISTING_KINDS) yield* kind.json?.(model) ?? [];
}
