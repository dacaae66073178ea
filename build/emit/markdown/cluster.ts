/** The Markdown twin of a cluster page: what `/catalog.json?cluster=<id>` lists. */
import type { BundleEntry, CatalogueModel, SkillEntry } from '../../model.ts';
import type { Cluster } from '../../core/types.ts';
import { count, formatEuro } from '../../render/format.ts';
import { clusterMembers, clusterPage } from '../html/pages.ts';
import { frontMatter, twinDocument } from './document.ts';
import { heading, link, list, paragraph } from './mdast.ts';
import type { Block } from './mdast.ts';

export function clusterTwin(model: CatalogueModel, cluster: Cluster): string {
  const page = clusterPage(model, cluster);
  const members = clusterMembers(model, cluster);
  const blocks: Block[] = [
    heading(1, cluster.label),
    paragraph(cluster.question),
    paragraph(`${count(members.skills.length, 'skill')} and ${count(members.bundles.length, 'bundle')}. Prices are net, VAT added at checkout. JSON: `, link(`${model.site.baseUrl}${page.jsonPath}`, `${model.site.baseUrl}${page.jsonPath}`)),
    heading(2, 'Skills'),
    members.skills.length > 0 ? skillList(members.skills) : paragraph('No published skill answers this question yet.'),
  ];
  if (members.bundles.length > 0) blocks.push(heading(2, 'Bundles'), paragraph(model.catalog.pricing.rule), bundleList(members.bundles));
  return twinDocument(frontMatter(model, page), blocks);
}

/** `- [Title](url) by Author, €19.00: summary` */
export function skillList(entries: readonly SkillEntry[]): Block {
  return list(entries.map(({ skill }) => {
    const line = skill.summary ?? skill.problem ?? skill.outcome;
    return [link(skill.url, skill.title), ` by ${skill.author}, ${formatEuro(skill.price.amount_cents)}${line ? `: ${line}` : ''}`];
  }));
}

/** `- [Title](url), 3 skills: €38.00 instead of €57.00 (save €19.00): blurb` */
export function bundleList(entries: readonly BundleEntry[]): Block {
  return list(entries.map(({ bundle }) => {
    const { price } = bundle;
    return [
      link(bundle.url, bundle.title),
      `, ${count(price.skill_count, 'skill')}: ${formatEuro(price.amount_cents)} instead of ${formatEuro(price.list_cents)} (save ${formatEuro(price.list_cents - price.amount_cents)}): ${bundle.blurb}`,
    ];
  }));
}
