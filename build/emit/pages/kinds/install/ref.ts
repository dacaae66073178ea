/** `/install/<slug>`, a skill's install page: its JSON twin is the skill's, which holds every fact it shows. */
import type { Skill } from '../../../../../core/types.ts';
import { pageName, SECTION } from '../../../../../core/page-paths.ts';
import { pageRef } from '../../page-ref.ts';
import type { PageRef } from '../../page-ref.ts';
import { skillRef } from '../skill/ref.ts';

export const installRef = (baseUrl: string, skill: Skill): PageRef =>
  pageRef(baseUrl, 'install', pageName(SECTION.install, skill.slug), {
    jsonPath: skillRef(baseUrl, skill).jsonPath,
    title: `Install ${skill.title}`,
    description: `How to add ${skill.title} by ${skill.author} to your AI coding agent: where its folder goes, and how to check it is there.`,
  });
