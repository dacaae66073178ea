/**
 * `llms.txt` after the llms.txt proposal: H1 with the site's name, a blockquote summary, a short
 * note, then H2 sections of `- [title](url): one line` links to Markdown twins (a section per
 * cluster with the skills listed there first, one for bundles; past LLMS_TXT_MAX_ENTRIES only the
 * clusters and listings) and a closing `## Optional`. `llms-full.txt` holds every skill's and
 * bundle's twin in catalogue order, or past its limit an index of the parts that do
 * (site/llms-full.ts). Both are serialised
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
import { bundleIndexRef, skillIndexRef } from './pages/page-ref.ts';
import type { DocRef } from './pages/page-ref.ts';
import { listings } from './pages/listing.ts';
import { LISTING_PAGE_SIZE } from './pages/pagination.ts';
import { markdownOf } from './markdown/serialize.ts';
import { heading, link, list, paragraph } from './markdown/mdast.ts';
import type { Block } from './markdown/mdast.ts';
import { MCP_PATH, TOOL_NAMES } from '../core/mcp/names.ts';
import { PRICES_NOTE } from '../core/pricing.ts';
import { AGENT_SKILLS_INDEX_FILE, API_CATALOG_FILE, FEEDS_DIR, feedFile, LLMS_FULL_FILE, publishedPath } from '../core/published-files.ts';
import { FEED_ENTRIES } from './feeds.ts';
import { LLMS_FULL_MAX_BYTES } from './llms-full.ts';
import type { LlmsFullText } from './llms-full.ts';

const megabytes = (bytes: number) => `${bytes / 1_000_000} MB`;
const MAX_MB = megabytes(LLMS_FULL_MAX_BYTES);


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
  const whole = catalog.skills.length + catalog.bundles.length <= LLMS_TXT_MAX_ENTRIES;
  if (whole) blocks.push(...everyEntry(frame, catalog));
  else blocks.push(...overview(frame, catalog));
  blocks.push(heading(2, 'Optional'), list([
    ...docs.map((doc) => [link(docRef(base, doc).markdownUrl, oneLine(doc.title)), `: ${oneLine(doc.description)}`]),
    [link(`${base}/openapi.json`, 'OpenAPI description'), ': the JSON API (OpenAPI 3.1): catalogue, skills, bundles, version, payment health.'],
    [link(`${base}/version.json`, 'Build version'), ': which build answers; compare it across calls to notice a deploy.'],
    [link(`${base}${publishedPath(LLMS_FULL_FILE)}`, 'Full text'), whole
      ? ': every skill and bundle page as Markdown, in one file.'
      : `: every skill and bundle page as Markdown; past ${MAX_MB} an index of numbered parts, none over ${MAX_MB}.`],
    [link(`${base}${publishedPath(AGENT_SKILLS_INDEX_FILE)}`, 'Agent Skills'), ': the index (Agent Skills Discovery) of this catalogue\'s own free skill, which teaches an agent to find, compare and hand over its skills.'],
    [link(`${base}${publishedPath(feedFile('atom'))}`, 'Feed'), `: the ${FEED_ENTRIES} newest or last changed skills and bundles, as Atom; as JSON Feed at `,
      { type: 'inlineCode', value: `${base}${publishedPath(feedFile('json'))}` }, ', and each cluster\'s at ', { type: 'inlineCode', value: `${base}/${FEEDS_DIR}/<cluster>.xml` }, ' and ', { type: 'inlineCode', value: '.json' }, '.'],
    [link(`${base}${publishedPath(API_CATALOG_FILE)}`, 'API catalog'), ': where the API, its description, guide and health are (RFC 9727).'],
  ]));
  return markdownOf(blocks);
}

/**
 * Up to this many skills and bundles llms.txt lists each one; past it, only the clusters and the
 * listings that hold them. An entry is about 275 bytes, so the file stays under about 80 KB (some
 * 20,000 tokens): llmstxt.org means it as a concise overview that an agent reads whole and that links
 * to detail, and the whole list (1.1 MB at 4,000 skills) is no longer that.
 */
export const LLMS_TXT_MAX_ENTRIES = 300;

/** A section per cluster with the skills listed there first, then one of every bundle. */
function everyEntry(frame: PageFrame, catalog: Catalog): Block[] {
  const base = frame.site.baseUrl;
  const blocks: Block[] = [];
  const listingOf = listings(catalog);
  for (const cluster of frame.clusters) {
    const { listed } = listingOf(cluster);
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
  return blocks;
}

/** How the listings' twins read on, past their first page (site/pages/pagination.ts). */
const PAGED = `, ${LISTING_PAGE_SIZE} a page, each page's twin linking the next.`;

/** Too many to list: each cluster's Markdown listing with its counts, and the listings of every skill and bundle. */
function overview(frame: PageFrame, catalog: Catalog): Block[] {
  const base = frame.site.baseUrl;
  const listingOf = listings(catalog);
  return [
    paragraph(`The catalogue holds ${count(catalog.skills.length, 'skill')} and ${count(catalog.bundles.length, 'bundle')}, too many to list here: each cluster below links to its Markdown listing${PAGED}`),
    heading(2, 'Clusters'), list(frame.clusters.map((cluster) => {
      const { listed, also } = listingOf(cluster);
      return [link(clusterRef(base, cluster).markdownUrl, oneLine(cluster.label)), `: ${oneLine(cluster.question)} (${count(listed.length, 'skill')} listed here first${also.length > 0 ? `, ${also.length} more that also fit` : ''})`];
    })),
    heading(2, 'Listings'), list([
      [link(skillIndexRef(frame.site).markdownUrl, 'Skills'), `: every skill (${catalog.skills.length}), by job cluster${PAGED}`],
      [link(bundleIndexRef(frame.site).markdownUrl, 'Bundles'), `: every bundle (${catalog.bundles.length}), with its skills and what it saves${PAGED}`],
    ]),
  ];
}

/** What llms-full.txt says before the twins, which follow it in catalogue order, one blank line apart. */
export function llmsFullIntro(frame: PageFrame, skillCount: number, bundleCount: number): string {
  return markdownOf([
    ...summary(frame),
    paragraph(`${everyTwin(skillCount, bundleCount)}.`),
  ]);
}

const everyTwin = (skillCount: number, bundleCount: number) =>
  `Every published skill (${skillCount}) and bundle (${bundleCount}), each as its Markdown twin with front matter, in catalogue order`;

/** The intro, each part's head and the index, for when llms-full.txt is split (site/llms-full.ts). */
export function llmsFullText(frame: PageFrame, skillCount: number, bundleCount: number): LlmsFullText {
  const base = frame.site.baseUrl;
  const what = everyTwin(skillCount, bundleCount);
  return {
    intro: llmsFullIntro(frame, skillCount, bundleCount),
    partHead: (n, total) => markdownOf([
      heading(1, `${oneLine(frame.site.name)}: full text, part ${n} of ${total}`),
      paragraph(`${what}, split into ${total} parts; the list of parts is at `, link(`${base}${publishedPath(LLMS_FULL_FILE)}`, `${base}${publishedPath(LLMS_FULL_FILE)}`), '.'),
    ]),
    index: (parts, limit) => markdownOf([
      ...summary(frame),
      paragraph(`${what}. Together they pass ${megabytes(limit)}, so they are split into ${parts.length} parts, each whole twins, read in this order:`),
      heading(2, 'Parts'),
      list(parts.map((part, i) => [link(`${base}${publishedPath(part.file)}`, `Part ${i + 1}`), `: ${count(part.twins, 'twin')}.`])),
    ]),
  };
}
