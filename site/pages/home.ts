/** The overview, `/`, and its twin `/index.md`; its JSON twin is `/catalog.json` (site/catalog.ts). */
import { CATALOG_FILE, publishedPath } from '../../core/published-files.ts';
import { bundleIndexRef, named, pageAt } from './page-ref.ts';
import type { PageLocation, PageRef } from './page-ref.ts';
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { Bundle, Catalog, Cluster, Skill } from '../../core/types.ts';
import { count, formatDate, formatEuro } from '../render/format.ts';
import type { PageFrame } from './frame.ts';
import { listings } from './listing.ts';
import { renderPage } from '../html/layout.ts';
import { webSite } from '../html/structured-data.ts';
import { SEARCH_PAGE_PATH } from '../../core/search-paths.ts';
import { bundleCard, clusterAnchor, clusterPath, skillCard, skillPath } from '../html/parts.ts';
import { PRICES_NOTE } from '../../core/pricing.ts';
import { clusterRef } from './cluster.ts';
import { frontMatter, twinDocument } from '../markdown/document.ts';
import { facts, heading, joined, link, paragraph } from '../markdown/mdast.ts';
import type { Block } from '../markdown/mdast.ts';
import { bundleList, skillList } from '../markdown/lists.ts';
import { pageFiles } from './kind.ts';
import type { ListingKind } from './kind.ts';
import { newestOf } from './newest.ts';
import { cardImage, cardOfHome } from '../../core/card.ts';

/** `/`: the overview of the whole catalogue; its JSON twin is `/catalog.json`. */
export const homeAt = (baseUrl: string): PageLocation => pageAt(baseUrl, 'catalog', null, publishedPath(CATALOG_FILE));
export const homeRef = (site: { baseUrl: string; name: string; description: string }): PageRef =>
  named(homeAt(site.baseUrl), { title: site.name, description: site.description });

/**
 * What the overview shows at most, so that it stays as light at 50,000 skills as at 30 (the sample
 * shows whole); past it the rest is one link away, on the cluster's pages and `/bundles/`.
 * `cluster`: cards of a cluster's skills listed there first, and skills also useful there named in
 * a sentence (past that they are counted). `bundles`: the bundles' cards.
 */
export const OVERVIEW_LIMITS = { cluster: 5, bundles: 12 } as const;

/** A cluster's share of the overview: the first of the skills listed there first, how many there
 * are, and the skills also useful there, each named while they are few. */
export interface OverviewCluster {
  listed: Skill[];
  listedCount: number;
  also: Skill[];
  alsoCount: number;
}

/** What the overview shows of the catalogue, selected from it whole: all its page reads besides the frame. */
export interface HomeView {
  pricing: Catalog['pricing'];
  skillCount: number;
  bundleCount: number;
  version: number;
  generatedAt: string;
  /** Each cluster's share, in the frame's order of clusters. */
  clusters: OverviewCluster[];
  /** The first of the bundles. */
  bundles: Bundle[];
}

export function homeView(clusters: readonly Cluster[], catalog: Catalog): HomeView {
  const listingOf = listings(catalog);
  return {
    pricing: catalog.pricing,
    skillCount: catalog.skill_count,
    bundleCount: catalog.bundles.length,
    version: catalog.version,
    generatedAt: catalog.generated_at,
    clusters: clusters.map((cluster) => {
      const { listed, also } = listingOf(cluster);
      return { listed: listed.slice(0, OVERVIEW_LIMITS.cluster), listedCount: listed.length, also: also.length <= OVERVIEW_LIMITS.cluster ? also : [], alsoCount: also.length };
    }),
    bundles: catalog.bundles.slice(0, OVERVIEW_LIMITS.bundles),
  };
}

/** The skills also useful in a cluster, each named, or past the limit counted. */
const alsoNamed = ({ also, alsoCount }: OverviewCluster): Skill[] | string =>
  alsoCount <= OVERVIEW_LIMITS.cluster ? also : `${count(alsoCount, 'skill')} filed first under another cluster.`;

/**
 * `/`: the catalogue overview. Each cluster with its question and the skills listed under it (a
 * skill sits under its first cluster, and is named under its second), then the bundles with their
 * prices, then the catalogue's own facts. Each item's remaining facts are one link away.
 */
