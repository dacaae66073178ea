/** `/bundles/`: every bundle with its price. Made from the whole catalogue, with the overview. */
import { h } from 'hastscript';
import type { Catalog } from '../../../../../core/types.ts';
import { count } from '../../../../render/format.ts';
import type { PageFrame } from '../../frame.ts';
import { indexIntro, indexPage } from '../../../html/index-layout.ts';
import { bundleCard, section } from '../../../html/parts.ts';
import { PRICES_NOTE } from '../../../../../core/pricing.ts';
import { bundleIndexRef } from './ref.ts';

export function bundleIndexHtml(frame: PageFrame, catalog: Catalog): string {
  const page = bundleIndexRef(frame.site);
  return indexPage(frame, page, 'bundles', [
    indexIntro(page, `${catalog.pricing.rule} ${PRICES_NOTE}`),
    section('bundle-list', count(catalog.bundles.length, 'bundle'), [
      catalog.bundles.length > 0 ? h('ul.cards', catalog.bundles.map(bundleCard)) : h('p', 'No bundle is published yet.'),
    ]),
  ]);
}
