/** Markdown twins: one per page, parseable, exactly the front matter keys of
 * core/twin-front-matter.ts, and the same facts as the page (checked fact by fact against the JSON twins). */
import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import type { Heading, Root } from 'mdast';
import type { Bundle, Catalog, Skill } from '../../core/types.ts';
import { formatEuro } from '../../site/render/format.ts';
import { estimateTokens } from '../../core/markdown-tokens.ts';
import { baseUrl, exists, htmlFiles, markdownFiles, pagePathOf, parseHtml, read, splitTwin, textContent } from './dist.ts';

const parser = unified().use(remarkParse).use(remarkGfm);
const twins = markdownFiles();
const catalog = JSON.parse(read('catalog.json')) as Catalog;
const pageText = (file: string) => textContent(parseHtml(file)).replace(/\s+/g, ' ');
/** The text a reader of the twin sees (escapes resolved), blocks separated by a space. */
const plain = (markdown: string) => markdownText(parser.parse(markdown) as Root).replace(/\s+/g, ' ');

type MdNode = { type: string; value?: string; children?: MdNode[] };
const PHRASING = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'link', 'delete', 'tableCell']);
function markdownText(node: MdNode): string {
  if (node.value !== undefined) return node.value;
  return (node.children ?? []).map(markdownText).join(PHRASING.has(node.type) ? '' : ' ');
}

describe('Markdown twins in dist/', () => {
  it('exist for every HTML page but the 404, and for nothing else', () => {
    const pages = htmlFiles().filter((file) => file !== '404.html').map((file) => file.replace(/\.html$/, '.md'));
    expect(twins).toEqual(pages);
  });

  it('parse, and start with front matter of exactly title, description, url, type, site, tokens', () => {
    const base = baseUrl();
    for (const file of twins) {
      const text = read(file);
      const { matter, keys, markdown } = splitTwin(text);
      expect(keys, file).toEqual(['title', 'description', 'url', 'type', 'site', 'tokens']);
      for (const key of keys.filter((name) => name !== 'tokens')) expect(typeof matter[key], `${file} ${key}`).toBe('string');
      expect(matter.tokens, file).toBe(estimateTokens(text));
      expect(matter.site, file).toBe(base);
      const path = pagePathOf(file.replace(/\.md$/, '.html'));
      expect(matter.url, file).toBe(`${base}${path}`);
      expect(exists(file.replace(/\.md$/, '.html')), file).toBe(true);
      const kind = { skills: 'skill', bundles: 'bundle', clusters: 'cluster', docs: 'guide', install: 'install' }[file.split('/')[0]];
      // A folder's index twin (`skills/index.md`) is of the kind `skill-index`.
      const type = kind === undefined ? 'catalog' : file.endsWith('/index.md') ? `${kind}-index` : kind;
      expect(matter.type, file).toBe(type);
      const tree = parser.parse(markdown) as Root;
      const first = tree.children[0] as Heading;
      expect(first.type, file).toBe('heading');
      expect(first.depth, file).toBe(1);
      expect(tree.children.filter((node) => node.type === 'heading' && node.depth === 1), file).toHaveLength(1);
    }
  });

  it('give each skill every fact of its JSON twin, as its page does', () => {
    for (const skill of catalog.skills) {
      const source = read(`skills/${skill.slug}.md`);
      const twin = plain(source);
      const page = pageText(`skills/${skill.slug}.html`);
      const html = read(`skills/${skill.slug}.html`);
      for (const fact of skillFacts(skill)) {
        expect(twin, `${skill.slug}.md: ${fact}`).toContain(fact);
        expect(page, `${skill.slug}.html: ${fact}`).toContain(fact);
      }
      // Without a shop in site.yaml cart_url is the skill's own page, and no cart link is shown; the
      // page links this site's own pages (the install page) root-relative.
      const cart = skill.cart_url === skill.url ? undefined : skill.cart_url;
      for (const url of [cart, skill.install_url, skill.source?.buy_url].filter(Boolean) as string[]) {
        expect(source).toContain(url);
        const href = url.startsWith(`${baseUrl()}/`) ? new URL(url).pathname : url;
        expect(html).toContain(`href="${href.replaceAll('&', '&#x26;')}"`);
      }
      for (const cluster of skill.clusters) expect(html).toContain(`href="/clusters/${cluster.id}"`);
    }
  });

  it('give each bundle every fact of its JSON twin, as its page does', () => {
    for (const bundle of catalog.bundles) {
      const source = read(`bundles/${bundle.slug}.md`);
      const twin = plain(source);
      const page = pageText(`bundles/${bundle.slug}.html`);
      for (const fact of bundleFacts(bundle)) {
        expect(twin, `${bundle.slug}.md: ${fact}`).toContain(fact);
        expect(page, `${bundle.slug}.html: ${fact}`).toContain(fact);
      }
      expect(source).toContain(bundle.cart_url);
      for (const member of bundle.skills) expect(source).toContain(member.url);
    }
  });

  it('list on each cluster page and twin what /catalog.json?cluster=<id> lists', () => {
    for (const cluster of new Map(catalog.skills.flatMap((skill) => skill.clusters.map((c) => [c.id, c]))).values()) {
      const skills = catalog.skills.filter((skill) => skill.clusters.some((c) => c.id === cluster.id));
      const twin = plain(read(`clusters/${cluster.id}.md`));
      const page = pageText(`clusters/${cluster.id}.html`);
      for (const text of [cluster.label, cluster.question, ...skills.map((skill) => skill.title)]) {
        expect(twin, `${cluster.id}.md: ${text}`).toContain(text);
        expect(page, `${cluster.id}.html: ${text}`).toContain(text);
      }
    }
  });

  it('put every skill, bundle and price of the catalogue on the overview and its twin', () => {
    const twin = plain(read('index.md'));
    const page = pageText('index.html');
    const facts = [
      ...catalog.skills.flatMap((skill) => [skill.title, skill.author]),
      ...catalog.bundles.flatMap((bundle) => [bundle.title, formatEuro(bundle.price.amount_cents), formatEuro(bundle.price.list_cents)]),
      catalog.pricing.rule,
      formatEuro(catalog.pricing.single_cents),
    ];
    for (const fact of facts) {
      expect(twin, `index.md: ${fact}`).toContain(fact);
      expect(page, `index.html: ${fact}`).toContain(fact);
    }
  });
});

function skillFacts(skill: Skill): string[] {
  return [
    skill.title,
    skill.author,
    ...[skill.problem, skill.outcome, skill.summary].filter((text): text is string => Boolean(text)),
    ...skill.clusters.map((cluster) => cluster.label),
    ...skill.commands,
    ...skill.you_get,
    ...skill.wont_do,
    formatEuro(skill.price.amount_cents),
    skill.price.tax,
    ...(skill.source
      ? [skill.source.buy_label, String(skill.source.year), skill.source.edition, skill.source.isbn].filter((text): text is string => Boolean(text))
      : []),
  ].map((text) => text.replace(/\s+/g, ' '));
}

function bundleFacts(bundle: Bundle): string[] {
  return [
    bundle.title,
    bundle.problem,
    bundle.blurb,
    bundle.why,
    ...bundle.skills.flatMap((member) => [member.title, member.author]),
    formatEuro(bundle.price.list_cents),
    formatEuro(bundle.price.amount_cents),
    formatEuro(bundle.price.list_cents - bundle.price.amount_cents),
    bundle.price.tax,
  ].map((text) => text.replace(/\s+/g, ' '));
}
