/** `/skills/<slug>`, a skill's page, with its twins `.md` and `.json`. */
import type { Skill } from '../../../../../core/types.ts';
import { jsonTwinFile, pageName, SECTION } from '../../../../../core/page-paths.ts';
import { pageRef } from '../../page-ref.ts';
import type { PageRef } from '../../page-ref.ts';

export const skillRef = (baseUrl: string, skill: Skill): PageRef =>
  pageRef(baseUrl, 'skill', pageName(SECTION.skill, skill.slug), {
    jsonPath: `/${jsonTwinFile(SECTION.skill, skill.slug)}`,
    title: skill.title,
    description: skill.summary ?? skill.problem ?? skill.outcome ?? `${skill.title}, a skill by ${skill.author}.`,
  });
