/**
 * The feeds of new and changed skills and bundles: the whole catalogue's, and each cluster's, each
 * as Atom 1.0 (RFC 4287) and JSON Feed 1.1 (jsonfeed.org/version/1.1), for people who subscribe
 * rather than come back to look. A feed holds its newest entries by their last change (the dates
 * the build takes from git: build/content-dates.ts), each with its first publication, title,
 * author, summary, net price and page.
 *
 * An entry's id is its page's address: an edit keeps it, so a reader shows the entry as updated;
 * a renamed slug is another address, so the renamed item is a new entry and the old one leaves
 * the feed as newer ones come. Drafts are no part of the catalogue the feeds select from.
 */
import { clusterQuery, selectCatalog } from '../core/query.ts';
import { PRICES_NOTE } from '../core/pricing.ts';
import { FEED_FORMATS, feedFile, publishedPath } from '../core/published-files.ts';
import type { FeedFormat } from '../core/published-files.ts';
import type { Cluster } from '../core/types.ts';
import { clusterRef } from './pages/cluster.ts';
import { homeRef } from './pages/home.ts';
import { formatEuro } from './render/format.ts';
import { escapeXml } from './render/xml.ts';
import type { CatalogueModel } from './model.ts';
import type { OutputFile } from './types.ts';

/** How many entries a feed holds: its newest. */
export const FEED_ENTRIES = 50;

/** One skill or bundle as its feeds show it. */
export interface FeedEntry {
  id: string;
  url: string;
  type: 'skill' | 'bundle';
  title: string;
  /** A skill's author; a bundle's entry is the shop's, as the feed is. */
  author?: string;
  summary: string;
  amountCents: number;
  currency: string;
  published: string;
  updated: string;
  /** The clusters it is listed in. */
  categories: { term: string; label: string }[];
}

/** One feed, in both formats: all its files read. */
export interface FeedInput {
  /** The cluster it follows; none for the whole catalogue's. */
  cluster?: string;
  title: string;
  description: string;
  /** The page the feed follows: the overview, or the cluster's page. */
  homeUrl: string;
  baseUrl: string;
  shopName: string;
  /** When nothing is in it: the catalogue's date. */
  generatedAt: string;
  entries: FeedEntry[];
}

/** Every feed of the catalogue: the whole catalogue's first, then each cluster's, in cluster order. */
export function feedInputs(model: Pick<CatalogueModel, 'site' | 'clusters' | 'skills' | 'bundles' | 'catalog' | 'index' | 'generatedAt'>): FeedInput[] {
  const { site } = model;
  const labels = new Map(model.clusters.map((cluster) => [cluster.id, cluster.label]));
  const skillEntry = ({ skill, lastModified, firstPublished }: CatalogueModel['skills'][number]): FeedEntry => ({
    id: skill.url,
    url: skill.url,
    type: 'skill',
    title: skill.title,
    author: skill.author,
    summary: skill.summary ?? skill.problem ?? site.description,
    amountCents: skill.price.amount_cents,
    currency: skill.price.currency,
    published: firstPublished,
    updated: lastModified,
    categories: skill.clusters.map(({ id }) => ({ term: id, label: labels.get(id) ?? id })),
  });
  const bundleEntry = ({ bundle, lastModified, firstPublished }: CatalogueModel['bundles'][number]): FeedEntry => ({
    id: bundle.url,
    url: bundle.url,
    type: 'bundle',
    title: bundle.title,
    summary: bundle.blurb,
    amountCents: bundle.price.amount_cents,
    currency: bundle.price.currency,
    published: firstPublished,
    updated: lastModified,
    categories: [],
  });
  // Every item ranked once, newest first: a feed's entries are the first of its items in this
  // order, and only those few are made entries.
  const ranked: Ranked[] = [
    ...model.skills.map((entry, skill) => ({ id: entry.skill.url, skill, ...instants(entry) })),
    ...model.bundles.map((entry, bundle) => ({ id: entry.bundle.url, bundle, ...instants(entry) })),
  ].sort(newestFirst);
  const newest = (holds: (item: Ranked) => boolean): FeedEntry[] => {
    const entries: FeedEntry[] = [];
    for (const item of ranked) {
      if (entries.length === FEED_ENTRIES) break;
      if (holds(item)) entries.push(item.skill !== undefined ? skillEntry(model.skills[item.skill]) : bundleEntry(model.bundles[item.bundle!]));
    }
    return entries;
  };
  const base = { baseUrl: site.baseUrl, shopName: site.name, generatedAt: model.generatedAt };
  const whole: FeedInput = {
    ...base,
    title: `${site.name}: new skills and bundles`,
    description: site.description,
    homeUrl: homeRef(site).url,
    entries: newest(() => true),
  };
  const ofCluster = (cluster: Cluster): FeedInput => {
    const selected = selectCatalog(model.index, clusterQuery(cluster.id));
    const skills = new Set(selected.skills);
    const bundles = new Set(selected.bundles);
    return {
      ...base,
      cluster: cluster.id,
      title: `${site.name}, ${cluster.label}: new skills and bundles`,
      description: cluster.question,
      homeUrl: clusterRef(site.baseUrl, cluster).url,
      entries: newest((item) => (item.skill !== undefined ? skills.has(item.skill) : bundles.has(item.bundle!))),
    };
  };
  return [whole, ...model.clusters.map(ofCluster)];
}

