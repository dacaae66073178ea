/**
 * llms.txt against the llms.txt proposal: an H1 first, a blockquote summary, optional prose, then
 * H2 sections holding only lists of `[name](url)` links with optional `: notes`, the last section
 * `## Optional`. Every link is absolute, on this site, and names a file that exists.
 */
import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import type { Link, List, Root, RootContent } from 'mdast';
import type { Catalog } from '../../core/types.ts';
import { HAS_GUIDE, baseUrl, exists, read, splitTwin } from './dist.ts';

const parse = (text: string) => unified().use(remarkParse).parse(text) as Root;
const catalog = JSON.parse(read('catalog.json')) as Catalog;

function sections(tree: Root): { title: string; nodes: RootContent[] }[] {
  const found: { title: string; nodes: RootContent[] }[] = [];
  for (const node of tree.children) {
    if (node.type === 'heading' && node.depth === 2) found.push({ title: textOf(node), nodes: [] });
    else found.at(-1)?.nodes.push(node);
  }
  return found;
}

const textOf = (node: { children?: unknown[]; value?: string }): string =>
  node.value ?? (node.children ?? []).map((child) => textOf(child as { children?: unknown[]; value?: string })).join('');

describe('llms.txt', () => {
  const text = read('llms.txt');
  const tree = parse(text);
  const base = baseUrl();

  it('starts with the site name as H1, then a blockquote summary', () => {
    const [h1, quote] = tree.children;
    expect(h1.type === 'heading' && h1.depth).toBe(1);
    expect(textOf(h1 as never)).toBe(splitTwin(read('index.md')).matter.title);
    expect(quote.type).toBe('blockquote');
    expect(text.startsWith('# ')).toBe(true);
  });

  it('has no heading other than the H1 and H2 sections, and ends with ## Optional', () => {
    const headings = tree.children.filter((node) => node.type === 'heading');
    expect(headings.map((heading) => heading.depth)).toEqual([1, ...Array(headings.length - 1).fill(2)]);
    const titles = sections(tree).map((section) => section.title);
    expect(titles.at(-1)).toBe('Optional');
    expect(titles).toContain('Bundles');
  });

  it('holds in each section only a list of "[name](url): notes" items with absolute URLs to files of this site', () => {
    for (const section of sections(tree)) {
      expect(section.nodes.map((node) => node.type), section.title).toEqual(['list']);
      for (const item of (section.nodes[0] as List).children) {
        const paragraph = item.children[0];
        expect(item.children).toHaveLength(1);
        expect(paragraph.type).toBe('paragraph');
        if (paragraph.type !== 'paragraph') continue;
        const [link, notes] = paragraph.children as [Link, { type: string; value: string } | undefined];
        expect(link.type, JSON.stringify(paragraph)).toBe('link');
        if (notes) expect(notes.type === 'text' && notes.value.startsWith(': ')).toBe(true);
        expect(link.url.startsWith(`${base}/`), link.url).toBe(true);
        expect(exists(decodeURIComponent(new URL(link.url).pathname.slice(1))), link.url).toBe(true);
        expect(textOf(item as never)).not.toContain('\n');
      }
    }
  });

  it('lists every skill once, under its first cluster, and every bundle', () => {
    const linked = (title: string) => {
      const section = sections(tree).find((candidate) => candidate.title === title);
      return section ? (section.nodes[0] as List).children.map((item) => ((item.children[0] as { children: Link[] }).children[0]).url) : [];
    };
    for (const skill of catalog.skills) {
      expect(linked(skill.clusters[0].label), skill.slug).toContain(skill.markdown_url);
      expect(text.split(`(${skill.markdown_url})`).length - 1, skill.slug).toBe(1);
    }
    expect(linked('Bundles')).toEqual(catalog.bundles.map((bundle) => bundle.markdown_url));
    const optional = [`${base}/openapi.json`, `${base}/version.json`, `${base}/llms-full.txt`, ...(HAS_GUIDE ? [`${base}/docs/api.md`] : [])];
    expect(linked('Optional')).toEqual(expect.arrayContaining(optional));
  });
});

describe('llms-full.txt', () => {
  it('holds every skill and bundle twin, in catalogue order', () => {
    const text = read('llms-full.txt');
    const twins = [...catalog.skills.map((skill) => `skills/${skill.slug}.md`), ...catalog.bundles.map((bundle) => `bundles/${bundle.slug}.md`)];
    let from = 0;
    for (const twin of twins) {
      const at = text.indexOf(read(twin), from);
      expect(at, twin).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
    expect(text.startsWith('# ')).toBe(true);
  });
});
