/**
 * The drafts of a preview (build/deploy-context.ts): each draft skill and bundle gets its page,
 * Markdown twin and JSON twin at the address it will have once published, the page with a "Draft"
 * banner and `<meta name="robots" content="noindex">`, the twin with a note. Nothing else names
 * them: the catalogue, the cluster and index pages, the bundles, search, the sitemap, llms.txt and
 * llms-full.txt are the ones production would publish, so a preview shows both what will go live
 * and, beside it, each draft as it will look. Production has no drafts, so this makes nothing.
 *
 * Drafts are few and only in previews: the build renders them in its own thread and uncached
 * (build/emit/index.ts), through the same renderer as every page (pages/registry.ts).
 */
import type { PageFrame } from './pages/frame.ts';
import type { Bodies } from './pages/kind.ts';
import { draftTasks, itemJson, itemRefs, renderPageTask } from './pages/registry.ts';
import type { PageRef } from './pages/page-ref.ts';
import type { OutputFile } from './types.ts';
import type { CatalogueModel } from './model.ts';

export function draftFiles(model: CatalogueModel, frame: PageFrame, bodies: Bodies): OutputFile[] {
  const tasks = draftTasks(model);
  return [...tasks.flatMap((task) => renderPageTask(frame, task, bodies)), ...tasks.flatMap((task) => itemJson(model.site.baseUrl, task, bodies) ?? [])];
}

/** The drafts' pages, for the header rules of their files (a preview's only). */
export function draftPages(model: CatalogueModel): PageRef[] {
  return draftTasks(model).flatMap((task) => itemRefs(model.site.baseUrl, task));
}
