/**
 * The public pages: where each one lives, its twins, its title and description. The HTML and
 * Markdown emitters, the sitemap, llms.txt and `_headers` all read this one list, so a page and its
 * twins never disagree about a path.
 */
import type { CatalogueModel, BundleEntry, DocEntry, SkillEntry } from '../../model.ts';
import type { Cluster } from '../../core/types.ts';
import { selectCatalog } from '../../core/query.ts';
import { newestDate } from '../../content-dates.ts';

export type PageKind = 'catalog' | 'skill' | 'bundle' | 'cluster' | 'guide';

export interface PageRef {
  kind: PageKind;
  /** Root-relative path the page answers at: `/`, `/skills/mom-test`. */
  path: string;
  /** Files in dist/. */
  htmlFile: string;
  markdownFile: string;
  /** Root-relative path of the Markdown twin. */
  markdownPath: string;
  /** Root-relative path of the JSON twin; null for prose pages, which have none. */
  jsonPath: string | null;
  /** Absolute, canonical URL of the page. */
  url: string;
  markdownUrl: string;
  title: string;
  description: string;
  lastModified: string;
}

function ref(model: CatalogueModel, kind: PageKind, name: string | null, fields: Pick<PageRef, 'jsonPath' | 'title' | 'description' | 'lastModified'>): PageRef {
  const path = name === null ? '/' : `/${name}`;
  const file = name ?? 'index';
  const base = model.site.baseUrl;
  return {
    kind,
    path,
    htmlFile: `${file}.html`,
    markdownFile: `${file}.md`,
    markdownPath: `/${file}.md`,
    url: name === null ? `${base}/` : `${base}${path}`,
    markdownUrl: `${base}/${file}.md`,
    ...fields,
  };
}

export function homePage(model: CatalogueModel): PageRef {
  return ref(model, 'catalog', null, {
    jsonPath: '/catalog.json',
    title: model.site.name,
    description: model.site.description,
    // The overview changes whenever one of its items does.
    lastModified: newestDate([...model.skills, ...model.bundles].map((entry) => entry.lastModified)) ?? model.generatedAt,
  });
}

export function skillPage(model: CatalogueModel, { skill, lastModified }: SkillEntry): PageRef {
  return ref(model, 'skill', `skills/${skill.slug}`, {
    jsonPath: `/skills/${skill.slug}.json`,
    title: skill.title,
    description: skill.summary ?? skill.problem ?? skill.outcome ?? `${skill.title}, a skill by ${skill.author}.`,
    lastModified,
  });
}

export function bundlePage(model: CatalogueModel, { bundle, lastModified }: BundleEntry): PageRef {
  return ref(model, 'bundle', `bundles/${bundle.slug}`, {
    jsonPath: `/bundles/${bundle.slug}.json`,
    title: bundle.title,
    description: bundle.blurb,
    lastModified,
  });
}

/** A cluster's JSON twin is the filtered catalogue: the catalog function answers it. */
export function clusterPage(model: CatalogueModel, cluster: Cluster): PageRef {
  const members = clusterMembers(model, cluster);
  return ref(model, 'cluster', `clusters/${cluster.id}`, {
    jsonPath: `/catalog.json?cluster=${cluster.id}`,
    title: cluster.label,
    description: cluster.question,
    lastModified: newestDate([...members.skills, ...members.bundles].map((entry) => entry.lastModified)) ?? model.generatedAt,
  });
}

export function docPage(model: CatalogueModel, doc: DocEntry): PageRef {
  return ref(model, 'guide', doc.path, { jsonPath: null, title: doc.title, description: doc.description, lastModified: doc.lastModified });
}

/** Every page, in the order listings show them: overview, clusters, skills, bundles, guides. */
export function allPages(model: CatalogueModel): PageRef[] {
  return [
    homePage(model),
    ...model.clusters.map((cluster) => clusterPage(model, cluster)),
    ...model.skills.map((entry) => skillPage(model, entry)),
    ...model.bundles.map((entry) => bundlePage(model, entry)),
    ...model.docs.map((doc) => docPage(model, doc)),
  ];
}

/** What `/catalog.json?cluster=<id>` lists: skills in either of their clusters, bundles with two
 * such skills. The same query core answers the JSON twin, so page and twin agree. */
export function clusterMembers(model: CatalogueModel, cluster: Cluster): { skills: SkillEntry[]; bundles: BundleEntry[] } {
  const selection = selectCatalog(model.index, { clusters: [cluster.id], sort: 'default', limit: null });
  return { skills: selection.skills.map((i) => model.skills[i]), bundles: selection.bundles.map((b) => model.bundles[b]) };
}

/** Where a link to the developer guide goes: the page itself when this build has it (compared by
 * path, since a deploy preview's base URL differs from the one in site.yaml). */
export function guideHref(model: CatalogueModel): string {
  const path = new URL(model.site.documentationUrl).pathname.replace(/\/+$/, '');
  const own = model.docs.find((doc) => `/${doc.path}` === path);
  return own ? `/${own.path}` : model.site.documentationUrl;
}
