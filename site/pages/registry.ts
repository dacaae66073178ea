/**
 * The kinds of page, in the order listings and the sitemap show them: the overview, the clusters,
 * the skills, their install pages, the bundles (each folder's index first), the guides. Adding a
 * kind is its module beside this one and a line here. Everything below goes over this list.
 */
import { pageFileIn } from '../../core/page-paths.ts';
import { PageRenderError } from '../errors.ts';
import type { OutputFile } from '../types.ts';
import { twinFrameOf } from './frame.ts';
import type { PageFrame } from './frame.ts';
import type { Bodies, CatalogueView, ItemKind, ListingKind, ListingModel } from './kind.ts';
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

export const PAGE_KINDS: readonly (AnyItemKind | ListingKind)[] = [
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

const isItemKind = (kind: AnyItemKind | ListingKind): kind is AnyItemKind => 'inputs' in kind;
const ITEM_KINDS = PAGE_KINDS.filter(isItemKind);
const LISTING_KINDS = PAGE_KINDS.filter((kind): kind is ListingKind => !isItemKind(kind));
const kindOf = new Map(PAGE_KINDS.map((kind) => [kind.type, kind]));

/** One page to make: its kind, the path it answers at (its name among the build's tasks) and its
 * plain-data input, all its render reads besides the frame, so any thread can render it. */
export interface PageTask {
  kind: PageType;
  path: string;
  input: unknown;
}

function pageKind(task: Pick<PageTask, 'kind'>): AnyItemKind | ListingKind {
  const kind = kindOf.get(task.kind);
  if (!kind) throw new PageRenderError(`No kind of page is called "${task.kind}".`);
  return kind;
}

/** The module whose code renders a kind's pages. */
export const pageCode = (kind: PageType): string => pageKind({ kind }).code;

/** Every page kind's module. */
export const PAGE_CODE: readonly string[] = PAGE_KINDS.map((kind) => kind.code);

/** An item kind's tasks for these inputs, each at its page's path. */
const itemTasks = (kind: AnyItemKind, inputs: readonly unknown[]): PageTask[] =>
  inputs.map((input) => ({ kind: kind.type, path: kind.ref('', input).path, input }));

/** Every page of the model as a task, kind by kind in the registry's order, each in catalogue order;
 * the pages made from the whole catalogue are selected from `view`. */
export function pageTasks(frame: PageFrame, model: CatalogueModel, view: CatalogueView): PageTask[] {
  return PAGE_KINDS.flatMap((kind) => isItemKind(kind)
    ? itemTasks(kind, kind.inputs(model))
    : kind.tasks(frame, view).map(({ path, input }) => ({ kind: kind.type, path, input })));
}

/** A preview's drafts as tasks (site/drafts.ts). */
export function draftTasks(model: CatalogueModel): PageTask[] {
  return ITEM_KINDS.flatMap((kind) => itemTasks(kind, kind.drafts?.(model) ?? []));
}

/** `skills/mom-test`: which page, in words, for an error. */
export const taskName = (task: Pick<PageTask, 'path'>): string => task.path.slice(1) || 'index';

/** A page's HTML and Markdown twin, with a failure naming the page (the message survives the trip
 * from a worker). */
export function renderPageTask(frame: PageFrame, task: PageTask, bodies: Bodies): OutputFile[] {
  try {
    const kind = pageKind(task);
    if (!isItemKind(kind)) return kind.render(frame, task.input);
    const ref = kind.ref(frame.site.baseUrl, task.input);
    const page: unknown = kind.withBody(frame.site.baseUrl, task.input, bodies);
    return [
      { path: pageFileIn(frame.layout, ref.htmlFile), bytes: kind.html(frame, page) },
      { path: pageFileIn(frame.layout, ref.markdownFile), bytes: kind.twin(twinFrameOf(frame), page) },
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

/** Where an item page lives. */
export function itemRef(baseUrl: string, task: PageTask): PageRef {
  const kind = pageKind(task);
  if (!isItemKind(kind)) throw new PageRenderError(`${taskName(task)} is no item's page`);
  return kind.ref(baseUrl, task.input);
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
