/**
 * The feeds in dist/ (site/feeds.ts): the catalogue's and each cluster's, as Atom and JSON Feed.
 * Atom is held to RFC 4287's own RELAX NG schema (its Appendix B, test/fixtures/feeds/atom.rnc,
 * turned by Debian's trang into the XML syntax xmllint reads), JSON Feed to version 1.1's rules
 * (test/helpers/json-feed.ts); both are read back by feed parsers from npm, and each holds the
 * newest entries by their pages' last change, each entry the catalogue's own facts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Parser from 'rss-parser';
import { extractFromJson } from '@extractus/feed-extractor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, PROJECT, elements, files, parseHtml, read } from './dist.ts';
import { jsonFeedProblems } from '../helpers/json-feed.ts';
import { FEED_FORMATS, feedFile } from '../../core/published-files.ts';
import type { FeedFormat } from '../../core/published-files.ts';
import { FEED_CONTENT_TYPES } from '../../core/page-headers.ts';
import { FEED_ENTRIES } from '../../site/feeds.ts';
import { formatEuro } from '../../site/render/format.ts';
import type { Bundle, Catalog, Skill } from '../../core/types.ts';

const catalog = JSON.parse(read('catalog.json')) as Catalog;
const clusterIds = catalog.skills.flatMap((skill) => skill.clusters.map((cluster) => cluster.id)).filter((id, i, all) => all.indexOf(id) === i);
/** Every feed: the catalogue's, then each cluster's (undefined: the catalogue's). */
const FEEDS: (string | undefined)[] = [undefined, ...files('feeds/*.xml').map((file) => file.slice('feeds/'.length, -'.xml'.length))];
/** Each page's last change, as the sitemap says it. */
const lastmod = new Map([...read('sitemap.xml').matchAll(/<loc>([^<]*)<\/loc>\s*<lastmod>([^<]*)<\/lastmod>/g)].map(([, loc, date]) => [loc, date]));

interface JsonItem {
  id: string;
  url: string;
  title: string;
  content_text: string;
  date_published: string;
  date_modified: string;
  authors?: { name: string }[];
  tags: string[];
  _catalogue: { type: 'skill' | 'bundle'; price: { amount_cents: number } };
}
const jsonFeed = (cluster?: string) => JSON.parse(read(feedFile('json', cluster))) as { title: string; feed_url: string; items: JsonItem[] };

/** The skills and bundles a feed follows: every one, or a cluster's as its JSON twin lists them. */
function followed(cluster?: string): { skills: Skill[]; bundles: Bundle[] } {
  if (cluster === undefined) return catalog;
  return JSON.parse(read(`clusters/${cluster}.json`)) as Catalog;
}

