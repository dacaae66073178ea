/**
 * The folders' index pages, `/skills/`, `/bundles/` and `/clusters/`: each with its Markdown twin and
 * JSON twin, listing what its twin lists, linked from every page's navigation and from the sitemap.
 */
import { describe, expect, it } from 'vitest';
import type { Element } from 'hast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes } from 'mdast';
import { apiValidator } from '../../build/ajv.ts';
import type { Catalog, ClusterList } from '../../core/types.ts';
import { CLUSTER_IDS } from '../../core/types.ts';
import { formatEuro } from '../../site/render/format.ts';

import { baseUrl, elements, exists, htmlFiles, parseHtml, read, splitTwin, textContent } from './dist.ts';
import { estimateTokens } from '../../core/markdown-tokens.ts';
import { CLUSTER_LIST_FILE } from '../../core/published-files.ts';

const catalog = JSON.parse(read('catalog.json')) as Catalog;
const clusterList = JSON.parse(read(CLUSTER_LIST_FILE)) as ClusterList;
const INDEXES = [
  { section: 'skills', type: 'skill-index', json: '/catalog.json' },
  { section: 'bundles', type: 'bundle-index', json: '/catalog.json' },
  { section: 'clusters', type: 'cluster-index', json: `/${CLUSTER_LIST_FILE}` },
] as const;

const attr = (element: Element, name: string) => {
  const value = element.properties[name];
  return Array.isArray(value) ? value.join(' ') : value === undefined || value === null ? undefined : String(value);
};
const text = (file: string) => textContent(parseHtml(file)).replace(/\s+/g, ' ');
/** The links of a Markdown twin, as a reader sees them: `Title → url`, escapes resolved. */
function twinLinks(file: string): string[] {
  const found: string[] = [];
  const plain = (node: Nodes): string => ('value' in node ? node.value : 'children' in node ? node.children.map(plain).join('') : '');
  const walk = (node: Nodes) => {
    if (node.type === 'link') found.push(`${plain(node)} → ${node.url}`);
    if ('children' in node) node.children.forEach(walk);
  };
  walk(fromMarkdown(splitTwin(read(file)).markdown));
  return found;
}
const hrefs = (file: string) => elements(parseHtml(file)).filter((el) => el.tagName === 'a').map((el) => attr(el, 'href'));

