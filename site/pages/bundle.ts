/** Bundles: `/bundles/<slug>`, its Markdown twin and its JSON twin (the API's Bundle), one page job each. */
import type { Bundle } from '../../core/types.ts';
import { jsonTwinFile, pageName, SECTION } from '../../core/page-paths.ts';
import { pageRef } from './page-ref.ts';
import type { PageRef } from './page-ref.ts';
import { h } from 'hastscript';
import type { Element } from 'hast';
import { count, formatEuro } from '../render/format.ts';
import type { PageFrame, TwinFrame } from './frame.ts';
import type { BundlePage, BundlePageInput } from './inputs.ts';
import { bundleIndexRef } from './page-ref.ts';
import { cartUrl } from '../../core/url-template.ts';
import { bodyHtml, renderPage } from '../html/layout.ts';
import { draftBanner } from '../html/draft-banner.ts';
import { bundleProduct } from '../html/structured-data.ts';
import { bundleSaving, price, section, skillPath } from '../html/parts.ts';
import { frontMatter, twinDocument } from '../markdown/document.ts';
import { facts, heading, link, list, paragraph, draftNote } from '../markdown/mdast.ts';
import type { Block } from '../markdown/mdast.ts';
import { DRAFT_LABEL, DRAFT_NOTE } from '../draft-note.ts';
import { jsonBytes } from '../../core/json.ts';
import { cardImage, cardOfBundle } from '../../core/card.ts';
import { itemBody } from './kind.ts';
import type { ItemKind } from './kind.ts';
import type { BundleEntry, SkillEntry } from '../model.ts';

/** `/bundles/<slug>`, a bundle's page, with its twins `.md` and `.json`. */
export const bundleRef = (baseUrl: string, bundle: Bundle): PageRef =>
  pageRef(baseUrl, 'bundle', pageName(SECTION.bundle, bundle.slug), {
    jsonPath: `/${jsonTwinFile(SECTION.bundle, bundle.slug)}`,
    title: bundle.title,
    description: bundle.blurb,
  });

/** `/bundles/<slug>`: the bundle's JSON twin in full (members, list price, amount, saving). */
export function bundleHtml(frame: PageFrame, { bundle, body, memberPrices, draft = false }: BundlePage): string {
  const page = bundleRef(frame.site.baseUrl, bundle);
  const content: Array<Element | null> = [
    draft ? draftBanner() : null,
    h('header.intro', [
      h('p.eyebrow', `Bundle of ${count(bundle.price.skill_count, 'skill')}`),
      h('h1', bundle.title),
      h('p.lead', bundle.blurb),
    ]),
    // Price first, as on a skill page: within a phone's first screen.
    h('div.item', [
      buyBox(frame, bundle),
      h('div.item-main', [
        section('problem', 'The problem', [h('p', bundle.problem)]),
        section('why', 'Why these skills', [h('p', bundle.why)]),
        section('skills', 'Skills in this bundle', [
          h('ol.members', bundle.skills.map((member, i) =>
            h('li', [
              h('span', [h('a', { href: skillPath(member.slug) }, member.title), h('span.who', ` by ${member.author}`)]),
              h('span.alone', ['alone ', formatEuro(memberPrices[i])]),
            ]),
          )),
        ]),
        body.empty ? null : section('about', 'About this bundle', [h('div.prose', bodyHtml(body))]),
      ]),
    ]),
  ];
  // A draft is in no catalog.json, so the card function has no card for it.
  const card = draft ? undefined : cardImage(frame.site.baseUrl, cardOfBundle(frame.site.name, bundle));
  return renderPage(frame, {
    page,
    title: `${bundle.title} · ${frame.site.name}`,
    description: page.description,
    breadcrumbs: [{ label: 'Catalogue', href: '/' }, { label: 'Bundles', href: bundleIndexRef(frame.site).path }, { label: bundle.title }],
    content,
    card,
    structuredData: [bundleProduct(bundle, page.url, page.description, card?.url)],
    noindex: draft,
  });
}

