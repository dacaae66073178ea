/** The overview, `/`, and its twin `/index.md`; its JSON twin is `/catalog.json` (emit/catalog.ts). */
import { pageFiles } from '../../kind.ts';
import type { ListingKind } from '../../kind.ts';
import { newestOf } from '../../newest.ts';
import { homeRef } from './ref.ts';
import { homeHtml } from './page.ts';
import { homeTwin } from './twin.ts';

export const homeKind: ListingKind = {
  type: 'catalog',
  render: (frame, { catalog }) => pageFiles(homeRef(frame.site), homeHtml(frame, catalog), homeTwin(frame, catalog)),
  // The overview changes whenever one of its items does.
  pages: (model) => [{ ...homeRef(model.site), lastModified: newestOf(model, [...model.skills, ...model.bundles]) }],
};
