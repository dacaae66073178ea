/**
 * `llms.txt` after the llms.txt proposal: H1 with the site's name, a blockquote summary, a short
 * note, then H2 sections of `- [title](url): one line` links to Markdown twins (a section per
 * cluster with the skills listed there first, one for bundles) and a closing `## Optional`.
 * `llms-full.txt` holds every skill's and bundle's twin in catalogue order. Both are serialised
 * from mdast, so a `]` or `*` in a title cannot break a link.
 */
import type { CatalogueModel } from '../model.ts';
import type { Emitter } from './types.ts';
import { count, formatEuro } from '../render/format.ts';
import { bundlePage, clusterPage, docPage, homePage, skillPage } from './html/pages.ts';
import { markdownOf } from './markdown/document.ts';
import { heading, link, list, paragraph } from './markdown/mdast.ts';
import type { Block } from './markdown/mdast.ts';
import { skillTwin } from './markdown/skill.ts';
import { bundleTwin } from './markdown/bundle.ts';

export const emitLlms: Emitter = (model) => [
  { path: 'llms.txt', bytes: llmsTxt(model) },
  { path: 'llms-full.txt', bytes: llmsFullTxt(model) },
];

/** A description on one line: the proposal's entries are `- [name](url): notes`, one per line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function summary(model: CatalogueModel): Block[] {
  return [
    heading(1, model.site.name),
    { type: 'blockquote', children: [paragraph(oneLine(model.site.description))] },
  ];
}

export function llmsTxt(model: CatalogueModel): string {
  const base = model.site.baseUrl;
  const blocks: Block[] = [
    ...summary(model),
    paragraph(
      'Every page has a Markdown twin: append ', { type: 'inlineCode', value: '.md' }, ' to its path or send ',
      { type: 'inlineCode', value: 'Accept: text/markdown' }, '. Start at the ', link(homePage(model).markdownUrl, 'catalogue overview'),
      `. Prices are net euro, VAT added at checkout; a skill costs ${formatEuro(model.site.singleCents)} unless marked otherwise, and in a bundle every third skill is free. `,
      'The same facts are JSON at ', link(`${base}/catalog.json`, `${base}/catalog.json`), '.',
    ),
  ];
  for (const cluster of model.clusters) {
    const listed = model.skills.filter(({ skill }) => skill.clusters[0].id === cluster.id);
    blocks.push(heading(2, cluster.label), list([
      [link(clusterPage(model, cluster).markdownUrl, `${cluster.label}: every skill for this job`), `: ${oneLine(cluster.question)}`],
      ...listed.map((entry) => {
        const page = skillPage(model, entry);
        return [link(page.markdownUrl, entry.skill.title), `: ${oneLine(page.description)} (${entry.skill.author}, ${formatEuro(entry.skill.price.amount_cents)})`];
      }),
    ]));
  }
  blocks.push(heading(2, 'Bundles'), list(model.bundles.map((entry) => {
    const { price } = entry.bundle;
    return [link(bundlePage(model, entry).markdownUrl, entry.bundle.title), `: ${oneLine(entry.bundle.blurb)} (${count(price.skill_count, 'skill')}, ${formatEuro(price.amount_cents)} instead of ${formatEuro(price.list_cents)})`];
  })));
  blocks.push(heading(2, 'Optional'), list([
    ...model.docs.map((doc) => [link(docPage(model, doc).markdownUrl, doc.title), `: ${oneLine(doc.description)}`]),
    [link(`${base}/openapi.json`, 'OpenAPI description'), ': the JSON API (OpenAPI 3.1): catalogue, skills, bundles, version, payment health.'],
    [link(`${base}/version.json`, 'Build version'), ': which build answers; compare it across calls to notice a deploy.'],
    [link(`${base}/llms-full.txt`, 'Full text'), ': every skill and bundle page as Markdown, in one file.'],
  ]));
  return markdownOf(blocks);
}

export function llmsFullTxt(model: CatalogueModel): string {
  const intro = markdownOf([
    ...summary(model),
    paragraph(`Every published skill (${model.skills.length}) and bundle (${model.bundles.length}), each as its Markdown twin with front matter, in catalogue order.`),
  ]);
  const twins = [...model.skills.map((entry) => skillTwin(model, entry)), ...model.bundles.map((entry) => bundleTwin(model, entry))];
  return [intro, ...twins].join('\n');
}
