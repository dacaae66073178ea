/** `/bundles/` and its twin; its JSON twin is `/catalog.json`, which lists the same bundles. */
import { bundleIndexRef } from './page-ref.ts';
import { h } from 'hastscript';
import type { Catalog } from '../../core/types.ts';
import { count } from '../render/format.ts';
import type { PageFrame } from './frame.ts';
import { indexIntro, indexPage } from '../html/index-layout.ts';
import { bundleCard, section } from '../html/parts.ts';
import { PRICES_NOTE } from '../../core/pricing.ts';
import { frontMatter, twinDocument } from '../markdown/document.ts';
import { heading, paragraph } from '../markdown/mdast.ts';
import { bundleList } from '../markdown/lists.ts';
import { indexTwinIntro } from '../markdown/index-intro.ts';
import { singlePageListing } from './kind.ts';
import { newestOf } from './newest.ts';

/** `/bundles/`: every bundle with its price. Made from the whole catalogue, with the overview. */
export function bundleIndexHtml(frame: PageFrame, catalog: Catalog): string {
  const page = bundleIndexRef(frame.site);
  return indexPage(frame, page, 'bundles', [
    indexIntro(page, `${catalog.pricing.rule} ${PRICES_NOTE}`),
    section('bundle-list', count(catalog.bundles.length, 'bundle'), [
      catalog.bundles.length > 0 ? h('ul.cards', catalog.bundles.map(bundleCard)) : h('p', 'No bundle is published yet.'),
    ]),
  ]);
}

/** The Markdown twin of `/bundles/`: the same list as the page. */
export function bundleIndexTwin(frame: PageFrame, catalog: Catalog): string {
  const page = bundleIndexRef(frame.site);
  return twinDocument(frontMatter(frame, page), [
    ...indexTwinIntro(frame, page, `${catalog.pricing.rule} ${PRICES_NOTE} JSON: `),
    heading(2, count(catalog.bundles.length, 'bundle')),
    catalog.bundles.length > 0 ? bundleList(catalog.bundles) : paragraph('No bundle is published yet.'),
  ]);
}

export const bundleIndexKind = singlePageListing('bundle-index', bundleIndexRef, bundleIndexHtml, bundleIndexTwin, (model) => newestOf(model, model.bundles));
