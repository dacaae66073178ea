/**
 * A page as every other part of the build knows it: where it lives, its twins, its title and
 * description, computed from its item alone. Each kind of page makes its own (site/pages/<kind>.ts);
 * the HTML and Markdown renderers, the sitemap, llms.txt and `_headers` all read them, so a page
 * and its twins never disagree about a path.
 */
import type { IndexedSection } from '../../core/page-paths.ts';
import { SECTION, SECTION_INDEX } from '../../core/page-paths.ts';
import { CATALOG_FILE, CLUSTER_LIST_FILE, publishedPath } from '../../core/published-files.ts';

/** What a page is, as its twin's front matter and its Open Graph type say. */
export type PageType = 'catalog' | 'skill' | 'bundle' | 'cluster' | 'guide' | 'skill-index' | 'bundle-index' | 'cluster-index' | 'search' | 'install';

export interface PageRef {
  kind: PageType;
  /** Root-relative path the page answers at: `/`, `/skills/mom-test`. */
  path: string;
  /** Files in dist/. */
  htmlFile: string;
  markdownFile: string;
  /** Root-relative path of the Markdown twin. */
  markdownPath: string;
  /** Root-relative path of the JSON twin. */
  jsonPath: string;
  /** Absolute, canonical URL of the page. */
  url: string;
  markdownUrl: string;
  title: string;
  description: string;
}

export interface DatedPage extends PageRef {
  /** ISO date-time of the last change of what the page shows, for the sitemap. */
  lastModified: string;
}

/** A prose page as the frame and listings know it. */
export interface DocRef {
  /** Path under the site root without extension, e.g. `docs/api`. */
  path: string;
  title: string;
  description: string;
}

type RefFields = Pick<PageRef, 'jsonPath' | 'title' | 'description'>;

/** The page at `/<name>` (files `<name>.html`, `<name>.md`), or the site's root for null. */
export function pageRef(baseUrl: string, kind: PageType, name: string | null, fields: RefFields): PageRef {
  const path = name === null ? '/' : `/${name}`;
  const file = name ?? SECTION_INDEX;
  return {
    kind,
    path,
    htmlFile: `${file}.html`,
    markdownFile: `${file}.md`,
    markdownPath: `/${file}.md`,
    url: name === null ? `${baseUrl}/` : `${baseUrl}${path}`,
    markdownUrl: `${baseUrl}/${file}.md`,
    ...fields,
  };
}

/**
 * A folder's index page (`/skills/`): `skills/index.html` and its twin `skills/index.md`, as `/` is
 * `index.html` and `/index.md`. Its canonical URL keeps the slash, the address Netlify serves the
 * folder's index at (and `/skills` too).
 */
export const sectionIndexRef = (baseUrl: string, section: IndexedSection, kind: PageType, fields: RefFields): PageRef =>
  folderIndexRef(baseUrl, section, kind, fields);

/** The index page of any folder under the site root (`skills`, `skills/page/2`), named as a section's is. */
export function folderIndexRef(baseUrl: string, folder: string, kind: PageType, fields: RefFields): PageRef {
  const file = `${folder}/${SECTION_INDEX}`;
  return {
    kind,
    path: `/${folder}/`,
    htmlFile: `${file}.html`,
    markdownFile: `${file}.md`,
    markdownPath: `/${file}.md`,
    url: `${baseUrl}/${folder}/`,
    markdownUrl: `${baseUrl}/${file}.md`,
    ...fields,
  };
}

/** What a folder's index page needs of the site. */
export type SiteNames = { baseUrl: string; name: string };

/* The folders' index pages, here rather than in their kinds' modules: every page's header links them
 * (html/layout.ts), and the items' pages their own folder's. */

/** `/skills/`: lists what `/catalog.json` lists, so that is its JSON twin. */
export const skillIndexRef = (site: SiteNames): PageRef =>
  sectionIndexRef(site.baseUrl, SECTION.skill, 'skill-index', {
    jsonPath: publishedPath(CATALOG_FILE),
    title: 'Skills',
    description: `Every skill in ${site.name}, by job cluster: what each one does, who wrote it and what it costs.`,
  });

/** `/clusters/`: its JSON twin is the list of clusters with their pages and counts (ClusterList). */
export const clusterIndexRef = (site: SiteNames): PageRef =>
  sectionIndexRef(site.baseUrl, SECTION.cluster, 'cluster-index', {
    jsonPath: publishedPath(CLUSTER_LIST_FILE),
    title: 'Clusters',
    description: `The job clusters of ${site.name}: the question each one answers, and how many skills and bundles answer it.`,
  });

/** `/bundles/`: lists what `/catalog.json` lists, so that is its JSON twin. */
export const bundleIndexRef = (site: SiteNames): PageRef =>
  sectionIndexRef(site.baseUrl, SECTION.bundle, 'bundle-index', {
    jsonPath: publishedPath(CATALOG_FILE),
    title: 'Bundles',
    description: `Every bundle in ${site.name}: the skills in each, its price and what it saves against buying them one by one.`,
  });