let work: string;
let rng: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'feeds-'));
  rng = join(work, 'atom.rng');
  execFileSync('trang', [join(PROJECT, 'test/fixtures/feeds/atom.rnc'), rng]);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the feeds', () => {
  it('are one pair for the catalogue and one for each cluster', () => {
    expect(FEEDS.slice(1).sort()).toEqual([...clusterIds].sort());
    for (const cluster of FEEDS) for (const format of Object.keys(FEED_FORMATS) as FeedFormat[]) expect(files(feedFile(format, cluster)), feedFile(format, cluster)).toHaveLength(1);
  });

  it('validate against RFC 4287\'s RELAX NG schema (Atom)', () => {
    for (const cluster of FEEDS) {
      const file = join(DIST, feedFile('atom', cluster));
      // xmllint exits non-zero on an invalid document, which fails the test with its message.
      expect(execFileSync('xmllint', ['--noout', '--relaxng', rng, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toBe('');
    }
  });

  it('keep JSON Feed 1.1\'s rules', () => {
    for (const cluster of FEEDS) expect(jsonFeedProblems(jsonFeed(cluster)), feedFile('json', cluster)).toEqual([]);
  });

  it('hold the newest entries of what they follow, by their pages\' last change, at most as many as a feed holds', () => {
    for (const cluster of FEEDS) {
      const { skills, bundles } = followed(cluster);
      const items = [...skills, ...bundles];
      const { items: entries } = jsonFeed(cluster);
      expect(entries.length, feedFile('json', cluster)).toBe(Math.min(FEED_ENTRIES, items.length));
      const urls = new Set(items.map((item) => item.url));
      const time = (date: string) => Date.parse(date);
      for (const entry of entries) {
        expect(urls.has(entry.url), entry.url).toBe(true);
        expect(entry.date_modified, entry.url).toBe(lastmod.get(entry.url));
        expect(time(entry.date_published), entry.url).toBeLessThanOrEqual(time(entry.date_modified));
      }
      for (let i = 1; i < entries.length; i++) expect(time(entries[i].date_modified)).toBeLessThanOrEqual(time(entries[i - 1].date_modified));
      // Nothing left out is newer than the oldest entry kept.
      const oldest = time(entries.at(-1)!.date_modified);
      const kept = new Set(entries.map((entry) => entry.url));
      expect(items.filter((item) => !kept.has(item.url) && time(lastmod.get(item.url)!) > oldest).map((item) => item.url)).toEqual([]);
    }
  });

  it('give each entry its page\'s address as its id, and the catalogue\'s title, author and net price', () => {
    const byUrl = new Map<string, Skill | Bundle>([...catalog.skills, ...catalog.bundles].map((item) => [item.url, item]));
    for (const entry of jsonFeed().items) {
      const item = byUrl.get(entry.url)!;
      expect(entry.id).toBe(item.url);
      expect(entry.title).toBe(item.title);
      expect(entry._catalogue).toMatchObject({ type: item.type, price: { amount_cents: item.price.amount_cents } });
      expect(entry.content_text).toContain(`Net price: ${formatEuro(item.price.amount_cents)}.`);
      if (item.type === 'skill') expect(entry.authors).toEqual([{ name: item.author }]);
    }
  });

  it('read back by rss-parser (Atom) and feed-extractor (JSON Feed) with the same entries', async () => {
    const parser = new Parser();
    for (const cluster of FEEDS) {
      const expected = jsonFeed(cluster).items.map((item) => ({ id: item.id, title: item.title, link: item.url, published: Date.parse(item.date_published) }));
      const atom = await parser.parseString(read(feedFile('atom', cluster)));
      expect(atom.title).toBe(jsonFeed(cluster).title);
      expect(atom.items.map((item) => ({ id: item.id, title: item.title, link: item.link, published: Date.parse(item.pubDate ?? '') }))).toEqual(expected);
      const json = extractFromJson(jsonFeed(cluster), { normalization: true });
      expect(json.entries?.map((entry) => ({ id: entry.id, title: entry.title, link: entry.link, published: Date.parse(entry.published ?? '') }))).toEqual(expected);
    }
  });

  it('are linked from every page\'s head, a cluster\'s pages linking theirs too', () => {
    const links = (page: string) => elements(parseHtml(page)).filter((node) => node.tagName === 'link' && node.properties.rel?.toString() === 'alternate')
      .map((node) => `${node.properties.type} ${node.properties.href}`);
    const catalogue = (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => `${FEED_CONTENT_TYPES[format].split(';')[0]} /${feedFile(format)}`);
    for (const page of ['index.html', files('skills/*.html')[0], files('bundles/*.html')[0]]) expect(links(page), page).toEqual(expect.arrayContaining(catalogue));
    const cluster = clusterIds[0];
    expect(links(`clusters/${cluster}.html`)).toEqual(expect.arrayContaining([...catalogue, `application/atom+xml /${feedFile('atom', cluster)}`, `application/feed+json /${feedFile('json', cluster)}`]));
  });

  it('are named in llms.txt', () => {
    const llms = read('llms.txt');
    for (const format of Object.keys(FEED_FORMATS) as FeedFormat[]) expect(llms).toContain(`/${feedFile(format)}`);
  });
});
