/** `/bundles/` and its twin; its JSON twin is `/catalog.json`, which lists the same bundles. */
import type { ListingKind } from '../../kind.ts';
import { newestOf } from '../../newest.ts';
import { bundleIndexRef } from './ref.ts';
import { bundleIndexHtml } from './page.ts';
import { bundleIndexTwin } from './twin.ts';

export const bundleIndexKind: ListingKind = {
  type: 'bundle-index',
  *render(frame, { catalog }) {
    const page = bundleIndexRef(frame.site);
    yield { path: page.htmlFile, bytes: bundleIndexHtml(frame, catalog) };
    yield { path: page.markdownFile, bytes: bundleIndexTwin(frame, catalog) };
  },
  pages: (model) => [{ ...bundleIndexRef(model.site), lastModified: newestOf(model, model.bundles) }],
};
