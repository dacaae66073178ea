/**
 * `llms.txt` after the llms.txt proposal: H1 with the site's name, a blockquote summary, a short
 * note, then H2 sections of `- [title](url): one line` links to Markdown twins (a section per
 * cluster with the skills listed there first, one for bundles) and a closing `## Optional`.
 * `llms-full.txt` holds every skill's and bundle's twin in catalogue order. Both are serialised
 * from mdast, so a `]` or `*` in a title cannot break a link.
 */
import type { Catalog } from '../core/types.ts';
import { count, formatEuro } from './render/format.ts';
import type { PageFrame } from './pages/frame.ts';
import { bundleRef } from './pages/bundle.ts';
import { clusterRef } from './pages/cluster.ts';
import { docRef } from './pages/guide.ts';
import { homeRef } from './pages/home.ts';
import { skillRef } from './pages/skill.ts';
import type { DocRef } from './pages/page-ref.ts';
import { listedIn } from './pages/listing.ts';
import { markdownOf } from './markdown/serialize.ts';
import { heading, link, list, paragraph } from './markdown/mdast.ts';
import type { Block } from './markdown/mdast.ts';
import { MCP_PATH, TOOL_NAMES } from '../core/mcp/names.ts';
import { PRICES_NOTE } from '../core/pricing.ts';
import { AGENT_SKILLS_INDEX_FILE, publishedPath } from '../core/published-files.ts';


/**
 * Editors' text on one line: the proposal's entries are `- [name](url): notes`, one per line, and
 * its headings are one line each. Every run of whitespace (newlines, U+2028, tabs) becomes one
 * space here, whatever validation let through, so no title can end an entry or start a section.
 */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function summary(frame: PageFrame): Block[] {
  return [
    heading(1, oneLine(frame.site.name)),
    { type: 'blockquote', children: [paragraph(oneLine(frame.site.description))] },
  ];
}

export function llmsTxt(frame: PageFrame, catalog: Catalog, docs: readonly DocRef[]): string {
  const base = frame.site.baseUrl;
  const blocks: Block[] = [
    ...summary(frame),
    paragraph(
      'Every page has a Markdown twin: append ', { type: 'inlineCode', value: '.md' }, ' to its path or send ',
      { type: 'inlineCode', value: 'Accept: text/markdown' }, '. Start at the ', link(homeRef(frame.site).markdownUrl, 'catalogue overview'),
      `. ${PRICES_NOTE} A skill costs ${formatEuro(frame.site.singleCents)} unless marked otherwise, and in a bundle every third skill is free. `,
      'The same facts are JSON at ', link(`${base}/catalog.json`, `${base}/catalog.json`), '.',
    ),
    // Code, not a link: the endpoint answers MCP's POSTs, and a GET of it is a 405, not a document.
    paragraph('An MCP server (Model Context Protocol, Streamable HTTP, stateless and read-only) answers at ', { type: 'inlineCode', value: `${base}${MCP_PATH}` }, ` with the tools ${TOOL_NAMES.join(', ')}.`),
  ];
  for (const cluster of frame.clusters) {
    const { listed } = listedIn(catalog, cluster);
    blocks.push(heading(2, oneLine(cluster.label)), list([
      [link(clusterRef(base, cluster).markdownUrl, `${oneLine(cluster.label)}: every skill for this job`), `: ${oneLine(cluster.question)}`],
      ...listed.map((skill) => {
        const page = skillRef(base, skill);
        return [link(page.markdownUrl, oneLine(skill.title)), `: ${oneLine(page.description)} (${oneLine(skill.author)}, ${formatEuro(skill.price.amount_cents)})`];
      }),
    ]));
  }
  blocks.push(heading(2, 'Bundles'), list(catalog.bundles.map((bundle) => {
    const { price } = bundle;
    return [link(bundleRef(base, bundle).markdownUrl, oneLine(bundle.title)), `: ${oneLine(bundle.blurb)} (${count(price.skill_count, 'skill')}, ${formatEuro(price.amount_cents)} instead of ${formatEuro(price.list_cents)})`];
  })));
  blocks.push(heading(2, 'Optional'), list([
    ...docs.map((doc) => [link(docRef(base, doc).markdownUrl, oneLine(doc.title)), `: ${oneLine(doc.description)}`]),
    [link(`${base}/openapi.json`, 'OpenAPI description'), ': the JSON API (OpenAPI 3.1): catalogue, skills, bundles, version, payment health.'],
    [link(`${base}/version.json`, 'Build version'), ': which build answers; compare it across calls to notice a deploy.'],
    [link(`${base}/llms-full.txt`, 'Full text'), ': every skill and bundle page as Markdown, in one file.'],
    [link(`${base}${publishedPath(AGENT_SKILLS_INDEX_FILE)}`, 'Agent Skills'), ': the index (Agent Skills Discovery) of this catalogue\'s own free skill, which teaches an agent to find, compare and hand over its skills.'],
  ]));
  return markdownOf(blocks);
}

/** What llms-full.txt says before the twins, which follow it in catalogue order, one blank line apart. */
export function llmsFullIntro(frame: PageFrame, skillCount: number, bundleCount: number): string {
  return markdownOf([
    ...summary(frame),
    paragraph(`Every published skill (${skillCount}) and bundle (${bundleCount}), each as its Markdown twin with front matter, in catalogue order.`),
  ]);
}
