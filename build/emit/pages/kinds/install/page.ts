/** `/install/<slug>`: the install page of a skill, its steps (steps.ts) beside the price and cart. */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { Skill } from '../../../../../core/types.ts';
import { cartUrl } from '../../../../../core/url-template.ts';
import { renderPage } from '../../../html/layout.ts';
import { clusterPath, kindLabel, price, section } from '../../../html/parts.ts';
import type { PageFrame } from '../../frame.ts';
import { installRef } from './ref.ts';
import { skillRef } from '../skill/ref.ts';
import { AGENT_SKILLS_URL, inline, SKILL_FILE, steps } from './steps.ts';
import type { Part } from './steps.ts';

/** Search results cut a title past about 70 characters (html-validate's long-title rule says so
 * too), and "Install " already makes this one longer than its skill's: past it, the shop's name is left out. */
const TITLE_LIMIT = 70;
const documentTitle = (title: string, siteName: string): string => {
  const full = `${title} · ${siteName}`;
  return full.length <= TITLE_LIMIT ? full : title;
};

export function installHtml(frame: PageFrame, skill: Skill): string {
  const page = installRef(frame.site.baseUrl, skill);
  const skillPage = skillRef(frame.site.baseUrl, skill);
  const cart = cartUrl(frame.site.shop, 'skill', skill.slug);
  const partOf = (part: Part): Element =>
    typeof part === 'string'
      ? h('p', inline<Element | string>(part, (value) => value, (value) => h('code', value)))
      : h('pre', h('code', { className: ['language-sh'] }, part.sh));
  const first = skill.clusters[0];
  return renderPage(frame, {
    page,
    title: documentTitle(page.title, frame.site.name),
    description: page.description,
    breadcrumbs: [
      { label: 'Catalogue', href: '/' },
      { label: first.label, href: clusterPath(first.id) },
      { label: skill.title, href: skillPage.path },
      { label: 'Install' },
    ],
    content: [
      h('header.intro', [
        h('p.eyebrow', kindLabel(skill)),
        h('h1', page.title),
        h('p.lead', [
          'A skill is a folder with ', h('code', SKILL_FILE), ' inside, in the open ', h('a', { href: AGENT_SKILLS_URL, rel: 'external' }, 'Agent Skills'),
          ' format: put it where your agent looks for skills. ', h('a', { href: skillPage.path }, `What ${skill.title} does`), '.',
        ]),
      ]),
      h('div.item', [
        h('aside.buy', { ariaLabelledBy: 'buy-heading' }, [
          h('h2#buy-heading', 'Price'),
          price(skill.price.amount_cents),
          h('p.tax', `${skill.price.tax} (${skill.price.currency})`),
          cart ? h('div.actions', [h('a.button', { href: cart }, 'Add to cart')]) : null,
        ]),
        h('div.item-main', steps(frame, skill).map((step) => section(step.id, step.heading, step.parts.map(partOf)))),
      ]),
    ],
  });
}