export function homeHtml(frame: PageFrame, view: HomeView): string {
  const page = homeRef(frame.site);
  const content: Array<Element | null> = [
    h('header.intro', [
      h('h1', frame.site.name),
      h('p.lead', frame.site.description),
      h('p', `A skill costs ${formatEuro(view.pricing.single_cents)} unless marked otherwise; in a bundle every third skill is free. ${PRICES_NOTE}`),
    ]),
    h('section#clusters', { ariaLabel: 'Clusters' }, [
      h('nav', { ariaLabel: 'Jump to a cluster' }, h('ul.chips', frame.clusters.map((cluster) =>
        h('li', h('a', { href: `#${clusterAnchor(cluster)}` }, cluster.label)),
      ))),
      ...frame.clusters.map((cluster, i) => clusterSection(cluster, view.clusters[i])),
    ]),
    bundleSection(frame, view),
    h('section.section', { ariaLabelledBy: 'about-heading' }, [
      h('h2#about-heading', 'About this catalogue'),
      h('dl.facts', [
        h('dt', 'Skills'), h('dd', String(view.skillCount)),
        h('dt', 'Bundles'), h('dd', String(view.bundleCount)),
        h('dt', 'Single price'), h('dd', `${formatEuro(view.pricing.single_cents)} (${view.pricing.currency}, net)`),
        h('dt', 'Catalogue version'), h('dd', String(view.version)),
        h('dt', 'Generated'), h('dd', h('time', { dateTime: view.generatedAt }, formatDate(view.generatedAt))),
      ]),
    ]),
  ];
  return renderPage(frame, {
    page,
    title: `${frame.site.name} · Catalogue`,
    description: page.description,
    current: 'catalogue',
    content,
    card: cardImage(frame.site.baseUrl, cardOfHome(frame.site)),
    structuredData: [webSite(frame.site.name, page.url, page.description, `${frame.site.baseUrl}${SEARCH_PAGE_PATH}`)],
  });
}

function bundleSection(frame: PageFrame, view: HomeView): Element {
  return h('section.section#bundles', { ariaLabelledBy: 'bundles-heading' }, [
    view.bundleCount > view.bundles.length
      ? h('header', [h('h2#bundles-heading', 'Bundles'), h('a.more', { href: bundleIndexRef(frame.site).path }, `All ${count(view.bundleCount, 'bundle')}`)])
      : h('h2#bundles-heading', 'Bundles'),
    h('p.question', view.pricing.rule),
    h('ul.cards', view.bundles.map(bundleCard)),
  ]);
}

function clusterSection(cluster: Cluster, share: OverviewCluster): Element {
  const also = alsoNamed(share);
  const headingId = `${clusterAnchor(cluster)}-heading`;
  return h('section.section', { id: clusterAnchor(cluster), ariaLabelledBy: headingId }, [
    h('header', [
      h('h2', { id: headingId }, cluster.label),
      h('a.more', { href: clusterPath(cluster.id) }, `All ${count(share.listedCount + share.alsoCount, 'skill')} in ${cluster.label}`),
    ]),
    h('p.question', cluster.question),
    share.listed.length > 0 ? h('ul.cards', share.listed.map(skillCard)) : h('p', 'No published skill lists this cluster first yet.'),
    share.alsoCount > 0
      ? h('p.also', ['Also useful here: ', ...(typeof also === 'string' ? [also] : also.flatMap((skill, i) => [i > 0 ? ', ' : '', h('a', { href: skillPath(skill.slug) }, skill.title)]))])
      : null,
  ]);
}

/** The Markdown twin of `/`: clusters with their questions and skills, bundles with prices. */
export function homeTwin(frame: PageFrame, view: HomeView): string {
  const base = frame.site.baseUrl;
  const blocks: Block[] = [
    heading(1, frame.site.name),
    paragraph(frame.site.description),
    paragraph(`A skill costs ${formatEuro(view.pricing.single_cents)} unless marked otherwise; in a bundle every third skill is free. ${PRICES_NOTE}`),
  ];
  frame.clusters.forEach((cluster, i) => {
    const share = view.clusters[i];
    const named = alsoNamed(share);
    blocks.push(heading(2, cluster.label), paragraph(cluster.question, ' (', link(clusterRef(base, cluster).url, `all ${count(share.listedCount + share.alsoCount, 'skill')}`), ')'));
    if (share.listedCount > 0) blocks.push(skillList(share.listed));
    if (share.alsoCount > 0) blocks.push(paragraph('Also useful here: ', ...(typeof named === 'string' ? [named] : joined(named.map((skill) => link(skill.url, skill.title))))));
  });
  const more = view.bundleCount > view.bundles.length;
  blocks.push(heading(2, 'Bundles'), paragraph(view.pricing.rule, ...(more ? [' (', link(bundleIndexRef(frame.site).url, `all ${count(view.bundleCount, 'bundle')}`), ')'] : [])), bundleList(view.bundles));
  blocks.push(heading(2, 'About this catalogue'), facts([
    ['Skills', String(view.skillCount)],
    ['Bundles', String(view.bundleCount)],
    ['Single price', `${formatEuro(view.pricing.single_cents)} (${view.pricing.currency}, net)`],
    ['Catalogue version', String(view.version)],
    ['Generated', `${formatDate(view.generatedAt)} (${view.generatedAt})`],
    ['JSON', link(`${base}/catalog.json`, `${base}/catalog.json`)],
  ]));
  return twinDocument(frontMatter(frame, homeRef(frame.site)), blocks);
}

export const homeKind: ListingKind<HomeView> = {
  type: 'catalog',
  code: import.meta.url,
  tasks: (frame, { catalog }) => [{ path: homeAt(frame.site.baseUrl).path, input: homeView(frame.clusters, catalog) }],
  render: (frame, view) => pageFiles(frame, homeRef(frame.site), homeHtml(frame, view), homeTwin(frame, view)),
  // The overview changes whenever one of its items does.
  pages: (model) => [{ ...homeAt(model.site.baseUrl), lastModified: newestOf(model, [...model.skills, ...model.bundles]) }],
};
