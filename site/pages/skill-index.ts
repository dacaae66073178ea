/** `/skills/` and its twin; its JSON twin is `/catalog.json`, which lists the same skills. */
import { skillIndexRef } from './page-ref.ts';
import { h } from 'hastscript';
import type { Catalog } from '../../core/types.ts';
import { count, formatEuro } from '../render/format.ts';
import type { PageFrame } from './frame.ts';
import { listedIn } from './listing.ts';
import { indexIntro, indexPage } from '../html/index-layout.ts';
import { clusterAnchor, clusterPath, skillCard } from '../html/parts.ts';
import { PRICES_NOTE } from '../../core/pricing.ts';
import { frontMatter, twinDocument } from '../markdown/document.ts';
import { heading, link, paragraph } from '../markdown/mdast.ts';
import type { Block } from '../markdown/mdast.ts';
import { skillList } from '../markdown/lists.ts';
import { indexTwinIntro } from '../markdown/index-intro.ts';
import { clusterRef } from './cluster.ts';
import { singlePageListing } from './kind.ts';
import { newestOf } from './newest.ts';

/** `/skills/`: every skill, filed under its first cluster as on the overview. Made from the whole catalogue, with the overview. */
export function skillIndexHtml(frame: PageFrame, catalog: Catalog): string {
  const page = skillIndexRef(frame.site);
  const groups = frame.clusters.map((cluster) => ({ cluster, skills: listedIn(catalog, cluster).listed })).filter((group) => group.skills.length > 0);
  return indexPage(frame, page, 'skills', [
    indexIntro(page, `${count(catalog.skill_count, 'skill')}, each filed under its first cluster. A skill costs ${formatEuro(catalog.pricing.single_cents)} unless marked otherwise. ${PRICES_NOTE}`),
    groups.length > 1
      ? h('nav', { ariaLabel: 'Jump to a cluster' }, h('ul.chips', groups.map(({ cluster }) => h('li', h('a', { href: `#${clusterAnchor(cluster)}` }, cluster.label)))))
      : null,
    ...groups.map(({ cluster, skills }) => {
      const headingId = `${clusterAnchor(cluster)}-heading`;
      return h('section.section', { id: clusterAnchor(cluster), ariaLabelledBy: headingId }, [
        h('h2', { id: headingId }, h('a', { href: clusterPath(cluster.id) }, cluster.label)),
        h('p.question', cluster.question),
        h('ul.cards', skills.map(skillCard)),
      ]);
    }),
    groups.length === 0 ? h('p', 'No skill is published yet.') : null,
  ]);
}

/** The Markdown twin of `/skills/`: the same list as the page. */
export function skillIndexTwin(frame: PageFrame, catalog: Catalog): string {
  const page = skillIndexRef(frame.site);
  const blocks: Block[] = [
    ...indexTwinIntro(frame, page, `${count(catalog.skill_count, 'skill')}, each filed under its first cluster. A skill costs ${formatEuro(catalog.pricing.single_cents)} unless marked otherwise. ${PRICES_NOTE} JSON: `),
  ];
  for (const cluster of frame.clusters) {
    const { listed } = listedIn(catalog, cluster);
    if (listed.length === 0) continue;
    blocks.push(heading(2, link(clusterRef(frame.site.baseUrl, cluster).url, cluster.label)), paragraph(cluster.question), skillList(listed));
  }
  if (catalog.skills.length === 0) blocks.push(paragraph('No skill is published yet.'));
  return twinDocument(frontMatter(frame, page), blocks);
}

export const skillIndexKind = singlePageListing('skill-index', skillIndexRef, skillIndexHtml, skillIndexTwin, (model) => newestOf(model, model.skills));
