/** The Markdown twin of a cluster page: what `/catalog.json?cluster=<id>` lists. */
import type { Bundle, Catalog, Cluster, Skill } from '../../../core/types.ts';
import { count, formatEuro } from '../../render/format.ts';
import type { PageFrame } from '../pages/frame.ts';
import { clusterRef } from '../pages/refs.ts';
import { frontMatter, twinDocument } from './document.ts';
import { heading, link, list, paragraph } from './mdast.ts';
import type { Block } from './mdast.ts';
import { PRICES_NOTE } from '../../../core/pricing.ts';

/** `members` is `/catalog.json?cluster=<id>` as the query core answers it. */
export function clusterTwin(frame: PageFrame, cluster: Cluster, members: Catalog): string {
  const page = clusterRef(frame.site.baseUrl, cluster);
  const jsonUrl = `${frame.site.baseUrl}${page.jsonPath}`;
  const blocks: Block[] = [
    heading(1, cluster.label),
    paragraph(cluster.question),
    paragraph(`${count(members.skills.length, 'skill')} and ${count(members.bundles.length, 'bundle')}. ${PRICES_NOTE} JSON: `, link(jsonUrl, jsonUrl)),
    heading(2, 'Skills'),
    members.skills.length > 0 ? skillList(members.skills) : paragraph('No published skill answers this question yet.'),
  ];
  if (members.bundles.length > 0) blocks.push(heading(2, 'Bundles'), paragraph(frame.pricingRule), bundleList(members.bundles));
  return twinDocument(frontMatter(frame, page), blocks);
}

/** `- [Title](url) by Author, €19.00: summary` */
export function skillList(skills: readonly Skill[]): Block {
  return list(skills.map((skill) => {
    const line = skill.summary ?? skill.problem ?? skill.outcome;
    return [link(skill.url, skill.title), ` by ${skill.author}, ${formatEuro(skill.price.amount_cents)}${line ? `: ${line}` : ''}`];
  }));
}

/** `- [Title](url), 3 skills: €38.00 instead of €57.00 (save €19.00): blurb` */
export function bundleList(bundles: readonly Bundle[]): Block {
  return list(bundles.map((bundle) => {
    const { price } = bundle;
    return [
      link(bundle.url, bundle.title),
      `, ${count(price.skill_count, 'skill')}: ${formatEuro(price.amount_cents)} instead of ${formatEuro(price.list_cents)} (save ${formatEuro(price.list_cents - price.amount_cents)}): ${bundle.blurb}`,
    ];
  }));
}
