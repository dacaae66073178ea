/** The Markdown twin of `/`: clusters with their questions and skills, bundles with prices. */
import type { Catalog } from '../../../../../core/types.ts';
import { count, formatDate, formatEuro } from '../../../../render/format.ts';
import type { PageFrame } from '../../frame.ts';
import { clusterRef } from '../cluster/ref.ts';
import { homeRef } from './ref.ts';
import { listedIn } from '../../listing.ts';
import { frontMatter, twinDocument } from '../../../markdown/document.ts';
import { facts, heading, joined, link, paragraph } from '../../../markdown/mdast.ts';
import type { Block } from '../../../markdown/mdast.ts';
import { bundleList, skillList } from '../../../markdown/lists.ts';
import { PRICES_NOTE } from '../../../../../core/pricing.ts';

export function homeTwin(frame: PageFrame, catalog: Catalog): string {
  const base = frame.site.baseUrl;
  const blocks: Block[] = [
    heading(1, frame.site.name),
    paragraph(frame.site.description),
    paragraph(`A skill costs ${formatEuro(catalog.pricing.single_cents)} unless marked otherwise; in a bundle every third skill is free. ${PRICES_NOTE}`),
  ];
  for (const cluster of frame.clusters) {
    const { listed, also } = listedIn(catalog, cluster);
    blocks.push(heading(2, cluster.label), paragraph(cluster.question, ' (', link(clusterRef(base, cluster).url, `all ${count(listed.length + also.length, 'skill')}`), ')'));
    if (listed.length > 0) blocks.push(skillList(listed));
    if (also.length > 0) blocks.push(paragraph('Also useful here: ', ...joined(also.map((skill) => link(skill.url, skill.title)))));
  }
  blocks.push(heading(2, 'Bundles'), paragraph(catalog.pricing.rule), bundleList(catalog.bundles));
  blocks.push(heading(2, 'About this catalogue'), facts([
    ['Skills', String(catalog.skill_count)],
    ['Bundles', String(catalog.bundles.length)],
    ['Single price', `${formatEuro(catalog.pricing.single_cents)} (${catalog.pricing.currency}, net)`],
    ['Catalogue version', String(catalog.version)],
    ['Generated', `${formatDate(catalog.generated_at)} (${catalog.generated_at})`],
    ['JSON', link(`${base}/catalog.json`, `${base}/catalog.json`)],
  ]));
  return twinDocument(frontMatter(frame, homeRef(frame.site)), blocks);
}
