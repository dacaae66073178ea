/** Pieces several pages show the same way: prices, item cards, cluster links. */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { Bundle, BundlePrice, Cluster, Skill } from '../../core/types.ts';
import { count, formatEuro } from '../render/format.ts';
import { pagePath, SECTION } from '../../core/page-paths.ts';

export function price(cents: number): Element {
  return h('span.price', formatEuro(cents));
}

export const skillPath = (slug: string) => pagePath(SECTION.skill, slug);
export const bundlePath = (slug: string) => pagePath(SECTION.bundle, slug);
export const clusterPath = (id: string) => pagePath(SECTION.cluster, id);

/** The id of a cluster's section where a page files skills under clusters (the overview, `/skills/`). */
export const clusterAnchor = (cluster: Cluster) => `cluster-${cluster.id}`;

export function kindLabel(skill: Skill): string {
  return skill.kind === 'command' ? `Command skill, ${count(skill.command_count, 'slash command')}` : 'Reference skill, read by the agent';
}

export function skillCard(skill: Skill): Element {
  return h('li.card', [
    h('h3', h('a', { href: skillPath(skill.slug) }, skill.title)),
    h('p.meta', `by ${skill.author}`),
    h('p.summary', skill.summary ?? skill.problem ?? skill.outcome ?? ''),
    h('p.foot', [
      h('span', [price(skill.price.amount_cents), ' ', h('span.tax', 'net')]),
      h('span.badge', skill.kind === 'command' ? count(skill.command_count, 'command') : 'reference'),
    ]),
  ]);
}

export function bundleSaving(price: BundlePrice): number {
  return price.list_cents - price.amount_cents;
}

export function bundleCard(bundle: Bundle): Element {
  const saving = bundleSaving(bundle.price);
  return h('li.card', [
    h('h3', h('a', { href: bundlePath(bundle.slug) }, bundle.title)),
    h('p.meta', `${count(bundle.price.skill_count, 'skill')}: ${bundle.skills.map((member) => member.title).join(' · ')}`),
    h('p.summary', bundle.blurb),
    h('p.foot', [
      h('span', [price(bundle.price.amount_cents), ' ', h('span.list-price', ['instead of ', h('s', formatEuro(bundle.price.list_cents))])]),
      saving > 0 ? h('span.saving', `save ${formatEuro(saving)}`) : null,
    ]),
  ]);
}

export function clusterList(clusters: readonly Cluster[]): Element {
  return h('ul', clusters.map((cluster) => h('li', [h('a', { href: clusterPath(cluster.id) }, cluster.label), `: ${cluster.question}`])));
}

/** A section with a heading whose id labels it. */
export function section(id: string, heading: string, children: Array<Element | null>, className = 'section'): Element {
  return h('section', { className: [className], ariaLabelledBy: id }, [h('h2', { id }, heading), ...children]);
}
