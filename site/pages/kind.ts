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
import { listingPageLocations, listingPages } from './pagination.ts';
import type { ListingPage } from './pagination.ts';
import type { BodyRenderOptions, RenderedBody } from '../render/markdown-body.ts';
import type { BodySource, CatalogueModel } from '../model.ts';

/**
 * How a page reads its item's body: the text a BodySource points at, and that text rendered. The
 * build supplies both (build/run/bodies.ts), since reading files and keeping rendered
 * bodies between builds are its work, not the pages'.
 */
export interface Bodies {
  text(source: BodySource): string;
  render(markdown: string, options: BodyRenderOptions): RenderedBody;
}

/** Where an item's body goes: into a section with an h2 ("About this skill") on the page and in the
 * twin alike, so its own headings start at h3. The pages and the content editor's preview use it. */
export const ITEM_BODY_HEADING = 3;

/** An item's body rendered for its page and twin; `footnotePrefix` keeps its footnote ids apart
 * from any other item's on a page. */
export const itemBody = (bodies: Bodies, source: BodySource, footnotePrefix: string): RenderedBody =>
  bodies.render(bodies.text(source), { topHeading: ITEM_BODY_HEADING, footnotePrefix });

/**
 * A kind with one page per item (a skill, a bundle, a guide): each page is a job, rendered from
 * the frame and its input alone, so the cache keys it by the two and a render worker can take it.
 * Its HTML page and its Markdown twin are drawn from the same input with its body rendered once;
 * the twin reads less of the frame (TwinFrame), so the cache keys it apart.
 */
export interface ItemKind<Input, Page = Input> {
  readonly type: PageType;
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

/** What the pages made from the whole catalogue read: the catalogue, its index and the prose pages. */
export interface CatalogueView {
  catalog: Catalog;
  index: CatalogIndex;
  docs: readonly DocRef[];
}

/** A kind whose pages are made from the whole catalogue (the overview, a folder's index, the clusters). */
export interface ListingKind {
  readonly type: PageType;
  render(frame: PageFrame, view: CatalogueView): Iterable<OutputFile>;
  pages(model: CatalogueModel): DatedPage[];
  /** Its JSON twins, checked against their response schema as they are made. */
  json?(model: CatalogueModel): OutputFile[];
}

/** A page's two files: the HTML page and its Markdown twin, where its ref and the frame's layout put them. */
export const pageFiles = (frame: Pick<PageFrame, 'layout'>, page: PageRef, html: string, twin: string): OutputFile[] => [
  { path: pageFileIn(frame.layout, page.htmlFile), bytes: html },
  { path: pageFileIn(frame.layout, page.markdownFile), bytes: twin },
];

/** A listing's pages (pagination.ts) as files, each page's HTML and twin made as it is yielded,
 * so no more than one page is held at once. */
export function* listingFiles<T>(
  frame: PageFrame,
  first: PageRef,
  items: readonly T[],
  html: (page: ListingPage<T>) => string,
  twin: (page: ListingPage<T>) => string,
): Generator<OutputFile> {
  for (const page of listingPages(frame.site.baseUrl, first, items)) yield* pageFiles(frame, page.ref, html(page), twin(page));
}

/** Every page of a listing of `items` items, each dated by the listing's last change: an item
 * added or removed moves every page after it. */
export const datedListingPages = (baseUrl: string, first: PageLocation, items: number, lastModified: string): DatedPage[] =>
  listingPageLocations(baseUrl, first, items).map((location) => ({ ...location, lastModified }));
