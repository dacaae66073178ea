/**
 * A kind of page (skill, bundle, cluster, guide…) is one module, `pages/kinds/<kind>/kind.ts`: it
 * knows which pages of its kind the model has, where each lives (its `ref.ts`), how to draw the
 * HTML page (`page.ts`) and the Markdown twin (`twin.ts`) from the same facts, and its JSON twin.
 * The registry (pages/registry.ts) lists the kinds; everything that goes over every page (the page
 * jobs, the sitemap, the header rules, the JSON twins, the drafts of a preview) goes over it, so a
 * new kind is its folder, a registry line and its tests.
 */
import type { Catalog } from '../../../core/types.ts';
import type { CatalogIndex } from '../../../core/query.ts';
import type { CatalogueModel } from '../../model.ts';
import type { OutputFile } from '../types.ts';
import type { PageFrame } from './frame.ts';
import type { DatedPage, DocRef, PageRef, PageType } from './page-ref.ts';
import type { SiteNames } from './page-ref.ts';

/**
 * A kind with one page per item (a skill, a bundle, a guide): each page is a job, rendered from
 * the frame and its input alone, so the cache keys it by the two and a render worker can take it.
 */
export interface ItemKind<Input> {
  readonly type: PageType;
  /** Every published item's input, in catalogue order. */
  inputs(model: CatalogueModel): Input[];
  /** A preview's drafts of this kind, built beside the published pages (build/deploy-context.ts). */
  drafts?(model: CatalogueModel): Input[];
  /** Where the item's page lives. */
  ref(baseUrl: string, input: Input): PageRef;
  /** The HTML page and its Markdown twin, from one parse of the item's body. */
  render(frame: PageFrame, input: Input): OutputFile[];
  /** Its pages with their last change, for the sitemap and the header rules. */
  pages(model: CatalogueModel): DatedPage[];
  /** The item's JSON twin, checked against its response schema as it is made (check-json.ts). */
  json?(model: CatalogueModel, input: Input): OutputFile;
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

/** A page's two files: the HTML page and its Markdown twin, where its ref says they live. */
export const pageFiles = (page: PageRef, html: string, twin: string): OutputFile[] => [
  { path: page.htmlFile, bytes: html },
  { path: page.markdownFile, bytes: twin },
];

/** A listing kind of one page drawn from the catalogue alone (the folders' index pages): where it
 * lives, its HTML and twin, and its last change. */
export function singlePageListing(
  type: PageType,
  refOf: (site: SiteNames) => PageRef,
  html: (frame: PageFrame, catalog: Catalog) => string,
  twin: (frame: PageFrame, catalog: Catalog) => string,
  lastModified: (model: CatalogueModel) => string,
): ListingKind {
  return {
    type,
    render: (frame, { catalog }) => pageFiles(refOf(frame.site), html(frame, catalog), twin(frame, catalog)),
    pages: (model) => [{ ...refOf(model.site), lastModified: lastModified(model) }],
  };
}
