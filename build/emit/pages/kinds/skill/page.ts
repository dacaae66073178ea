/** `/skills/<slug>`: every fact of the skill's JSON twin, its bundles and the editor's text. */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { Skill } from '../../../../../core/types.ts';
import { count } from '../../../../render/format.ts';
import type { PageFrame } from '../../frame.ts';
import type { SkillPage } from '../../inputs.ts';
import { installRef } from '../install/ref.ts';
import { skillRef } from './ref.ts';
import { cartUrl } from '../../../../../core/url-template.ts';
import { bodyHtml, renderPage } from '../../../html/layout.ts';
import { draftBanner } from '../../../html/draft-banner.ts';
import { skillProduct } from '../../../html/structured-data.ts';
import { bundleCard, clusterList, clusterPath, kindLabel, price, section } from '../../../html/parts.ts';

export function skillHtml(frame: PageFrame, { skill, body, bundles, draft = false }: SkillPage): string {
  const page = skillRef(frame.site.baseUrl, skill);
  const first = skill.clusters[0];
  const facts: [string, string][] = [];
  if (skill.problem) facts.push(['Problem', skill.problem]);
  if (skill.outcome) facts.push(['Outcome', skill.outcome]);

  const content: Array<Element | null> = [
    draft ? draftBanner() : null,
    h('header.intro', [
      h('p.eyebrow', kindLabel(skill)),
      h('h1', skill.title),
      h('p.byline', `by ${skill.author}`),
      skill.summary ? h('p.lead', skill.summary) : null,
    ]),
    // The price and its buttons come first: on a phone the columns stack, and a shopper should not
    // scroll past the whole description to find them. From 62rem the CSS puts them in the side column.
    h('div.item', [
      buyBox(frame, skill),
      h('div.item-main', [
        facts.length > 0 ? section('problem', 'Problem and outcome', [h('dl.facts', facts.flatMap(([term, text]) => [h('dt', term), h('dd', text)]))]) : null,
        section('commands', 'Commands', commands(skill.commands)),
        h('div.columns', [
          section('you-get', 'You get', [h('ul.checks', skill.you_get.map((line) => h('li', line)))]),
          section('wont-do', 'Won’t do', [h('ul.crosses', skill.wont_do.map((line) => h('li', line)))]),
        ]),
        skill.source ? section('source', 'Source book', [sourceFacts(skill.source)]) : null,
        body.empty ? null : section('about', 'About this skill', [h('div.prose', bodyHtml(body))]),
        section('clusters', 'Clusters', [clusterList(skill.clusters)]),
        bundles.length > 0
          ? section('bundles', 'In bundles', [
              h('p', 'Buy it with related skills: in a bundle every third skill is free.'),
              h('ul.cards', bundles.map(bundleCard)),
            ])
          : null,
      ]),
    ]),
  ];
  return renderPage(frame, {
    page,
    title: `${skill.title} · ${frame.site.name}`,
    description: page.description,
    breadcrumbs: [{ label: 'Catalogue', href: '/' }, { label: first.label, href: clusterPath(first.id) }, { label: skill.title }],
    content,
    structuredData: [skillProduct(skill, page.url, page.description)],
    noindex: draft,
  });
}

function commands(list: readonly string[]): Array<Element | null> {
  if (list.length === 0) return [h('p', 'None: this skill adds no slash commands; the agent reads it when the work calls for it.')];
  return [
    h('p', `${count(list.length, 'slash command')} for your agent:`),
    h('ul.commands', list.map((command) => h('li', h('code', command)))),
  ];
}

function sourceFacts(source: NonNullable<Skill['source']>): Element {
  const rows: [string, Element | string][] = [
    ['Book', source.buy_url ? h('a', { href: source.buy_url, rel: 'external' }, source.buy_label) : source.buy_label],
    ['Year', String(source.year)],
  ];
  if (source.edition) rows.push(['Edition', source.edition]);
  if (source.isbn) rows.push(['ISBN', source.isbn]);
  return h('dl.facts', rows.flatMap(([term, value]) => [h('dt', term), h('dd', value)]));
}

function buyBox(frame: PageFrame, skill: Skill): Element {
  const cart = cartUrl(frame.site.shop, 'skill', skill.slug);
  return h('aside.buy', { ariaLabelledBy: 'buy-heading' }, [
    h('h2#buy-heading', 'Price'),
    price(skill.price.amount_cents),
    h('p.tax', `${skill.price.tax} (${skill.price.currency})`),
    h('div.actions', [
      // No shop, no cart button: the API's cart_url is then this very page.
      cart ? h('a.button', { href: cart }, 'Add to cart') : null,
      h(cart ? 'a.button.secondary' : 'a.button', { href: installRef(frame.site.baseUrl, skill).path }, 'Install'),
    ]),
    h('dl.facts', [
      h('dt', 'Kind'), h('dd', skill.kind === 'command' ? 'Command' : 'Reference'),
      h('dt', 'Commands'), h('dd', String(skill.command_count)),
      h('dt', 'Author'), h('dd', skill.author),
    ]),
  ]);
}
