/** `/bundles/` and its twin, over pages of LISTING_PAGE_SIZE bundles; its JSON twin is `/catalog.json`, which lists the same bundles. */
import { bundleIndexAt, bundleIndexRef } from './page-ref.ts';
import { h } from 'hastscript';
import type { Bundle } from '../../core/types.ts';
import { count } from '../render/format.ts';
import type { PageFrame } from './frame.ts';
import { indexIntro, indexPage } from '../html/index-layout.ts';
import { bundleCard, section } from '../html/parts.ts';
import { PRICES_NOTE } from '../../core/pricing.ts';
import { frontMatter, twinDocument } from '../markdown/document.ts';
import { heading, paragraph } from '../markdown/mdast.ts';
import { bundleList } from '../markdown/lists.ts';
import { indexTwinIntro } from '../markdown/index-intro.ts';
import { pagerBlocks } from '../markdown/pager.ts';
import { datedListingPages, listingPageOf, listingTasks, pageFiles } from './kind.ts';
import type { ListingKind } from './kind.ts';
import type { ListingPage, ListingSlice } from './pagination.ts';
import { newestOf } from './newest.ts';

/** A page of `/bundles/` as its task is handed it: the pricing rule, how many bundles, and its own. */
export interface BundleIndexInput extends ListingSlice<Bundle> {
  rule: string;
  bundleCount: number;
}

/** A page of `/bundles/`: its bundles with their prices. */
export function bundleIndexHtml(frame: PageFrame, { rule, bundleCount }: BundleIndexInput, page: ListingPage<Bundle>): string {
  return indexPage(frame, page.ref, 'bundles', [
    indexIntro(page.ref, `${rule} ${PRICES_NOTE}`),
    section('bundle-list', count(bundleCount, 'bundle'), [
      page.items.length > 0 ? h('ul.cards', page.items.map(bundleCard)) : h('p', 'No bundle is published yet.'),
    ]),
  ], page);
}

/** The Markdown twin of a page of `/bundles/`: the same list as the page. */
export function bundleIndexTwin(frame: PageFrame, { rule, bundleCount }: BundleIndexInput, page: ListingPage<Bundle>): string {
  return twinDocument(frontMatter(frame, page.ref), [
    ...indexTwinIntro(frame, page.ref, `${rule} ${PRICES_NOTE} JSON: `),
    heading(2, count(bundleCount, 'bundle')),
    page.items.length > 0 ? bundleList(page.items) : paragraph('No bundle is published yet.'),
    ...pagerBlocks(page),
  ]);
}

export const bundleIndexKind: ListingKind<BundleIndexInput> = {
  type: 'bundle-index',
  code: import.meta.url,
  tasks: (frame, { catalog }) =>
    listingTasks(frame.site.baseUrl, bundleIndexRef(frame.site), catalog.bundles, (slice) => ({ rule: catalog.pricing.rule, bundleCount: catalog.bundles.length, ...slice })),
  render(frame, input) {
    const page = listingPageOf(frame.site.baseUrl, bundleIndexRef(frame.site), input);
    return pageFiles(frame, page.ref, bundleIndexHtml(frame, input, page), bundleIndexTwin(frame, input, page));
  },
  pages: (model) => datedListingPages(model.site.baseUrl, bundleIndexAt(model.site.baseUrl), model.bundles.length, newestOf(model, model.bundles)),
};