function buyBox(frame: PageFrame, bundle: Bundle): Element {
  const saving = bundleSaving(bundle.price);
  const cart = cartUrl(frame.site.shop, 'bundle', bundle.slug);
  return h('aside.buy', { ariaLabelledBy: 'buy-heading' }, [
    h('h2#buy-heading', 'Bundle price'),
    price(bundle.price.amount_cents),
    h('p.tax', `${bundle.price.tax} (${bundle.price.currency})`),
    h('dl.facts', [
      h('dt', 'Skills'), h('dd', String(bundle.price.skill_count)),
      h('dt', 'List price'), h('dd', formatEuro(bundle.price.list_cents)),
      h('dt', 'You pay'), h('dd', formatEuro(bundle.price.amount_cents)),
      h('dt', 'You save'), h('dd.saving', formatEuro(saving)),
    ]),
    // No shop, no cart button: the API's cart_url is then this very page.
    cart ? h('div.actions', [h('a.button', { href: cart }, 'Add bundle to cart')]) : null,
    h('p.rule', frame.pricingRule),
  ]);
}

/** The Markdown twin of a bundle page. */
export function bundleTwin(frame: TwinFrame, { bundle, body, memberPrices, draft = false }: BundlePage): string {
  const page = bundleRef(frame.site.baseUrl, bundle);
  const { price } = bundle;
  const cart = cartUrl(frame.site.shop, 'bundle', bundle.slug);
  const blocks: Block[] = [
    heading(1, bundle.title),
    ...(draft ? [draftNote(DRAFT_LABEL, DRAFT_NOTE)] : []),
    paragraph(bundle.blurb),
    facts([
      ['Skills', String(price.skill_count)],
      ['List price', formatEuro(price.list_cents)],
      ['Price', `${formatEuro(price.amount_cents)} (${price.currency}, ${price.tax})`],
      ['You save', formatEuro(price.list_cents - price.amount_cents)],
      ['Pricing rule', frame.pricingRule],
      // No shop, no cart link: the API's cart_url is then this very page.
      ...(cart ? [['Add to cart', link(cart, cart)] satisfies Parameters<typeof facts>[0][number]] : []),
      ['JSON', link(bundle.json_url, bundle.json_url)],
    ]),
    heading(2, 'The problem'),
    paragraph(bundle.problem),
    heading(2, 'Why these skills'),
    paragraph(bundle.why),
    heading(2, `Skills in this bundle (${count(price.skill_count, 'skill')})`),
    list(bundle.skills.map((member, i) => [link(member.url, member.title), ` by ${member.author}, alone ${formatEuro(memberPrices[i])}`]), true),
  ];
  if (!body.empty) blocks.push(heading(2, 'About this bundle'));
  return twinDocument(frontMatter(frame, page), blocks, body);
}

/** Each bundle with its members' own prices, which its page compares. */
function inputsOf(bundles: readonly BundleEntry[], skills: readonly SkillEntry[], draft: boolean): BundlePageInput[] {
  // A build with no draft bundle (every production build) looks up no price.
  if (bundles.length === 0) return [];
  const priceOf = new Map(skills.map(({ skill }) => [skill.slug, skill.price.amount_cents]));
  return bundles.map(({ bundle, body }) => ({ bundle, body, memberPrices: bundle.skills.map((member) => priceOf.get(member.slug)!), ...(draft ? { draft } : {}) }));
}

export const bundleKind: ItemKind<BundlePageInput, BundlePage> = {
  type: 'bundle',
  code: import.meta.url,
  inLlmsFull: true,
  inputs: (model) => inputsOf(model.bundles, model.skills, false),
  drafts: (model) => inputsOf(model.drafts.bundles, [...model.skills, ...model.drafts.skills], true),
  ref: (baseUrl, input) => bundleRef(baseUrl, input.bundle),
  withBody: (_baseUrl, input, bodies) => ({ ...input, body: itemBody(bodies, input.body, `${input.bundle.slug}-bundle`) }),
  html: bundleHtml,
  twin: bundleTwin,
  pages: (model) => model.bundles.map((entry) => ({ ...bundleRef(model.site.baseUrl, entry.bundle), lastModified: entry.lastModified })),
  json: (baseUrl, input) => ({ path: bundleRef(baseUrl, input.bundle).jsonPath.slice(1), bytes: jsonBytes(input.bundle) }),
};
