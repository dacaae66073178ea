/**
 * The public pages: where each one lives, its twins, its title and description, computed from the
 * item alone. The HTML and Markdown renderers, the sitemap, llms.txt and `_headers` all use these,
 * so a page and its twins never disagree about a path.
 */
import type { CatalogueModel, BundleEntry, SkillEntry } from '../../model.ts';
import type { Bundle, Cluster, Skill } from '../../../core/types.ts';
import { selectCatalog } from '../../../core/query.ts';
import { newestDate } from '../../content-dates.ts';
import { SECTION_INDEX } from '../../../core/negotiate.ts';
import type { IndexedSection } from '../../../core/negotiate.ts';
import { installPath } from '../../../core/url-template.ts';
import { CATALOG_FILE, CLUSTER_LIST_FILE, publishedPath } from '../../../core/published-files.ts';

export type PageKind = 'catalog' | 'skill' | 'bundle' | 'cluster' | 'guide' | 'skill-index' | 'bundle-index' | 'cluster-index' | 'search' | 'install';

export interface PageRef {
  kind: PageKind;
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

/** A prose page as the frame and listings know it. */
export interface DocRef {
  /** Path under the site root without extension, e.g. `docs/api`. */
  path: string;
  title: string;
  description: string;
}

function ref(baseUrl: string, kind: PageKind, name: string | null, fields: Pick<PageRef, 'jsonPath' | 'title' | 'description'>): PageRef {
  const path = name === null ? '/' : `/${name}`;
  const file = name ?? 'index';
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

export const homeRef = (site: { baseUrl: string; name: string; description: string }): PageRef =>
  ref(site.baseUrl, 'catalog', null, { jsonPath: publishedPath(CATALOG_FILE), title: site.name, description: site.description });

export const skillRef = (baseUrl: string, skill: Skill): PageRef =>
  ref(baseUrl, 'skill', `skills/${skill.slug}`, {
    jsonPath: `/skills/${skill.slug}.json`,
    title: skill.title,
    description: skill.summary ?? skill.problem ?? skill.outcome ?? `${skill.title}, a skill by ${skill.author}.`,
  });

export const bundleRef = (baseUrl: string, bundle: Bundle): PageRef =>
  ref(baseUrl, 'bundle', `bundles/${bundle.slug}`, { jsonPath: `/bundles/${bundle.slug}.json`, title: bundle.title, description: bundle.blurb });

/** A skill's install page (`/install/<slug>`): its JSON twin is the skill's, which holds every fact it shows. */
export const installRef = (baseUrl: string, skill: Skill): PageRef =>
  ref(baseUrl, 'install', installPath(skill.slug).slice(1), {
    jsonPath: skillRef(baseUrl, skill).jsonPath,
    title: `Install ${skill.title}`,
    description: `How to add ${skill.title} by ${skill.author} to your AI coding agent: where its folder goes, and how to check it is there.`,
  });

/** A cluster's JSON twin is the catalogue filtered to it, as `/catalog.json?cluster=<id>` answers. */
export const clusterRef = (baseUrl: string, cluster: Cluster): PageRef =>
  ref(baseUrl, 'cluster', `clusters/${cluster.id}`, { jsonPath: `/clusters/${cluster.id}.json`, title: cluster.label, description: cluster.question });

/**
 * A folder's index page (`/skills/`): `skills/index.html` and its twin `skills/index.md`, as `/` is
 * `index.html` and `/index.md`. Its canonical URL keeps the slash, the address Netlify serves the
 * folder's index at (and `/skills` too).
 */
function indexRef(baseUrl: string, section: IndexedSection, kind: PageKind, fields: Pick<PageRef, 'jsonPath' | 'title' | 'description'>): PageRef {
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

/** The JSON twin of `/clusters/`: the seven clusters with their pages and counts (ClusterList). */

type SiteNames = { baseUrl: string; name: string };

/** `/skills/` and `/bundles/` list what `/catalog.json` lists, so that is their JSON twin. */
export const skillIndexRef = (site: SiteNames): PageRef =>
  indexRef(site.baseUrl, 'skills', 'skill-index', {
    jsonPath: publishedPath(CATALOG_FILE),
    title: 'Skills',
    description: `Every skill in ${site.name}, by job cluster: what each one does, who wrote it and what it costs.`,
  });

export const bundleIndexRef = (site: SiteNames): PageRef =>
  indexRef(site.baseUrl, 'bundles', 'bundle-index', {
    jsonPath: publishedPath(CATALOG_FILE),
    title: 'Bundles',
    description: `Every bundle in ${site.name}: the skills in each, its price and what it saves against buying them one by one.`,
  });

export const clusterIndexRef = (site: SiteNames): PageRef =>
  indexRef(site.baseUrl, 'clusters', 'cluster-index', {
    jsonPath: `/${CLUSTER_LIST_FILE}`,
    title: 'Clusters',
    description: `The job clusters of ${site.name}: the question each one answers, and how many skills and bundles answer it.`,
  });

export const docRef = (baseUrl: string, doc: DocRef): PageRef =>
  ref(baseUrl, 'guide', doc.path, { jsonPath: `/${doc.path}.json`, title: doc.title, description: doc.description });

export interface DatedPage extends PageRef {
  /** ISO date-time of the last change of what the page shows, for the sitemap. */
  lastModified: string;
}

/** Every page with its last change, in the order listings show them: overview, clusters, skills,
 * bundles (each folder's index first), guides. The overview, the index pages and each cluster page
 * change whenever one of their items does. */
export function allPages(model: CatalogueModel): DatedPage[] {
  const base = model.site.baseUrl;
  const newest = (entries: readonly (SkillEntry | BundleEntry)[]) => newestDate(entries.map((entry) => entry.lastModified)) ?? model.generatedAt;
  const everything = newest([...model.skills, ...model.bundles]);
  return [
    { ...homeRef(model.site), lastModified: everything },
    { ...clusterIndexRef(model.site), lastModified: everything },
    ...model.clusters.map((cluster) => {
      const members = clusterMembers(model, cluster);
      return { ...clusterRef(base, cluster), lastModified: newest([...members.skills, ...members.bundles]) };
    }),
    { ...skillIndexRef(model.site), lastModified: newest(model.skills) },
    ...model.skills.map((entry) => ({ ...skillRef(base, entry.skill), lastModified: entry.lastModified })),
    ...model.skills.map((entry) => ({ ...installRef(base, entry.skill), lastModified: entry.lastModified })),
    { ...bundleIndexRef(model.site), lastModified: newest(model.bundles) },
    ...model.bundles.map((entry) => ({ ...bundleRef(base, entry.bundle), lastModified: entry.lastModified })),
    ...model.docs.map((doc) => ({ ...docRef(base, doc), lastModified: doc.lastModified })),
  ];
}

/** What `/catalog.json?cluster=<id>` lists, chosen by the query core that answers that twin. */
export function clusterMembers(model: CatalogueModel, cluster: Cluster): { skills: SkillEntry[]; bundles: BundleEntry[] } {
  const selection = selectCatalog(model.index, { clusters: [cluster.id], sort: 'default', limit: null });
  return { skills: selection.skills.map((i) => model.skills[i]), bundles: selection.bundles.map((b) => model.bundles[b]) };
}
