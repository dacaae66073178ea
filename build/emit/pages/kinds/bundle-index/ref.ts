/** `/bundles/`: lists what `/catalog.json` lists, so that is its JSON twin. */
import { SECTION } from '../../../../../core/page-paths.ts';
import { CATALOG_FILE, publishedPath } from '../../../../../core/published-files.ts';
import { sectionIndexRef } from '../../page-ref.ts';
import type { PageRef, SiteNames } from '../../page-ref.ts';

export const bundleIndexRef = (site: SiteNames): PageRef =>
  sectionIndexRef(site.baseUrl, SECTION.bundle, 'bundle-index', {
    jsonPath: publishedPath(CATALOG_FILE),
    title: 'Bundles',
    description: `Every bundle in ${site.name}: the skills in each, its price and what it saves against buying them one by one.`,
  });
