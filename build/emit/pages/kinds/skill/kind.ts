/** Skills: `/skills/<slug>`, its Markdown twin and its JSON twin (the API's Skill), one page job each. */
import type { Bundle } from '../../../../../core/types.ts';
import { jsonBytes } from '../../../../../core/json.ts';
import type { CatalogueModel, SkillEntry } from '../../../../model.ts';
import { pageFiles } from '../../kind.ts';
import type { ItemKind } from '../../kind.ts';
import type { SkillPageInput } from '../../inputs.ts';
import { itemBody } from '../../item-body.ts';
import { skillRef } from './ref.ts';
import { skillHtml } from './page.ts';
import { skillTwin } from './twin.ts';

/** Each skill with the bundles whose pages list it, in catalogue order. */
function inputsOf(skills: readonly SkillEntry[], bundles: readonly Bundle[], draft: boolean): SkillPageInput[] {
  const bundlesOf = new Map<string, Bundle[]>();
  for (const bundle of bundles) {
    for (const member of bundle.skills) bundlesOf.set(member.slug, [...(bundlesOf.get(member.slug) ?? []), bundle]);
  }
  return skills.map(({ skill, body }) => ({ skill, body, bundles: bundlesOf.get(skill.slug) ?? [], ...(draft ? { draft } : {}) }));
}

export const skillKind: ItemKind<SkillPageInput> = {
  type: 'skill',
  inLlmsFull: true,
  inputs: (model) => inputsOf(model.skills, model.bundles.map((entry) => entry.bundle), false),
  // A draft skill's page lists the bundles whose pages list it: draft bundles (a published bundle
  // keeps production's members).
  drafts: (model) => inputsOf(model.drafts.skills, model.drafts.bundles.map((entry) => entry.bundle), true),
  ref: (baseUrl, input) => skillRef(baseUrl, input.skill),
  render(frame, input) {
    const rendered = { ...input, body: itemBody(input.body, `${input.skill.slug}-skill`) };
    return pageFiles(skillRef(frame.site.baseUrl, input.skill), skillHtml(frame, rendered), skillTwin(frame, rendered));
  },
  pages: (model: CatalogueModel) => model.skills.map((entry) => ({ ...skillRef(model.site.baseUrl, entry.skill), lastModified: entry.lastModified })),
  json: (model, input) => ({ path: skillRef(model.site.baseUrl, input.skill).jsonPath.slice(1), bytes: jsonBytes(input.skill) }),
};
