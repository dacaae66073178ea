/**
 * The search index (core/search.ts) of every published skill, bundle and prose page, and the
 * page frame the search page is drawn in. Both are data for the search function, not API
 * documents, so they ship gzipped (`.json.gz`): smaller in the function's bundle, and never taken
 * for one of the API's JSON files, each of which is checked against its schema as it is made.
 */
import { gzipSync } from 'node:zlib';
import { makeSearchIndex } from '../core/search.ts';
import type { DocSummary, SearchDocument } from '../core/search.ts';

import type { PageFrame } from './pages/frame.ts';
import type { Bodies } from './pages/kind.ts';
import type { OutputFile } from './types.ts';
import { docFacts, docText } from './pages/guide.ts';
import { SEARCH_INDEX_FILE, SEARCH_PAGE_FRAME_FILE } from '../core/published-files.ts';
import type { CatalogueModel } from './model.ts';

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

/**
 * The search documents of every published skill, bundle and prose page, in catalogue order: an
 * iterable that reads each body as it comes to it, each time it is iterated, so the index
 * (core/search.ts) holds one body at a time, not the catalogue's.
 */
export function searchDocuments(model: CatalogueModel, bodies: Bodies): Iterable<SearchDocument> {
  const label = new Map(model.clusters.map((cluster) => [cluster.id, cluster.label]));
  const base = model.site.baseUrl;
  return {
    *[Symbol.iterator]() {
      for (const { skill, body } of model.skills) {
        yield {
          item: skill,
          tags: [...skill.commands, ...skill.clusters.map((cluster) => label.get(cluster.id) ?? cluster.id), skill.author],
          summary: [skill.summary, skill.problem, skill.outcome, ...skill.you_get].filter((line): line is string => typeof line === 'string'),
          body: markdownWords(bodies.text(body)),
        };
      }
      for (const { bundle, body } of model.bundles) {
        yield {
          item: bundle,
          // A bundle is found by the names of its skills too.
          tags: bundle.skills.map((member) => member.title),
          summary: [bundle.blurb, bundle.problem, bundle.why],
          body: markdownWords(bodies.text(body)),
        };
      }
      for (const doc of model.docs) {
        const item: DocSummary = { type: 'doc', ...docFacts(base, doc) };
        yield { item, tags: [], summary: [doc.description], body: markdownWords(docText(bodies.text(doc.body), base)) };
      }
    },
  };
}

// Node writes no time and no file name into the gzip header: the same index is the same bytes on every build.
const gzip = (text: string) => gzipSync(text);

/** The index of the catalogue, every body and the prose pages. */
export const searchIndexFiles = (model: CatalogueModel, bodies: Bodies): OutputFile[] => [
  { path: SEARCH_INDEX_FILE, bytes: gzip(JSON.stringify(makeSearchIndex(searchDocuments(model, bodies)))) },
];

/** The frame of the search function's results page: this build's page frame. */
export const searchPageFiles = (frame: PageFrame): OutputFile[] => [{ path: SEARCH_PAGE_FRAME_FILE, bytes: gzip(JSON.stringify(frame)) }];
