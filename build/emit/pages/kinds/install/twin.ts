/** The Markdown twin of an install page: the same steps (steps.ts), price and cart link. */
import type { Skill } from '../../../../../core/types.ts';
import { cartUrl } from '../../../../../core/url-template.ts';
import { frontMatter, twinDocument } from '../../../markdown/document.ts';
import { code, facts, heading, link, paragraph } from '../../../markdown/mdast.ts';
import type { Block } from '../../../markdown/mdast.ts';
import type { PageFrame } from '../../frame.ts';
import { installRef } from './ref.ts';
import { skillRef } from '../skill/ref.ts';
import { formatEuro } from '../../../../render/format.ts';
import { AGENT_SKILLS_URL, inline, SKILL_FILE, steps } from './steps.ts';
import type { Part } from './steps.ts';

export function installTwin(frame: PageFrame, skill: Skill): string {
  const page = installRef(frame.site.baseUrl, skill);
  const skillPage = skillRef(frame.site.baseUrl, skill);
  const cart = cartUrl(frame.site.shop, 'skill', skill.slug);
  const partOf = (part: Part): Block => (typeof part === 'string' ? paragraph(...inline<Parameters<typeof paragraph>[number]>(part, (value) => value, code)) : { type: 'code', lang: 'sh', value: part.sh });
  const blocks: Block[] = [
    heading(1, page.title),
    paragraph(
      'A skill is a folder with ', code(SKILL_FILE), ' inside, in the open ', link(AGENT_SKILLS_URL, 'Agent Skills'),
      ' format: put it where your agent looks for skills. ', link(skillPage.url, `What ${skill.title} does`), '.',
    ),
    facts([
      ['Price', `${formatEuro(skill.price.amount_cents)} (${skill.price.currency}, ${skill.price.tax})`],
      ...(cart ? [['Add to cart', link(cart, cart)] satisfies Parameters<typeof facts>[0][number]] : []),
    ]),
  ];
  for (const step of steps(frame, skill)) blocks.push(heading(2, step.heading), ...step.parts.map(partOf));
  return twinDocument(frontMatter(frame, page), blocks);
}
