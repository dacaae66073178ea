/** The Markdown twin of a bundle page. */
import { count, formatEuro } from '../../../../render/format.ts';
import type { PageFrame } from '../../frame.ts';
import type { BundlePage } from '../../inputs.ts';
import { bundleRef } from './ref.ts';
import { cartUrl } from '../../../../../core/url-template.ts';
import { frontMatter, twinDocument } from '../../../markdown/document.ts';
import { facts, heading, link, list, paragraph } from '../../../markdown/mdast.ts';
import type { Block } from '../../../markdown/mdast.ts';
import { draftNote } from '../../../markdown/mdast.ts';
import { DRAFT_LABEL, DRAFT_NOTE } from '../../../draft-note.ts';

export function bundleTwin(frame: PageFrame, { bundle, body, memberPrices, draft = false }: BundlePage): string {
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
