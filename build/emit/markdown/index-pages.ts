/** The Markdown twins of the folders' index pages: the same lists as `/skills/`, `/bundles/`, `/clusters/`. */
import type { Catalog } from '../../../core/types.ts';
import { count, formatEuro } from '../../render/format.ts';
import type { PageFrame } from '../pages/frame.ts';
import type { PageRef } from '../pages/refs.ts';
import { bundleIndexRef, clusterIndexRef, clusterRef, skillIndexRef } from '../pages/refs.ts';
import { listedIn } from '../pages/listing.ts';
import type { ClusterCount } from '../pages/cluster-count.ts';
import { frontMatter, twinDocument } from './document.ts';
import { heading, link, list, paragraph } from './mdast.ts';
import type { Block } from './mdast.ts';
import { bundleList, skillList } from './cluster.ts';
import { PRICES_NOTE } from '../../../core/pricing.ts';

export function skillIndexTwin(frame: PageFrame, catalog: Catalog): string {
  const page = skillIndexRef(frame.site);
  const blocks: Block[] = [
    ...intro(frame, page, `${count(catalog.skill_count, 'skill')}, each filed under its first cluster. A skill costs ${formatEuro(catalog.pricing.single_cents)} unless marked otherwise. ${PRICES_NOTE} JSON: `),
  ];
  for (const cluster of frame.clusters) {
    const { listed } = listedIn(catalog, cluster);
    if (listed.length === 0) continue;
    blocks.push(heading(2, link(clusterRef(frame.site.baseUrl, cluster).url, cluster.label)), paragraph(cluster.question), skillList(listed));
  }
  if (catalog.skills.length === 0) blocks.push(paragraph('No skill is published yet.'));
  return twinDocument(frontMatter(frame, page), blocks);
}

export function bundleIndexTwin(frame: PageFrame, catalog: Catalog): string {
  const page = bundleIndexRef(frame.site);
  return twinDocument(frontMatter(frame, page), [
    ...intro(frame, page, `${catalog.pricing.rule} ${PRICES_NOTE} JSON: `),
    heading(2, count(catalog.bundles.length, 'bundle')),
    catalog.bundles.length > 0 ? bundleList(catalog.bundles) : paragraph('No bundle is published yet.'),
  ]);
}

/** `- [Label](url): question (3 skills, 1 bundle)` */
export function clusterIndexTwin(frame: PageFrame, counts: readonly ClusterCount[]): string {
  const page = clusterIndexRef(frame.site);
  return twinDocument(frontMatter(frame, page), [
    ...intro(frame, page, `${count(counts.length, 'cluster')}, one per job to be done. A skill sits in one or two of them. JSON: `),
    list(counts.map(({ cluster, skills, bundles }) => [
      link(clusterRef(frame.site.baseUrl, cluster).url, cluster.label),
      `: ${cluster.question} (${count(skills, 'skill')}, ${count(bundles, 'bundle')})`,
    ])),
  ]);
}

/** H1, the page's description, then its facts ending with a link to the JSON twin. */
function intro(frame: PageFrame, page: PageRef, facts: string): Block[] {
  const json = `${frame.site.baseUrl}${page.jsonPath}`;
  return [heading(1, page.title), paragraph(page.description), paragraph(facts, link(json, json))];
}
