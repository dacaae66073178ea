/** The Markdown twin of a skill page: the same facts, in the same order, as `/skills/<slug>`. */
import { count, formatEuro } from '../../../../render/format.ts';
import type { PageFrame } from '../../frame.ts';
import type { SkillPage } from '../../inputs.ts';
import { clusterRef } from '../cluster/ref.ts';
import { skillRef } from './ref.ts';
import { cartUrl } from '../../../../../core/url-template.ts';
import { frontMatter, twinDocument } from '../../../markdown/document.ts';
import { code, facts, heading, joined, link, list, paragraph } from '../../../markdown/mdast.ts';
import type { Block } from '../../../markdown/mdast.ts';
import { draftNote } from '../../../markdown/mdast.ts';
import { DRAFT_LABEL, DRAFT_NOTE } from '../../../draft-note.ts';

export function skillTwin(frame: PageFrame, { skill, body, bundles, draft = false }: SkillPage): string {
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
