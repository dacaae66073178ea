/** The Markdown twin of `/bundles/`: the same list as the page. */
import type { Catalog } from '../../../../../core/types.ts';
import { count } from '../../../../render/format.ts';
import type { PageFrame } from '../../frame.ts';
import { frontMatter, twinDocument } from '../../../markdown/document.ts';
import { heading, paragraph } from '../../../markdown/mdast.ts';
import { bundleList } from '../../../markdown/lists.ts';
import { indexIntro } from '../../../markdown/index-intro.ts';
import { PRICES_NOTE } from '../../../../../core/pricing.ts';
import { bundleIndexRef } from './ref.ts';

export function bundleIndexTwin(frame: PageFrame, catalog: Catalog): string {
  const page = bundleIndexRef(frame.site);
  return twinDocument(frontMatter(frame, page), [
    ...indexIntro(frame, page, `${catalog.pricing.rule} ${PRICES_NOTE} JSON: `),
    heading(2, count(catalog.bundles.length, 'bundle')),
    catalog.bundles.length > 0 ? bundleList(catalog.bundles) : paragraph('No bundle is published yet.'),
  ]);
}
