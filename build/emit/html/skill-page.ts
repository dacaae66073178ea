/** `/skills/<slug>`: every fact of the skill's JSON twin, its bundles and the editor's text. */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { Skill } from '../../../core/types.ts';
import { count } from '../../render/format.ts';
import type { PageFrame } from '../pages/frame.ts';
import type { SkillPage } from '../pages/inputs.ts';
import { skillRef } from '../pages/refs.ts';
import { bodyHtml, renderPage } from './layout.ts';
import { skillProduct } from './structured-data.ts';
import { bundleCard, clusterList, clusterPath, kindLabel, price, section } from './parts.ts';

export function skillHtml(frame: PageFrame, { skill, body, bundles }: SkillPage): string {
  const page = skillRef(frame.site.baseUrl, skill);
  const first = skill.clusters[0];
  const facts: [string, string][] = [];
  if (skill.problem) facts.push(['Problem', skill.problem]);
  if (skill.outcome) facts.push(['Outcome', skill.outcome]);

  const content: Array<Element | null> = [
    h('header.intro', [
      h('p.eyebrow', kindLabel(skill)),
      h('h1', skill.title),
      h('p.byline', `by ${skill.author}`),
      skill.summary ? h('p.lead', skill.summary) : null,
    ]),
    // The price and its buttons come first: on a phone the columns stack, and a shopper should not
    // scroll past the whole description to find them. From 62rem the CSS puts them in the side column.
    h('div.item', [
      buyBox(skill),
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

function buyBox(skill: Skill): Element {
  return h('aside.buy', { ariaLabelledBy: 'buy-heading' }, [
    h('h2#buy-heading', 'Price'),
    price(skill.price.amount_cents),
    h('p.tax', `${skill.price.tax} (${skill.price.currency})`),
    h('div.actions', [
      h('a.button', { href: skill.cart_url }, 'Add to cart'),
      h('a.button.secondary', { href: skill.install_url }, 'Install'),
    ]),
    h('dl.facts', [
      h('dt', 'Kind'), h('dd', skill.kind === 'command' ? 'Command' : 'Reference'),
      h('dt', 'Commands'), h('dd', String(skill.command_count)),
      h('dt', 'Author'), h('dd', skill.author),
    ]),
  ]);
}
