/** `/bundles/<slug>`: the bundle's JSON twin in full (members, list price, amount, saving). */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { Bundle } from '../../../../../core/types.ts';
import { count, formatEuro } from '../../../../render/format.ts';
import type { PageFrame } from '../../frame.ts';
import type { BundlePage } from '../../inputs.ts';
import { bundleIndexRef } from '../bundle-index/ref.ts';
import { bundleRef } from './ref.ts';
import { cartUrl } from '../../../../../core/url-template.ts';
import { bodyHtml, renderPage } from '../../../html/layout.ts';
import { draftBanner } from '../../../html/draft-banner.ts';
import { bundleProduct } from '../../../html/structured-data.ts';
import { bundleSaving, price, section, skillPath } from '../../../html/parts.ts';

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
  return renderPage(frame, {
    page,
    title: `${bundle.title} · ${frame.site.name}`,
    description: page.description,
    breadcrumbs: [{ label: 'Catalogue', href: '/' }, { label: 'Bundles', href: bundleIndexRef(frame.site).path }, { label: bundle.title }],
    content,
    structuredData: [bundleProduct(bundle, page.url, page.description)],
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
