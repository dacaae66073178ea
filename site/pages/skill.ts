/** Skills: `/skills/<slug>`, its Markdown twin and its JSON twin (the API's Skill), one page job each. */
import type { Skill, Bundle } from '../../core/types.ts';
import { jsonTwinFile, pageName, SECTION } from '../../core/page-paths.ts';
import { pageRef } from './page-ref.ts';
import type { PageRef } from './page-ref.ts';
import { h } from 'hastscript';
import type { Element } from 'hast';
import { count, formatEuro } from '../render/format.ts';
import type { PageFrame, TwinFrame } from './frame.ts';
import type { SkillPage, SkillPageInput } from './inputs.ts';
import { cartUrl } from '../../core/url-template.ts';
import { bodyHtml, renderPage } from '../html/layout.ts';
import { draftBanner } from '../html/draft-banner.ts';
import { skillProduct } from '../html/structured-data.ts';
import { bundleCard, clusterList, clusterPath, kindLabel, price, section } from '../html/parts.ts';
import { clusterRef } from './cluster.ts';
import { frontMatter, twinDocument } from '../markdown/document.ts';
import { code, facts, heading, joined, link, list, paragraph, draftNote } from '../markdown/mdast.ts';
import type { Block } from '../markdown/mdast.ts';
import { DRAFT_LABEL, DRAFT_NOTE } from '../draft-note.ts';
import { jsonBytes } from '../../core/json.ts';
import { cardImage, cardOfSkill } from '../../core/card.ts';
import { itemBody } from './kind.ts';
import type { ItemKind } from './kind.ts';
import type { CatalogueModel, SkillEntry } from '../model.ts';

/** `/skills/<slug>`, a skill's page, with its twins `.md` and `.json`. */
export const skillRef = (baseUrl: string, skill: Skill): PageRef =>
  pageRef(baseUrl, 'skill', pageName(SECTION.skill, skill.slug), {
    jsonPath: `/${jsonTwinFile(SECTION.skill, skill.slug)}`,
    title: skill.title,
    description: skill.summary ?? skill.problem ?? skill.outcome ?? `${skill.title}, a skill by ${skill.author}.`,
  });

/** `/install/<slug>`, a skill's install page (install.ts draws it; its address is here, since the
 * skill's page links it): its JSON twin is the skill's, which holds every fact it shows. */
export const installRef = (baseUrl: string, skill: Skill): PageRef =>
  pageRef(baseUrl, 'install', pageName(SECTION.install, skill.slug), {
    jsonPath: skillRef(baseUrl, skill).jsonPath,
    title: `Install ${skill.title}`,
    description: `How to add ${skill.title} by ${skill.author} to your AI coding agent: where its folder goes, and how to check it is there.`,
  });

