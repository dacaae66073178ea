/** Bundles: `/bundles/<slug>`, its Markdown twin and its JSON twin (the API's Bundle), one page job each. */
import { jsonBytes } from '../../../../../core/json.ts';
import type { BundleEntry, SkillEntry } from '../../../../model.ts';
import { pageFiles } from '../../kind.ts';
import type { ItemKind } from '../../kind.ts';
import type { BundlePageInput } from '../../inputs.ts';
import { itemBody } from '../../item-body.ts';
import { bundleRef } from './ref.ts';
import { bundleHtml } from './page.ts';
import { bundleTwin } from './twin.ts';

/** Each bundle with its members' own prices, which its page compares. */
function inputsOf(bundles: readonly BundleEntry[], skills: readonly SkillEntry[], draft: boolean): BundlePageInput[] {
  const priceOf = new Map(skills.map(({ skill }) => [skill.slug, skill.price.amount_cents]));
  return bundles.map(({ bundle, body }) => ({ bundle, body, memberPrices: bundle.skills.map((member) => priceOf.get(member.slug)!), ...(draft ? { draft } : {}) }));
}

export const bundleKind: ItemKind<BundlePageInput> = {
  type: 'bundle',
  inLlmsFull: true,
  inputs: (model) => inputsOf(model.bundles, model.skills, false),
  drafts: (model) => inputsOf(model.drafts.bundles, [...model.skills, ...model.drafts.skills], true),
  ref: (baseUrl, input) => bundleRef(baseUrl, input.bundle),
  render(frame, input) {
    const rendered = { ...input, body: itemBody(input.body, `${input.bundle.slug}-bundle`) };
    return pageFiles(bundleRef(frame.site.baseUrl, input.bundle), bundleHtml(frame, rendered), bundleTwin(frame, rendered));
  },
  pages: (model) => model.bundles.map((entry) => ({ ...bundleRef(model.site.baseUrl, entry.bundle), lastModified: entry.lastModified })),
  json: (model, input) => ({ path: bundleRef(model.site.baseUrl, input.bundle).jsonPath.slice(1), bytes: jsonBytes(input.bundle) }),
};
