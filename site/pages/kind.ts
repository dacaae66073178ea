/**
 * A kind of page (skill, bundle, cluster, guide…) is one module, `site/pages/<kind>.ts`: it knows
 * which pages of its kind the model has, where each lives (its ref), how to draw the HTML page and
 * the Markdown twin from the same facts, and its JSON twin. The registry (registry.ts) lists the
 * kinds; everything that goes over every page (the page jobs, the sitemap, the header rules, the
 * JSON twins, the drafts of a preview) goes over it, so a new kind is its module, a registry line
 * and its tests.
 */
import type { Catalog } from '../../core/types.ts';
import { pageFileIn } from '../../core/page-paths.ts';
import type { CatalogIndex } from '../../core/query.ts';
import type { OutputFile } from '../types.ts';
import type { PageFrame, TwinFrame } from './frame.ts';
import type { DatedPage, DocRef, PageLocation, PageRef, PageType } from './page-ref.ts';
import { listingPage, listingPageLocations, listingPageRef, listingSlices } from './pagination.ts';
import type { ListingPage, ListingSlice } from './pagination.ts';
import type { BodyRenderOptions, RenderedBody } from '../render/markdown-body.ts';
import type { BodySource, CatalogueModel } from '../model.ts';

/**
 * How a page reads its item's body: the text a BodySource points at, and a text rendered (the
 * body's own, or made from it: a prose page's with its addresses filled in). The build supplies
 * both (build/run/bodies.ts), since reading files and keeping rendered bodies between builds are
 * its work, not the pages'.
 */
export interface Bodies {
  text(source: BodySource): string;
  render(source: BodySource, markdown: string, options: BodyRenderOptions): RenderedBody;
}

/** Where an item's body goes: into a section with an h2 ("About this skill") on the page and in the
 * twin alike, so its own headings start at h3. The pages and the content editor's preview use it. */
export const ITEM_BODY_HEADING = 3;

/** An item's body rendered for its page and twin; `footnotePrefix` keeps its footnote ids apart
 * from any other item's on a page. */
export const itemBody = (bodies: Bodies, source: BodySource, footnotePrefix: string): RenderedBody =>
  bodies.render(source, bodies.text(source), { topHeading: ITEM_BODY_HEADING, footnotePrefix });

/**
 * A kind with one page per item (a skill, a bundle, a guide): each item is a task, rendered from
 * the frame and its input alone, so its key is the two and any thread can render it. Its HTML
 * page, its Markdown twin and its JSON twin are drawn from the same input with its body rendered
 * once, and so are its subpages (SubpageKind).
 */
export interface ItemKind<Input, Page = Input> {
  readonly type: PageType;
  /** Its module (`import.meta.url`): the code its pages are rendered by. */
  readonly code: string;
  /** Every published item's input, in catalogue order. */
  inputs(model: CatalogueModel): Input[];
  /** A preview's drafts of this kind, built beside the published pages (build/deploy-context.ts). */
  drafts?(model: CatalogueModel): Input[];
  /** Where the item's page lives. */
  ref(baseUrl: string, input: Input): PageRef;
  /** The input with its body rendered (one parse for the page and the twin). */
  withBody(baseUrl: string, input: Input, bodies: Bodies): Page;
  /** The HTML page. */
  html(frame: PageFrame, page: Page): string;
  /** The Markdown twin. */
  twin(frame: TwinFrame, page: Page): string;
  /** Its pages with their last change, for the sitemap and the header rules. */
  pages(model: CatalogueModel): DatedPage[];
  /** The item's JSON twin, from the site's address and its input alone, checked against its
   * response schema as it is made (check-json.ts). */
  json?(baseUrl: string, input: Input, bodies: Bodies): OutputFile;
  /** Whether llms-full.txt joins the twins of this kind. */
  readonly inLlmsFull: boolean;
}

/**
 * A page each item of another kind also has (a skill's install page): made in that item's task,
 * from its input, so all of an item's pages are one task under one key. It reads no body.
 */
export interface SubpageKind<Input> {
  readonly type: PageType;
  /** Its module (`import.meta.url`): the code its pages are rendered by. */
  readonly code: string;
  /** The kind whose task makes it. */
  readonly madeWith: ItemKind<Input, any>;
  ref(baseUrl: string, input: Input): PageRef;
  html(frame: PageFrame, input: Input): string;
  twin(frame: TwinFrame, input: Input): string;
  pages(model: CatalogueModel): DatedPage[];
}

/** What the pages made from the whole catalogue select from: the catalogue, its index and the prose pages. */
export interface CatalogueView {
  catalog: Catalog;
  index: CatalogIndex;
  docs: readonly DocRef[];
}

/** One page of a kind made from the whole catalogue: where it answers (its path, which names it
 * among the build's tasks) and all its render reads besides the frame, as plain data. */
export interface ListingPageTask<Input> {
  path: string;
  input: Input;
}

/**
 * A kind whose pages are made from the whole catalogue (the overview, a folder's index, the
 * clusters): each of its pages is selected from the catalogue as a small input of its own (the
 * items it lists and its place in the listing), so a page is rendered again only when what it
 * shows changed, on any thread.
 */
export interface ListingKind<Input = any> {
  readonly type: PageType;
  /** Its module (`import.meta.url`): the code its pages are rendered by. */
  readonly code: string;
  /** Each of its pages with its input, in order. */
  tasks(frame: PageFrame, view: CatalogueView): ListingPageTask<Input>[];
  /** One page's HTML and Markdown twin. */
  render(frame: PageFrame, input: Input): OutputFile[];
  pages(model: CatalogueModel): DatedPage[];
  /** Its JSON twins, checked against their response schema as they are made. */
  json?(model: ListingModel): OutputFile[];
}

/** What the listings' JSON twins read of the model. */
export type ListingModel = Pick<CatalogueModel, 'site' | 'clusters' | 'catalogFile' | 'index' | 'layout'>;

/** A page's two files: the HTML page and its Markdown twin, where its ref and the frame's layout put them. */
export const pageFiles = (frame: Pick<PageFrame, 'layout'>, page: PageRef, html: string, twin: string): OutputFile[] => [
  { path: pageFileIn(frame.layout, page.htmlFile), bytes: html },
  { path: pageFileIn(frame.layout, page.markdownFile), bytes: twin },
];

/** The tasks of a listing of `items`: one per page, its input made by `input` from its slice. */
export function listingTasks<T, Input>(baseUrl: string, first: PageRef, items: readonly T[], input: (slice: ListingSlice<T>) => Input): ListingPageTask<Input>[] {
  return listingSlices(items).map((slice) => ({ path: listingPageRef(baseUrl, first, slice.number, slice.count).path, input: input(slice) }));
}

/** A page of a listing as its render reads it, from its slice and the listing's first page. */
export const listingPageOf = <T>(baseUrl: string, first: PageRef, { number, count, items }: ListingSlice<T>): ListingPage<T> => listingPage(baseUrl, first, number, count, items);

/** Every page of a listing of `items` items, each dated by the listing's last change: an item
 * added or removed moves every page after it. */
export const datedListingPages = (baseUrl: string, first: PageLocation, items: number, lastModified: string): DatedPage[] =>
  listingPageLocations(baseUrl, first, items).map((location) => ({ ...location, lastModified }));
