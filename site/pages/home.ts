/** The overview, `/`, and its twin `/index.md`; its JSON twin is `/catalog.json` (site/catalog.ts). */
import { CATALOG_FILE, publishedPath } from '../../core/published-files.ts';
import { bundleIndexRef, named, pageAt } from './page-ref.ts';
import type { PageLocation, PageRef } from './page-ref.ts';
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { Catalog, Cluster, Skill } from '../../core/types.ts';
import { count, formatDate, formatEuro } from '../render/format.ts';
import type { PageFrame } from './frame.ts';
import { listedIn } from './listing.ts';
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

/** The first `limit` of `items`, and how many are left out. */
function firstOf<T>(items: readonly T[], limit: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

/** The skills also useful in a cluster, each named, or past the limit counted. */
const alsoNamed = (also: readonly Skill[]): Skill[] | string =>
  also.length <= OVERVIEW_LIMITS.cluster ? [...also] : `${count(also.length, 'skill')} filed first under another cluster.`;

/**
 * `/`: the catalogue overview. Each cluster with its question and the skills listed under it (a
 * skill sits under its first cluster, and is named under its second), then the bundles with their
 * prices, then the catalogue's own facts. Each item's remaining facts are one link away.
 */
export function homeHtml(frame: PageFrame, catalog: Catalog): string {
  const page = homeRef(frame.site);
  const content: Array<Element | null> = [
    h('header.intro', [
      h('h1', frame.site.name),
      h('p.lead', frame.site.description),
      h('p', `A skill costs ${formatEuro(catalog.pricing.single_cents)} unless marked otherwise; in a bundle every third skill is free. ${PRICES_NOTE}`),
    ]),
    h('section#clusters', { ariaLabel: 'Clusters' }, [
      h('nav', { ariaLabel: 'Jump to a cluster' }, h('ul.chips', frame.clusters.map((cluster) =>
        h('li', h('a', { href: `#${clusterAnchor(cluster)}` }, cluster.label)),
      ))),
      ...frame.clusters.map((cluster) => clusterSection(catalog, cluster)),
    ]),
    bundleSection(frame, catalog),
    h('section.section', { ariaLabelledBy: 'about-heading' }, [
      h('h2#about-heading', 'About this catalogue'),
      h('dl.facts', [
        h('dt', 'Skills'), h('dd', String(catalog.skill_count)),
        h('dt', 'Bundles'), h('dd', String(catalog.bundles.length)),
        h('dt', 'Single price'), h('dd', `${formatEuro(catalog.pricing.single_cents)} (${catalog.pricing.currency}, net)`),
        h('dt', 'Catalogue version'), h('dd', String(catalog.version)),
        h('dt', 'Generated'), h('dd', h('time', { dateTime: catalog.generated_at }, formatDate(catalog.generated_at))),
      ]),
    ]),
  ];
  return renderPage(frame, {
    page,
    title: `${frame.site.name} · Catalogue`,
    description: page.description,
    current: 'catalogue',
    content,
    structuredData: [webSite(frame.site.name, page.url, page.description, `${frame.site.baseUrl}${SEARCH_PAGE_PATH}`)],
  });
}

function bundleSection(frame: PageFrame, catalog: Catalog): Element {
  const bundles = firstOf(catalog.bundles, OVERVIEW_LIMITS.bundles);
  return h('section.section#bundles', { ariaLabelledBy: 'bundles-heading' }, [
    bundles.more > 0
      ? h('header', [h('h2#bundles-heading', 'Bundles'), h('a.more', { href: bundleIndexRef(frame.site).path }, `All ${count(catalog.bundles.length, 'bundle')}`)])
      : h('h2#bundles-heading', 'Bundles'),
    h('p.question', catalog.pricing.rule),
    h('ul.cards', bundles.shown.map(bundleCard)),
  ]);
}

function clusterSection(catalog: Catalog, cluster: Cluster): Element {
  const { listed: all, also: allAlso } = listedIn(catalog, cluster);
  const { shown: listed } = firstOf(all, OVERVIEW_LIMITS.cluster);
  const also = alsoNamed(allAlso);
  const headingId = `${clusterAnchor(cluster)}-heading`;
  return h('section.section', { id: clusterAnchor(cluster), ariaLabelledBy: headingId }, [
    h('header', [
      h('h2', { id: headingId }, cluster.label),
      h('a.more', { href: clusterPath(cluster.id) }, `All ${count(all.length + allAlso.length, 'skill')} in ${cluster.label}`),
    ]),
    h('p.question', cluster.question),
    listed.length > 0 ? h('ul.cards', listed.map(skillCard)) : h('p', 'No published skill lists this cluster first yet.'),
    allAlso.length > 0
      ? h('p.also', ['Also useful here: ', ...(typeof also === 'string' ? [also] : also.flatMap((skill, i) => [i > 0 ? ', ' : '', h('a', { href: skillPath(skill.slug) }, skill.title)]))])
      : null,
  ]);
}

/** The Markdown twin of `/`: clusters with their questions and skills, bundles with prices. */
export function homeTwin(frame: PageFrame, catalog: Catalog): string {
  const base = frame.site.baseUrl;
  const blocks: Block[] = [
    heading(1, frame.site.name),
    paragraph(frame.site.description),
    paragraph(`A skill costs ${formatEuro(catalog.pricing.single_cents)} unless marked otherwise; in a bundle every third skill is free. ${PRICES_NOTE}`),
  ];
  for (const cluster of frame.clusters) {
    const { listed, also } = listedIn(catalog, cluster);
    const first = firstOf(listed, OVERVIEW_LIMITS.cluster);
    const named = alsoNamed(also);
    blocks.push(heading(2, cluster.label), paragraph(cluster.question, ' (', link(clusterRef(base, cluster).url, `all ${count(listed.length + also.length, 'skill')}`), ')'));
    if (listed.length > 0) blocks.push(skillList(first.shown));
    if (also.length > 0) blocks.push(paragraph('Also useful here: ', ...(typeof named === 'string' ? [named] : joined(named.map((skill) => link(skill.url, skill.title))))));
  }
  const bundles = firstOf(catalog.bundles, OVERVIEW_LIMITS.bundles);
  blocks.push(heading(2, 'Bundles'), paragraph(catalog.pricing.rule, ...(bundles.more > 0 ? [' (', link(bundleIndexRef(frame.site).url, `all ${count(catalog.bundles.length, 'bundle')}`), ')'] : [])), bundleList(bundles.shown));
  blocks.push(heading(2, 'About this catalogue'), facts([
    ['Skills', String(catalog.skill_count)],
    ['Bundles', String(catalog.bundles.length)],
    ['Single price', `${formatEuro(catalog.pricing.single_cents)} (${catalog.pricing.currency}, net)`],
    ['Catalogue version', String(catalog.version)],
    ['Generated', `${formatDate(catalog.generated_at)} (${catalog.generated_at})`],
    ['JSON', link(`${base}/catalog.json`, `${base}/catalog.json`)],
  ]));
  return twinDocument(frontMatter(frame, homeRef(frame.site)), blocks);
}

export const homeKind: ListingKind = {
  type: 'catalog',
  render: (frame, { catalog }) => pageFiles(frame, homeRef(frame.site), homeHtml(frame, catalog), homeTwin(frame, catalog)),
  // The overview changes whenever one of its items does.
  pages: (model) => [{ ...homeAt(model.site.baseUrl), lastModified: newestOf(model, [...model.skills, ...model.bundles]) }],
};