describe('index pages of /skills/, /bundles/ and /clusters/', () => {
  it.each(INDEXES)('/$section/ has its page, its Markdown twin and its JSON twin, all naming one another', ({ section, type, json }) => {
    const base = baseUrl();
    const file = `${section}/index.html`;
    expect(exists(file), file).toBe(true);
    const head = elements(parseHtml(file)).filter((el) => el.tagName === 'link');
    const link = (rel: string, mediaType?: string) => head.find((el) => attr(el, 'rel') === rel && (mediaType === undefined || attr(el, 'type') === mediaType));
    // The address with the slash: the one Netlify serves the folder's index.html at.
    expect(attr(link('canonical')!, 'href')).toBe(`${base}/${section}/`);
    expect(attr(link('alternate', 'text/markdown')!, 'href')).toBe(`/${section}/index.md`);
    expect(attr(link('alternate', 'application/json')!, 'href')).toBe(json);
    expect(exists(json.slice(1)), json).toBe(true);

    const twin = read(`${section}/index.md`);
    const { matter } = splitTwin(twin);
    expect(matter).toEqual({ title: matter.title, description: matter.description, url: `${base}/${section}/`, type, site: base, tokens: estimateTokens(twin) });
  });

  it('/skills/ lists every published skill with its author and price, as its twin does', () => {
    const page = text('skills/index.html');
    const links = hrefs('skills/index.html');
    const twin = read('skills/index.md');
    expect(catalog.skills.length).toBeGreaterThan(0);
    for (const skill of catalog.skills) {
      expect(links, skill.slug).toContain(`/skills/${skill.slug}`);
      for (const fact of [skill.title, skill.author, formatEuro(skill.price.amount_cents)]) expect(page, `${skill.slug}: ${fact}`).toContain(fact);
      expect(twinLinks('skills/index.md'), skill.slug).toContain(`${skill.title} → ${skill.url}`);
      expect(twin, skill.slug).toContain(formatEuro(skill.price.amount_cents));
    }
    expect(twin.match(/^- \[/gm)).toHaveLength(catalog.skills.length);
  });

  it('/bundles/ lists every bundle with its price, list price and the pricing rule, as its twin does', () => {
    const page = text('bundles/index.html');
    const links = hrefs('bundles/index.html');
    const twin = read('bundles/index.md');
    expect(catalog.bundles.length).toBeGreaterThan(0);
    for (const text of [page, twin]) expect(text).toContain(catalog.pricing.rule);
    for (const bundle of catalog.bundles) {
      expect(links, bundle.slug).toContain(`/bundles/${bundle.slug}`);
      for (const fact of [bundle.title, formatEuro(bundle.price.amount_cents), formatEuro(bundle.price.list_cents)]) {
        expect(page, `${bundle.slug}: ${fact}`).toContain(fact);
        expect(twin, `${bundle.slug}: ${fact}`).toContain(fact);
      }
    }
    expect(twin.match(/^- \[/gm)).toHaveLength(catalog.bundles.length);
  });

  it('/clusters/index.json is a valid ClusterList of the seven clusters, counting what each cluster twin lists', () => {
    const validate = apiValidator('ClusterList');
    expect(validate(clusterList), JSON.stringify(validate.errors)).toBe(true);
    const base = baseUrl();
    expect(clusterList.json_url).toBe(`${base}/${CLUSTER_LIST_FILE}`);
    expect(clusterList.url).toBe(`${base}/clusters/`);
    expect(clusterList.clusters.map((cluster) => cluster.id)).toEqual([...CLUSTER_IDS]);
    for (const entry of clusterList.clusters) {
      const twin = JSON.parse(read(`clusters/${entry.id}.json`)) as Catalog;
      expect(entry.skill_count, entry.id).toBe(twin.skill_count);
      expect(entry.bundle_count, entry.id).toBe(twin.bundles.length);
      expect(entry.json_url).toBe(`${base}/clusters/${entry.id}.json`);
      expect(entry.url).toBe(`${base}/clusters/${entry.id}`);
    }
  });

  it('/clusters/ shows each cluster with its question and counts, as its twin and its JSON twin do', () => {
    const page = text('clusters/index.html');
    const links = hrefs('clusters/index.html');
    const twin = read('clusters/index.md');
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    for (const entry of clusterList.clusters) {
      expect(links).toContain(`/clusters/${entry.id}`);
      for (const fact of [entry.label, entry.question, plural(entry.skill_count, 'skill'), plural(entry.bundle_count, 'bundle')]) {
        expect(page, `${entry.id}: ${fact}`).toContain(fact);
      }
      expect(twinLinks('clusters/index.md')).toContain(`${entry.label} → ${entry.url}`);
      expect(twin).toContain(`${entry.question} (${plural(entry.skill_count, 'skill')}, ${plural(entry.bundle_count, 'bundle')})`);
    }
  });

  it('are linked from the navigation of every page, and each marks its own link as the current page', () => {
    const pages = htmlFiles();
    expect(pages.length).toBeGreaterThan(30);
    for (const file of pages) {
      const nav = elements(parseHtml(file)).find((el) => el.tagName === 'nav' && attr(el, 'className')?.split(' ').includes('site-nav'));
      expect(nav, file).toBeDefined();
      const links = elements(nav!).filter((el) => el.tagName === 'a');
      const navHrefs = links.map((el) => attr(el, 'href'));
      for (const { section } of INDEXES) expect(navHrefs, file).toContain(`/${section}/`);
      const current = links.filter((el) => attr(el, 'ariaCurrent') === 'page').map((el) => attr(el, 'href'));
      const own = INDEXES.find(({ section }) => file === `${section}/index.html`);
      if (own) expect(current, file).toEqual([`/${own.section}/`]);
    }
  });

  it('are linked with the slash, so no link costs a redirect (Netlify sends /skills to /skills/)', () => {
    // Netlify's pretty URLs, the default, answer a folder's path without its slash with a 301 to the
    // path with it (https://github.com/slorber/trailing-slash-guide/blob/main/docs/Hosting-Providers.md,
    // the Netlify row; https://answers.netlify.com/t/support-guide-how-can-i-alter-trailing-slash-behaviour-in-my-urls-will-enabling-pretty-urls-help/31191).
    const bare = new Set(INDEXES.map(({ section }) => `/${section}`));
    for (const file of htmlFiles()) {
      const redirected = hrefs(file).filter((href) => href !== undefined && bare.has(href.split('#')[0]));
      expect(redirected, file).toEqual([]);
    }
  });

  it('are in the sitemap, each dated by the newest item it lists', () => {
    const sitemap = read('sitemap.xml');
    const dateOf = (loc: string) => new RegExp(`<loc>${loc.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}</loc>\\s*<lastmod>([^<]+)</lastmod>`).exec(sitemap)?.[1];
    const base = baseUrl();
    const newest = (urls: string[]) => urls.map((url) => dateOf(url)!).sort((a, b) => Date.parse(b) - Date.parse(a))[0];
    expect(dateOf(`${base}/skills/`)).toBe(newest(catalog.skills.map((skill) => skill.url)));
    expect(dateOf(`${base}/bundles/`)).toBe(newest(catalog.bundles.map((bundle) => bundle.url)));
    expect(dateOf(`${base}/clusters/`)).toBe(newest([...catalog.skills, ...catalog.bundles].map((item) => item.url)));
  });
});
