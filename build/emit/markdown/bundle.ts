/** The Markdown twin of a bundle page. */
import type { BundleEntry, CatalogueModel } from '../../model.ts';
import { count, formatEuro } from '../../render/format.ts';
import { bundlePage } from '../html/pages.ts';
import { frontMatter, twinDocument } from './document.ts';
import { facts, heading, link, list, paragraph } from './mdast.ts';
import type { Block } from './mdast.ts';

export function bundleTwin(model: CatalogueModel, entry: BundleEntry): string {
  const { bundle } = entry;
  const page = bundlePage(model, entry);
  const priceOf = new Map(model.skills.map(({ skill }) => [skill.slug, skill.price.amount_cents]));
  const { price } = bundle;
  const blocks: Block[] = [
    heading(1, bundle.title),
    paragraph(bundle.blurb),
    facts([
      ['Skills', String(price.skill_count)],
      ['List price', formatEuro(price.list_cents)],
      ['Price', `${formatEuro(price.amount_cents)} (${price.currency}, ${price.tax})`],
      ['You save', formatEuro(price.list_cents - price.amount_cents)],
      ['Pricing rule', model.catalog.pricing.rule],
      ['Add to cart', link(bundle.cart_url, bundle.cart_url)],
      ['JSON', link(bundle.json_url, bundle.json_url)],
    ]),
    heading(2, 'The problem'),
    paragraph(bundle.problem),
    heading(2, 'Why these skills'),
    paragraph(bundle.why),
    heading(2, `Skills in this bundle (${count(price.skill_count, 'skill')})`),
    list(bundle.skills.map((member) => [
      link(member.url, member.title),
      ` by ${member.author}`,
      ...(priceOf.has(member.slug) ? [`, alone ${formatEuro(priceOf.get(member.slug)!)}`] : []),
    ]), true),
  ];
  if (entry.body.trim()) blocks.push(heading(2, 'About this bundle'));
  return twinDocument(frontMatter(model, page), blocks, entry.body);
}
