/** The Markdown twin of `/skills/`: the same list as the page. */
import type { Catalog } from '../../../../../core/types.ts';
import { count, formatEuro } from '../../../../render/format.ts';
import type { PageFrame } from '../../frame.ts';
import { listedIn } from '../../listing.ts';
import { frontMatter, twinDocument } from '../../../markdown/document.ts';
import { heading, link, paragraph } from '../../../markdown/mdast.ts';
import type { Block } from '../../../markdown/mdast.ts';
import { skillList } from '../../../markdown/lists.ts';
import { indexIntro } from '../../../markdown/index-intro.ts';
import { PRICES_NOTE } from '../../../../../core/pricing.ts';
import { skillIndexRef } from './ref.ts';
import { clusterRef } from '../cluster/ref.ts';

export function skillIndexTwin(frame: PageFrame, catalog: Catalog): string {
  const page = skillIndexRef(frame.site);
  const blocks: Block[] = [
    ...indexIntro(frame, page, `${count(catalog.skill_count, 'skill')}, each filed under its first cluster. A skill costs ${formatEuro(catalog.pricing.single_cents)} unless marked otherwise. ${PRICES_NOTE} JSON: `),
  ];
  for (const cluster of frame.clusters) {
    const { listed } = listedIn(catalog, cluster);
    if (listed.length === 0) continue;
    blocks.push(heading(2, link(clusterRef(frame.site.baseUrl, cluster).url, cluster.label)), paragraph(cluster.question), skillList(listed));
  }
  if (catalog.skills.length === 0) blocks.push(paragraph('No skill is published yet.'));
  return twinDocument(frontMatter(frame, page), blocks);
}
