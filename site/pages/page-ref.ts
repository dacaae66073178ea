/**
 * A page as every other part of the build knows it: where it lives, its twins, its title and
 * description, computed from its item alone. Each kind of page makes its own (site/pages/<kind>.ts);
 * the HTML and Markdown renderers, the sitemap, llms.txt and `_headers` all read them, so a page
 * and its twins never disagree about a path.
 */
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

/** Where a page lives, without what it is called: all the sitemap, `_headers` and the output's plan
 * read, so an index page's location does not hang on the shop's name. */
export type PageLocation = Omit<PageRef, 'title' | 'description'>;

export interface DatedPage extends PageLocation {
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

/** A page's location with what it is called. */
export const named = (location: PageLocation, { title, description }: Pick<PageRef, 'title' | 'description'>): PageRef => ({ ...location, title, description });

/** A page at `path` whose files are `<file>.html` and `<file>.md`: every address of it follows. */
const located = (baseUrl: string, kind: PageType, path: string, file: string, jsonPath: string): PageLocation => ({
  kind,
  path,
  htmlFile: `${file}.html`,
  markdownFile: `${file}.md`,
  markdownPath: `/${file}.md`,
  url: `${baseUrl}${path}`,
  markdownUrl: `${baseUrl}/${file}.md`,
  jsonPath,
});

/** Where the page at `/<name>` lives (files `<name>.html`, `<name>.md`), or the site's root for null. */
export const pageAt = (baseUrl: string, kind: PageType, name: string | null, jsonPath: string): PageLocation =>
  name === null ? located(baseUrl, kind, '/', SECTION_INDEX, jsonPath) : located(baseUrl, kind, `/${name}`, name, jsonPath);

/** The page at `/<name>`, or the site's root for null. */
export const pageRef = (baseUrl: string, kind: PageType, name: string | null, fields: RefFields): PageRef =>
  named(pageAt(baseUrl, kind, name, fields.jsonPath), fields);

/**
 * Where the index page of any folder under the site root (`skills`, `skills/page/2`) lives:
 * `skills/index.html` and its twin `skills/index.md`, as `/` is `index.html` and `/index.md`. Its
 * canonical URL keeps the slash, the address Netlify serves the folder's index at (and `/skills` too).
 */
export const folderIndexAt = (baseUrl: string, folder: string, kind: PageType, jsonPath: string): PageLocation =>
  located(baseUrl, kind, `/${folder}/`, `${folder}/${SECTION_INDEX}`, jsonPath);

/** What a folder's index page needs of the site. */
export type SiteNames = { baseUrl: string; name: string };

/* The folders' index pages, here rather than in their kinds' modules: every page's header links them
 * (html/layout.ts), and the items' pages their own folder's. Each as its location, from the site's
 * address alone (what the sitemap and the listings' JSON read, so both are kept when only the
 * shop's name changes), and as its ref, named with that name. */

/** `/skills/`: lists what `/catalog.json` lists, so that is its JSON twin. */
export const skillIndexAt = (baseUrl: string): PageLocation => folderIndexAt(baseUrl, SECTION.skill, 'skill-index', publishedPath(CATALOG_FILE));
export const skillIndexRef = (site: SiteNames): PageRef => named(skillIndexAt(site.baseUrl), {
  title: 'Skills',
  description: `Every skill in ${site.name}, by job cluster: what each one does, who wrote it and what it costs.`,
});

/** `/clusters/`: its JSON twin is the list of clusters with their pages and counts (ClusterList). */
export const clusterIndexAt = (baseUrl: string): PageLocation => folderIndexAt(baseUrl, SECTION.cluster, 'cluster-index', publishedPath(CLUSTER_LIST_FILE));
export const clusterIndexRef = (site: SiteNames): PageRef => named(clusterIndexAt(site.baseUrl), {
  title: 'Clusters',
  description: `The job clusters of ${site.name}: the question each one answers, and how many skills and bundles answer it.`,
});

/** `/bundles/`: lists what `/catalog.json` lists, so that is its JSON twin. */
export const bundleIndexAt = (baseUrl: string): PageLocation => folderIndexAt(baseUrl, SECTION.bundle, 'bundle-index', publishedPath(CATALOG_FILE));
export const bundleIndexRef = (site: SiteNames): PageRef => named(bundleIndexAt(site.baseUrl), {
  title: 'Bundles',
  description: `Every bundle in ${site.name}: the skills in each, its price and what it saves against buying them one by one.`,
});
