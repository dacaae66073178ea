/**
 * The search index (core/search.ts) of every published skill, bundle and prose page, and the
 * page frame the search page is drawn in: data for the search function, not API documents. Each
 * item's part of the index is made from its own words (`searchPartOf`, kept by its digest between
 * builds), and the index's files are joined from the parts (`searchIndexFiles`), so one edit
 * indexes one item again.
 */
import { gzipSync } from 'node:zlib';
import { joinSearchIndex, searchFacets, searchPart } from '../core/search.ts';
import type { DocSummary, NumberedParts, SearchCatalogue, SearchItem, SearchPart } from '../core/search.ts';
import type { PageFrame } from './pages/frame.ts';
import type { Bodies } from './pages/kind.ts';
import type { OutputFile } from './types.ts';
import { docFacts, docText } from './pages/guide.ts';
import { SEARCH_MANIFEST_FILE, SEARCH_PAGE_FRAME_FILE, searchShardFile } from '../core/published-files.ts';
import type { BodySource, CatalogueModel } from './model.ts';

/**
 * Markdown as the words a reader sees: link and image targets, autolinks, bare addresses and HTML
 * tags go (their words are not the item's); the rest of Markdown's syntax is punctuation, which the
 * index's tokenizer drops anyway.
 */
export function markdownWords(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/^\s{0,3}\[[^\]]+\]:\s*\S+.*$/gm, ' ')
    .replace(/<[^>\s]+>/g, ' ')
    .replace(/\b(?:https?|mailto):\S+/g, ' ');
}

/** What one item's part of the index is made from: the item as search lists it, the labels of
 * its own clusters (a skill is found by them), and its body as where it is. The item is the
 * model's own object, which the build knows by its digest already, so keying a part costs almost
 * nothing, and a label changes the parts of that cluster's skills alone. */
export interface SearchPartInput {
  item: SearchItem;
  /** A skill's clusters' labels, in the order of its clusters; none for a bundle or a prose page. */
  labels: readonly string[];
  body: BodySource;
  /** A prose page's description, and the site's address its `{base}` stands for (site/pages/guide.ts). */
  doc?: { description: string; baseUrl: string };
}

/** Every published skill, bundle and prose page as it is indexed, in catalogue order. */
export function searchItems(model: CatalogueModel): SearchPartInput[] {
  const labelOf = new Map(model.clusters.map((cluster) => [cluster.id, cluster.label]));
  const base = model.site.baseUrl;
  return [
    ...model.skills.map(({ skill, body }) => ({ item: skill, labels: skill.clusters.map(({ id }) => labelOf.get(id) ?? id), body })),
    ...model.bundles.map(({ bundle, body }) => ({ item: bundle, labels: [], body })),
    ...model.docs.map((doc) => ({ item: { type: 'doc', ...docFacts(base, doc) } satisfies DocSummary, labels: [], body: doc.body, doc: { description: doc.description, baseUrl: base } })),
  ];
}

/** What an item's fields give the index: its tags and its one-line texts. */
function fieldsOf({ item, labels, doc }: SearchPartInput): { tags: string[]; summary: string[] } {
  switch (item.type) {
    case 'skill': return {
      tags: [...item.commands, ...labels, item.author],
      summary: [item.summary, item.problem, item.outcome, ...item.you_get].filter((line): line is string => typeof line === 'string'),
    };
    // A bundle is found by the names of its skills too.
    case 'bundle': return { tags: item.skills.map((member) => member.title), summary: [item.blurb, item.problem, item.why] };
    case 'doc': return { tags: [], summary: [doc!.description] };
  }
}

/** One item's part of the index, its body read as it comes to it. */
export function searchPartOf(input: SearchPartInput, bodies: Bodies): SearchPart {
  const text = bodies.text(input.body);
  return searchPart({ title: input.item.title, ...fieldsOf(input), body: markdownWords(input.doc === undefined ? text : docText(text, input.doc.baseUrl)) });
}

/** Where the index's results come from, and each item's facets: what the join reads besides the parts. */
export function searchCatalogue(model: CatalogueModel, items: readonly { item: SearchItem }[]): { catalogue: SearchCatalogue; facets: ReturnType<typeof searchFacets> } {
  return {
    catalogue: {
      length: model.catalogFile.layout.length,
      skillRanges: model.catalogFile.layout.skillRanges,
      bundleRanges: model.catalogFile.layout.bundleRanges,
      docs: items.flatMap(({ item }) => (item.type === 'doc' ? [item] : [])),
    },
    facets: searchFacets(items.map(({ item }) => item)),
  };
}

/** The index's files: its manifest and its shards. */
export function searchIndexFiles(parts: NumberedParts, { catalogue, facets }: ReturnType<typeof searchCatalogue>): OutputFile[] {
  const { manifest, shards } = joinSearchIndex(parts, facets, catalogue);
  return [{ path: SEARCH_MANIFEST_FILE, bytes: manifest }, ...shards.map((bytes, n) => ({ path: searchShardFile(n), bytes }))];
}

// Node writes no time and no file name into the gzip header: the same frame is the same bytes on every build.
const gzip = (text: string) => gzipSync(text);

/** The frame of the search function's results page: this build's page frame. */
export const searchPageFiles = (frame: PageFrame): OutputFile[] => [{ path: SEARCH_PAGE_FRAME_FILE, bytes: gzip(JSON.stringify(frame)) }];
