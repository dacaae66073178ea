/** The Markdown twin of `/`: clusters with their questions and skills, bundles with prices. */
import type { CatalogueModel } from '../../model.ts';
import { count, formatDate, formatEuro } from '../../render/format.ts';
import { clusterPage, homePage } from '../html/pages.ts';
import { frontMatter, twinDocument } from './document.ts';
import { facts, heading, joined, link, paragraph } from './mdast.ts';
import type { Block } from './mdast.ts';
import { bundleList, skillList } from './cluster.ts';

export function homeTwin(model: CatalogueModel): string {
  const { catalog } = model;
  const blocks: Block[] = [
    heading(1, model.site.name),
    paragraph(model.site.description),
    paragraph(`A skill costs ${formatEuro(catalog.pricing.single_cents)} unless marked otherwise; in a bundle every third skill is free. Prices are net, VAT added at checkout.`),
  ];
  for (const cluster of model.clusters) {
    const listed = model.skills.filter(({ skill }) => skill.clusters[0].id === cluster.id);
    const also = model.skills.filter(({ skill }) => skill.clusters[1]?.id === cluster.id);
    blocks.push(heading(2, cluster.label), paragraph(cluster.question, ' (', link(clusterPage(model, cluster).url, `all ${count(listed.length + also.length, 'skill')}`), ')'));
    if (listed.length > 0) blocks.push(skillList(listed));
    if (also.length > 0) blocks.push(paragraph('Also useful here: ', ...joined(also.map(({ skill }) => link(skill.url, skill.title)))));
  }
  blocks.push(heading(2, 'Bundles'), paragraph(catalog.pricing.rule), bundleList(model.bundles));
  blocks.push(heading(2, 'About this catalogue'), facts([
    ['Skills', String(catalog.skill_count)],
    ['Bundles', String(catalog.bundles.length)],
    ['Single price', `${formatEuro(catalog.pricing.single_cents)} (${catalog.pricing.currency}, net)`],
    ['Catalogue version', String(catalog.version)],
    ['Generated', `${formatDate(catalog.generated_at)} (${catalog.generated_at})`],
    ['JSON', link(`${model.site.baseUrl}/catalog.json`, `${model.site.baseUrl}/catalog.json`)],
  ]));
  return twinDocument(frontMatter(model, homePage(model)), blocks);
}
