/**
 * A page as every other part of the build knows it: where it lives, its twins, its title and
 * description, computed from its item alone. Each kind of page makes its own (pages/kinds/<kind>/ref.ts);
 * the HTML and Markdown renderers, the sitemap, llms.txt and `_headers` all read them, so a page
 * and its twins never disagree about a path.
 */
import type { IndexedSection } from '../../../core/page-paths.ts';
import { SECTION_INDEX } from '../../../core/page-paths.ts';

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
export function sectionIndexRef(baseUrl: string, section: IndexedSection, kind: PageType, fields: RefFields): PageRef {
  const file = `${section}/${SECTION_INDEX}`;
  return {
    kind,
    path: `/${section}/`,
    htmlFile: `${file}.html`,
    markdownFile: `${file}.md`,
    markdownPath: `/${file}.md`,
    url: `${baseUrl}/${section}/`,
    markdownUrl: `${baseUrl}/${file}.md`,
    ...fields,
  };
}

/** What a folder's index page needs of the site. */
export type SiteNames = { baseUrl: string; name: string };
