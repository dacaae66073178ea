/** Lists several twins show the same way: skills and bundles, one line each with a link and a price. */
import type { Bundle, Skill } from '../../core/types.ts';
import { count, formatEuro } from '../render/format.ts';
import { link, list } from './mdast.ts';
import type { Block } from './mdast.ts';

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
