/** `/skills/` and its twin; its JSON twin is `/catalog.json`, which lists the same skills. */
import type { ListingKind } from '../../kind.ts';
import { newestOf } from '../../newest.ts';
import { skillIndexRef } from './ref.ts';
import { skillIndexHtml } from './page.ts';
import { skillIndexTwin } from './twin.ts';

export const skillIndexKind: ListingKind = {
  type: 'skill-index',
  *render(frame, { catalog }) {
    const page = skillIndexRef(frame.site);
    yield { path: page.htmlFile, bytes: skillIndexHtml(frame, catalog) };
    yield { path: page.markdownFile, bytes: skillIndexTwin(frame, catalog) };
  },
  pages: (model) => [{ ...skillIndexRef(model.site), lastModified: newestOf(model, model.skills) }],
};
