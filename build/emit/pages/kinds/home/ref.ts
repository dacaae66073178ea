/** `/`: the overview of the whole catalogue; its JSON twin is `/catalog.json`. */
import { CATALOG_FILE, publishedPath } from '../../../../../core/published-files.ts';
import { pageRef } from '../../page-ref.ts';
import type { PageRef } from '../../page-ref.ts';

export const homeRef = (site: { baseUrl: string; name: string; description: string }): PageRef =>
  pageRef(site.baseUrl, 'catalog', null, { jsonPath: publishedPath(CATALOG_FILE), title: site.name, description: site.description });
