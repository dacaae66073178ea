/**
 * The drafts of a preview (build/deploy-context.ts): each draft skill and bundle gets its page,
 * Markdown twin and JSON twin at the address it will have once published, the page with a "Draft"
 * banner and `<meta name="robots" content="noindex">`, the twin with a note. Nothing else names
 * them: the catalogue, the cluster and index pages, the bundles, search, the sitemap, llms.txt and
 * llms-full.txt are the ones production would publish, so a preview shows both what will go live
 * and, beside it, each draft as it will look. Production has no drafts, so this writes nothing.
 *
 * Drafts are few and only in previews, so they are rendered here, in this thread and uncached,
 * through the same renderer as every page (pages/registry.ts).
 */
import type { CatalogueModel } from '../model.ts';
import { pageFrame } from './pages/frame.ts';
import { draftJobs, jobJson, jobRef, renderJobFiles } from './pages/registry.ts';
import type { PageRef } from './pages/page-ref.ts';
import type { Emitter } from './types.ts';

export const emitDrafts: Emitter = (model) => {
  const jobs = draftJobs(model);
  if (jobs.length === 0) return [];
  const frame = pageFrame(model);
  return [...jobs.flatMap((job) => renderJobFiles(frame, job)), ...jobs.flatMap((job) => jobJson(model, job) ?? [])];
};

/** The drafts' pages, for the header rules of their files (a preview's only). */
export function draftPages(model: CatalogueModel): PageRef[] {
  return draftJobs(model).map((job) => jobRef(model.site.baseUrl, job));
}