/** A skill or a bundle by its place in the catalogue, with what feeds order it by. */
interface Ranked {
  id: string;
  skill?: number;
  bundle?: number;
  updated: number;
  published: number;
}

/** An item's dates as instants: compared as instants, not as texts, since git writes each commit's own offset. */
const instants = ({ lastModified, firstPublished }: { lastModified: string; firstPublished: string }) => ({ updated: Date.parse(lastModified), published: Date.parse(firstPublished) });

/** Newest first: by the last change, then the first publication, then the address. */
const newestFirst = (a: Ranked, b: Ranked): number => b.updated - a.updated || b.published - a.published || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A feed's own address, in one format. */
export const feedUrl = (input: Pick<FeedInput, 'baseUrl' | 'cluster'>, format: FeedFormat): string => `${input.baseUrl}${publishedPath(feedFile(format, input.cluster))}`;

/** What an entry's text says besides its summary: its net price, as every page says it. */
const priceLine = (entry: FeedEntry) => `Net price: ${formatEuro(entry.amountCents)}. ${PRICES_NOTE}`;

/** When the feed last changed: its newest entry's change, or the catalogue's date when it has none. */
const updatedOf = (input: FeedInput) => input.entries[0]?.updated ?? input.generatedAt;

/** The feed's two files. */
export function feedFiles(input: FeedInput): OutputFile[] {
  return (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => ({ path: feedFile(format, input.cluster), bytes: format === 'atom' ? atomFeed(input) : jsonFeed(input) }));
}

/** Atom 1.0: every text an element's text, escaped, never markup (`type="text"`). */
export function atomFeed(input: FeedInput): string {
  const text = (value: string) => escapeXml(value);
  const entry = (item: FeedEntry) => [
    '  <entry>',
    `    <id>${text(item.id)}</id>`,
    `    <title type="text">${text(item.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${text(item.url)}"/>`,
    `    <published>${text(item.published)}</published>`,
    `    <updated>${text(item.updated)}</updated>`,
    ...(item.author ? [`    <author><name>${text(item.author)}</name></author>`] : []),
    ...item.categories.map((category) => `    <category term="${text(category.term)}" label="${text(category.label)}"/>`),
    `    <summary type="text">${text(item.summary)}</summary>`,
    `    <content type="text">${text(`${item.summary}\n\n${priceLine(item)}`)}</content>`,
    '  </entry>',
  ];
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${text(feedUrl(input, 'atom'))}</id>`,
    `  <title type="text">${text(input.title)}</title>`,
    `  <subtitle type="text">${text(input.description)}</subtitle>`,
    `  <updated>${text(updatedOf(input))}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${text(feedUrl(input, 'atom'))}"/>`,
    `  <link rel="alternate" type="text/html" href="${text(input.homeUrl)}"/>`,
    `  <link rel="alternate" type="application/feed+json" href="${text(feedUrl(input, 'json'))}"/>`,
    `  <author><name>${text(input.shopName)}</name><uri>${text(input.baseUrl)}/</uri></author>`,
    ...input.entries.flatMap(entry),
    '</feed>',
    '',
  ].join('\n');
}

/** JSON Feed 1.1: the price also as data, under an extension (an object whose name starts with an
 * underscore, which readers that do not know it ignore). */
export function jsonFeed(input: FeedInput): string {
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: input.title,
    home_page_url: input.homeUrl,
    feed_url: feedUrl(input, 'json'),
    description: input.description,
    language: 'en',
    authors: [{ name: input.shopName, url: `${input.baseUrl}/` }],
    items: input.entries.map((item) => ({
      id: item.id,
      url: item.url,
      title: item.title,
      content_text: `${item.summary}\n\n${priceLine(item)}`,
      summary: item.summary,
      date_published: item.published,
      date_modified: item.updated,
      ...(item.author ? { authors: [{ name: item.author }] } : {}),
      tags: item.categories.map((category) => category.label),
      _catalogue: { type: item.type, price: { amount_cents: item.amountCents, currency: item.currency, net: formatEuro(item.amountCents) } },
    })),
  };
  return `${JSON.stringify(feed, null, 2)}\n`;
}
