/** `/skills/`: lists what `/catalog.json` lists, so that is its JSON twin. */
import { SECTION } from '../../../../../core/page-paths.ts';
import { CATALOG_FILE, publishedPath } from '../../../../../core/published-files.ts';
import { sectionIndexRef } from '../../page-ref.ts';
import type { PageRef, SiteNames } from '../../page-ref.ts';

export const skillIndexRef = (site: SiteNames): PageRef =>
  sectionIndexRef(site.baseUrl, SECTION.skill, 'skill-index', {
    jsonPath: publishedPath(CATALOG_FILE),
    title: 'Skills',
    description: `Every skill in ${site.name}, by job cluster: what each one does, who wrote it and what it costs.`,
  });
