/** Install pages: `/install/<slug>` and its Markdown twin for each skill. Its JSON twin is the skill's. */
import type { Skill } from '../../../../../core/types.ts';
import { pageFiles } from '../../kind.ts';
import type { ItemKind } from '../../kind.ts';
import { installRef } from './ref.ts';
import { installHtml } from './page.ts';
import { installTwin } from './twin.ts';

export interface InstallPageInput {
  skill: Skill;
}

export const installKind: ItemKind<InstallPageInput> = {
  type: 'install',
  inLlmsFull: false,
  inputs: (model) => model.skills.map(({ skill }) => ({ skill })),
  drafts: (model) => model.drafts.skills.map(({ skill }) => ({ skill })),
  ref: (baseUrl, input) => installRef(baseUrl, input.skill),
  render(frame, { skill }) {
    return pageFiles(installRef(frame.site.baseUrl, skill), installHtml(frame, skill), installTwin(frame, skill));
  },
  pages: (model) => model.skills.map((entry) => ({ ...installRef(model.site.baseUrl, entry.skill), lastModified: entry.lastModified })),
};
