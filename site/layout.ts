/**
 * How many entries a folder of the published folder may hold, and where the pages go so that none
 * holds more. Netlify: "we do have a limit of 54,000 files per directory. If any directory within
 * your publish directory has more than 54,000 files, your deploys will fail"
 * (https://docs.netlify.com/site-deploys/overview/, "Files per directory limit"). Whether a
 * sub-folder counts as one of those files the docs do not say, and a deploy's file list names files
 * only (a path and its digest each), so the folders are the platform's own business: every count
 * here takes the stricter reading, files and sub-folders alike.
 *
 * A section holds three files per item when flat (page, Markdown twin, JSON twin). Past the limit,
 * the section's pages and Markdown twins move to hashed sub-folders (core/page-paths.ts
 * `pageFileIn`) and the JSON twins stay, one per item: the API's files stay plain static files.
 * No layout keeps a JSON twin at its own path without a file there, so past the limit in JSON twins
 * alone the build stops before it renders a page (PublishLimitError).
 *
 * A cluster's JSON twin, the catalogue filtered to the cluster, is a text file like any other: past
 * TEXT_FILE_MAX_BYTES it is not written, and the catalog function answers its address with the same
 * JSON, compressed (core/page-paths.ts `queriedClusters`).
 */
import { FLAT_LAYOUT, jsonTwinFile, PAGE_SECTIONS, pageFileIn, SECTION } from '../core/page-paths.ts';
import { catalogQueryLength } from '../core/catalog-layout.ts';
import { TEXT_FILE_MAX_BYTES } from '../core/published-files.ts';
import { clusterQuery } from '../core/query.ts';
import type { PageLayout, Section } from '../core/page-paths.ts';
import { PublishLimitError } from './errors.ts';
import { draftPages } from './drafts.ts';
import type { CatalogueModel } from './model.ts';

/** Netlify's most files per directory of the published folder. */
export const DIRECTORY_MAX_ENTRIES = 54_000;

/** Each folder of `files` (paths relative to the published folder; `''` is the folder itself)
 * with how many entries it holds: its files and its sub-folders. */
export function directoryEntries(files: Iterable<string>): Map<string, number> {
  // Files by their folder first (a path is unique, so a folder's files need no set), then each
  // folder counted once in the folder above it: one step per file, however deep the tree.
  const counts = new Map<string, number>();
  for (const file of files) {
    const end = file.lastIndexOf('/');
    const folder = end < 0 ? '' : file.slice(0, end);
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  const folders = [...counts.keys()];
  const known = new Set(folders);
  for (let i = 0; i < folders.length; i++) {
    const folder = folders[i];
    if (folder === '') continue;
    const end = folder.lastIndexOf('/');
    const parent = end < 0 ? '' : folder.slice(0, end);
    counts.set(parent, (counts.get(parent) ?? 0) + 1);
    if (!known.has(parent)) {
      known.add(parent);
      folders.push(parent);
    }
  }
  return counts;
}

/** The folders of `files` over `limit` entries, fullest first. */
export function overfullFolders(files: Iterable<string>, limit = DIRECTORY_MAX_ENTRIES): { folder: string; entries: number }[] {
  return [...directoryEntries(files)]
    .filter(([, count]) => count > limit)
    .map(([folder, entries]) => ({ folder, entries }))
    .sort((a, b) => b.entries - a.entries || a.folder.localeCompare(b.folder));
}

const folderName = (folder: string) => (folder === '' ? 'the published folder itself' : `${folder}/`);

/** Throws a PublishLimitError naming the limit and each folder of `files` over it with its count. */
export function checkFolders(files: Iterable<string>, limit = DIRECTORY_MAX_ENTRIES, why = ''): void {
  const over = overfullFolders(files, limit);
  if (over.length === 0) return;
  const list = over.map(({ folder, entries }) => `${folderName(folder)} would hold ${entries.toLocaleString('en')} entries`).join('; ');
  throw new PublishLimitError(
    `${list}, over Netlify's limit of ${limit.toLocaleString('en')} files per directory (files and sub-folders counted; ` +
      `docs.netlify.com/site-deploys/overview, "Files per directory limit"): the deploy would fail.${why}`,
  );
}

/**
 * Every page's HTML and Markdown twin where `layout` puts them, and the JSON twins: the files whose
 * number grows with the catalogue, named by the page kinds (site/pages/registry.ts) without
 * rendering a page. A preview's drafts are among them.
 */
export function plannedPageFiles(model: CatalogueModel, layout: PageLayout): string[] {
  // Every page has a page and a twin of its own (page-kinds.test.ts); JSON twins are shared.
  const files: string[] = [];
  const json = new Set<string>();
  const queried = new Set(layout.queriedClusters.map((id) => jsonTwinFile(SECTION.cluster, id)));
  for (const pages of [model.pages, draftPages(model)]) {
    for (const page of pages) {
      files.push(pageFileIn(layout, page.htmlFile), pageFileIn(layout, page.markdownFile));
      // A JSON twin is a file at its path (an install page's is its skill's, the folders' index
      // pages name catalog.json): counted once; a cluster's the catalog function answers is none.
      json.add(page.jsonPath);
    }
  }
  for (const path of json) if (!queried.has(path.slice(1))) files.push(path.slice(1));
  return files;
}

/** The clusters whose JSON twin, the catalogue filtered to them, would pass `maxBytes`. */
export function queriedClusters(model: CatalogueModel, maxBytes = TEXT_FILE_MAX_BYTES): string[] {
  return model.clusters.filter((cluster) => catalogQueryLength(model.catalogFile.layout, clusterQuery(cluster.id)) > maxBytes).map((cluster) => cluster.id);
}

/**
 * The layout for `model`: flat, unless a section's pages, twins and JSON twins would pass `limit`
 * entries, then that section fanned out. Stops the build when even then a folder is over.
 */
export function pageLayout(model: CatalogueModel, limit = DIRECTORY_MAX_ENTRIES, textMaxBytes = TEXT_FILE_MAX_BYTES): PageLayout {
  const queried = queriedClusters(model, textMaxBytes);
  const flat = plannedPageFiles(model, { ...FLAT_LAYOUT, queriedClusters: queried });
  const overfull = overfullFolders(flat, limit);
  // The common case: no folder is over the limit, and the flat layout is the one checked.
  if (overfull.length === 0) return queried.length === 0 ? FLAT_LAYOUT : { ...FLAT_LAYOUT, queriedClusters: queried };
  const over = new Set(overfull.map(({ folder }) => folder));
  const fannedOut = PAGE_SECTIONS.filter((section: Section) => over.has(section));
  const layout: PageLayout = fannedOut.length === 0 && queried.length === 0 ? FLAT_LAYOUT : { fannedOut, queriedClusters: queried };
  checkFolders(fannedOut.length === 0 ? flat : plannedPageFiles(model, layout), limit, fannedOut.length === 0
    ? ''
    : ` The pages and Markdown twins of ${fannedOut.map((section) => `${section}/`).join(', ')} are in sub-folders already; the JSON twins must stay at their addresses.`);
  return layout;
}
