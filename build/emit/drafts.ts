/**
 * The drafts of a preview (build/deploy-context.ts): each draft skill and bundle gets its page,
 * Markdown twin and JSON twin at the address it will have once published, the page with a "Draft"
 * banner and `<meta name="robots" content="noindex">`, the twin with a note. Nothing else names
 * them: the catalogue, the cluster and index pages, the bundles, search, the sitemap, llms.txt and
 * llms-full.txt are the ones production would publish, so a preview shows both what will go live
 * and, beside it, each draft as it will look. Production has no drafts, so this writes nothing.
 *
 * Drafts are few and only in previews, so they are rendered here, in this thread and uncached,
 * through the same renderer as every page (pages/jobs.ts).
 */
import type { Bundle } from '../../core/types.ts';
import { jsonBytes } from '../../core/json.ts';
import type { CatalogueModel } from '../model.ts';
import { pageFrame } from './pages/frame.ts';
import { renderJobFiles } from './pages/jobs.ts';
import type { PageJob } from './pages/jobs.ts';
import { bundleRef, skillRef } from './pages/refs.ts';
import type { PageRef } from './pages/refs.ts';
import type { Emitter } from './types.ts';

export const emitDrafts: Emitter = (model) => {
  const { skills, bundles } = model.drafts;
  if (skills.length === 0 && bundles.length === 0) return [];
  const frame = pageFrame(model);
  // A draft skill's page lists the bundles whose pages list it: draft bundles (a published bundle
  // keeps production's members).
  const bundlesOf = (slug: string): Bundle[] => bundles.map((entry) => entry.bundle).filter((bundle) => bundle.skills.some((member) => member.slug === slug));
  const priceOf = new Map([...model.skills, ...skills].map(({ skill }) => [skill.slug, skill.price.amount_cents]));
  const jobs: PageJob[] = [
    ...skills.map(({ skill, body }): PageJob => ({ kind: 'skill', input: { skill, body, bundles: bundlesOf(skill.slug), draft: true } })),
    ...bundles.map(({ bundle, body }): PageJob => ({
      kind: 'bundle',
      input: { bundle, body, memberPrices: bundle.skills.map((member) => priceOf.get(member.slug)!), draft: true },
    })),
  ];
  return [
    ...jobs.flatMap((job) => renderJobFiles(frame, job)),
    ...skills.map(({ skill }) => ({ path: `skills/${skill.slug}.json`, bytes: jsonBytes(skill) })),
    ...bundles.map(({ bundle }) => ({ path: `bundles/${bundle.slug}.json`, bytes: jsonBytes(bundle) })),
  ];
};

/** The drafts' pages, for the header rules of their files (a preview's only). */
export function draftPages(model: CatalogueModel): PageRef[] {
  const base = model.site.baseUrl;
  return [...model.drafts.skills.map(({ skill }) => skillRef(base, skill)), ...model.drafts.bundles.map(({ bundle }) => bundleRef(base, bundle))];
}
