/** The Markdown twin of a cluster page: what `/catalog.json?cluster=<id>` lists. */
import type { Catalog, Cluster } from '../../../../../core/types.ts';
import { count } from '../../../../render/format.ts';
import type { PageFrame } from '../../frame.ts';
import { clusterRef } from './ref.ts';
import { frontMatter, twinDocument } from '../../../markdown/document.ts';
import { heading, link, paragraph } from '../../../markdown/mdast.ts';
import type { Block } from '../../../markdown/mdast.ts';
import { bundleList, skillList } from '../../../markdown/lists.ts';
import { PRICES_NOTE } from '../../../../../core/pricing.ts';

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