/** `/skills/<slug>`: every fact of the skill's JSON twin, its bundles and the editor's text. */
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
  // A draft is in no catalog.json, so the card function has no card for it.
  const card = draft ? undefined : cardImage(frame.site.baseUrl, cardOfSkill(frame.site.name, skill));
  return renderPage(frame, {
    page,
    title: `${skill.title} · ${frame.site.name}`,
    description: page.description,
    breadcrumbs: [{ label: 'Catalogue', href: '/' }, { label: first.label, href: clusterPath(first.id) }, { label: skill.title }],
    content,
    card,
    structuredData: [skillProduct(skill, page.url, page.description, card?.url)],
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

/** The Markdown twin of a skill page: the same facts, in the same order, as `/skills/<slug>`. */
export function skillTwin(frame: TwinFrame, { skill, body, bundles, draft = false }: SkillPage): string {
  const page = skillRef(frame.site.baseUrl, skill);
  const blocks: Block[] = [heading(1, skill.title)];
  if (draft) blocks.push(draftNote(DRAFT_LABEL, DRAFT_NOTE));
  if (skill.summary) blocks.push(paragraph(skill.summary));
  blocks.push(facts([
    ['Author', skill.author],
    ['Price', `${formatEuro(skill.price.amount_cents)} (${skill.price.currency}, ${skill.price.tax})`],
    ['Kind', skill.kind === 'command' ? `command (exposes ${count(skill.command_count, 'slash command')})` : 'reference (read by the agent)'],
    ['Clusters', ...joined(skill.clusters.map((cluster) => link(clusterRef(frame.site.baseUrl, cluster).url, cluster.label)))],
    ...(skill.problem ? [['Problem', skill.problem] as [string, string]] : []),
    ...(skill.outcome ? [['Outcome', skill.outcome] as [string, string]] : []),
  ]));
  blocks.push(heading(2, 'Commands'));
  blocks.push(skill.commands.length > 0 ? list(skill.commands.map((command) => [code(command)])) : paragraph('None: this skill adds no slash commands; the agent reads it when the work calls for it.'));
  blocks.push(heading(2, 'You get'), list(skill.you_get.map((line) => [line])));
  blocks.push(heading(2, 'Won’t do'), list(skill.wont_do.map((line) => [line])));
  if (skill.source) {
    const { source } = skill;
    blocks.push(heading(2, 'Source book'), facts([
      ['Book', source.buy_url ? link(source.buy_url, source.buy_label) : source.buy_label],
      ['Year', String(source.year)],
      ...(source.edition ? [['Edition', source.edition] as [string, string]] : []),
      ...(source.isbn ? [['ISBN', source.isbn] as [string, string]] : []),
    ]));
  }
  // No shop, no cart link: the API's cart_url is then this very page.
  const cart = cartUrl(frame.site.shop, 'skill', skill.slug);
  blocks.push(heading(2, cart ? 'Buy and install' : 'Install'), facts([
    ...(cart ? [['Add to cart', link(cart, cart)] satisfies Parameters<typeof facts>[0][number]] : []),
    ['Install', link(skill.install_url, skill.install_url)],
    ['JSON', link(skill.json_url, skill.json_url)],
  ]));
  if (bundles.length > 0) {
    blocks.push(heading(2, 'In bundles'), list(bundles.map((bundle) => [
      link(bundle.url, bundle.title), `: ${formatEuro(bundle.price.amount_cents)} for ${count(bundle.price.skill_count, 'skill')} (list ${formatEuro(bundle.price.list_cents)})`,
    ])));
  }
  if (!body.empty) blocks.push(heading(2, 'About this skill'));
  return twinDocument(frontMatter(frame, page), blocks, body);
}

/** Each skill with the bundles whose pages list it, in catalogue order. */
function inputsOf(skills: readonly SkillEntry[], bundles: readonly Bundle[], draft: boolean): SkillPageInput[] {
  const bundlesOf = new Map<string, Bundle[]>();
  for (const bundle of bundles) {
    for (const member of bundle.skills) bundlesOf.set(member.slug, [...(bundlesOf.get(member.slug) ?? []), bundle]);
  }
  return skills.map(({ skill, body }) => ({ skill, body, bundles: bundlesOf.get(skill.slug) ?? [], ...(draft ? { draft } : {}) }));
}

export const skillKind: ItemKind<SkillPageInput, SkillPage> = {
  type: 'skill',
  code: import.meta.url,
  inLlmsFull: true,
  inputs: (model) => inputsOf(model.skills, model.bundles.map((entry) => entry.bundle), false),
  // A draft skill's page lists the bundles whose pages list it: draft bundles (a published bundle
  // keeps production's members).
  drafts: (model) => inputsOf(model.drafts.skills, model.drafts.bundles.map((entry) => entry.bundle), true),
  ref: (baseUrl, input) => skillRef(baseUrl, input.skill),
  withBody: (_baseUrl, input, bodies) => ({ ...input, body: itemBody(bodies, input.body, `${input.skill.slug}-skill`) }),
  html: skillHtml,
  twin: skillTwin,
  pages: (model: CatalogueModel) => model.skills.map((entry) => ({ ...skillRef(model.site.baseUrl, entry.skill), lastModified: entry.lastModified })),
  json: (baseUrl, input) => ({ path: skillRef(baseUrl, input.skill).jsonPath.slice(1), bytes: jsonBytes(input.skill) }),
};
