/**
 * What the site says about itself, read from what it serves: the addresses in the sitemaps and
 * llms.txt, a page's twins from its `<link rel="alternate">`, a Markdown twin's front matter. Pure:
 * text in, values out.
 */
import { fromHtml } from 'hast-util-from-html';
import type { Element, Nodes } from 'hast';
import { parse as parseYaml } from 'yaml';

/**
 * The site's canonical base (x-base-url) and the deploy under test can differ: a deploy preview
 * publishes the production addresses. A canonical address is checked on the deploy under test;
 * an address elsewhere is not this deploy's to answer.
 */
export function onTarget(url: string, siteBase: string, target: string): string | undefined {
  for (const base of [siteBase, target]) {
    if (url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`)) return `${target}${url.slice(base.length)}`;
  }
  return undefined;
}

/** The `<loc>` values of a sitemaps.org urlset, unescaped. */
export function sitemapLocations(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/g)].map((match) => unescapeXml(match[1]));
}

/** Whether a sitemap is a sitemaps.org index (of sitemaps) rather than a urlset (of pages). */
export const isSitemapIndex = (xml: string): boolean => /<sitemapindex[\s>]/.test(xml);

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return XML_ENTITIES[entity];
  });
}

/**
 * Every link target of a Markdown file such as llms.txt: inline links `[text](url)`, with escaped
 * brackets in the text, and autolinks `<url>`. In order, each once.
 */
export function markdownLinks(markdown: string): string[] {
  const inline = /\[(?:\\.|[^\]\\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
  const auto = /<(https?:\/\/[^>\s]+)>/g;
  const found = [...markdown.matchAll(inline), ...markdown.matchAll(auto)]
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
    .map((match) => match[1]);
  return [...new Set(found)];
}

export interface LlmsShape {
  title: string | undefined;
  hasSummary: boolean;
  sections: string[];
}

/** The parts the llms.txt proposal asks for: an H1, a blockquote summary, H2 sections. */
export function llmsShape(markdown: string): LlmsShape {
  const lines = markdown.split('\n');
  const firstContent = lines.find((line) => line.trim() !== '');
  return {
    title: firstContent?.startsWith('# ') ? firstContent.slice(2).trim() : undefined,
    hasSummary: lines.some((line) => line.startsWith('> ')),
    sections: lines.filter((line) => line.startsWith('## ')).map((line) => line.slice(3).trim()),
  };
}

/** `<link rel="alternate" type="…" href="…">` of an HTML page, by media type, resolved against the page. */
export function alternates(html: string, pageUrl: string): Map<string, string> {
  const found = new Map<string, string>();
  walk(fromHtml(html), (element) => {
    if (element.tagName !== 'link') return;
    const rel = element.properties.rel;
    const rels = Array.isArray(rel) ? rel.map(String) : String(rel ?? '').split(/\s+/);
    const { type, href } = element.properties;
    if (rels.includes('alternate') && typeof type === 'string' && typeof href === 'string' && !found.has(type)) {
      found.set(type.toLowerCase(), new URL(href, pageUrl).href);
    }
  });
  return found;
}

function walk(node: Nodes, visit: (element: Element) => void): void {
  if (node.type === 'element') visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

export interface FrontMatter {
  keys: string[];
  values: Record<string, unknown>;
}

/** The YAML front matter at the very start of a Markdown document, or undefined when there is none. */
export function frontMatterOf(markdown: string): FrontMatter | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(markdown);
  if (!match) return undefined;
  const values: unknown = parseYaml(match[1]);
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return undefined;
  return { keys: Object.keys(values), values: values as Record<string, unknown> };
}

/** The media type without parameters, lower-case: `text/markdown; charset=utf-8` → `text/markdown`. */
export const mediaTypeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/** Header values listed with commas, lower-case, as a set: `vary`, `allow`, the CORS lists. */
export const listOf = (value: string | undefined) => new Set((value ?? '').split(',').map((item) => item.trim().toLowerCase()).filter(Boolean));

/** At most `max` items, spread evenly over the list and always with its first and last. */
export function sample<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  if (max === 1) return [items[0]];
  const picked = new Set<number>();
  for (let i = 0; i < max; i++) picked.add(Math.round((i * (items.length - 1)) / (max - 1)));
  return [...picked].sort((a, b) => a - b).map((index) => items[index]);
}

/** The `content` of the first `<meta property="…">` (Open Graph's) of an HTML page. */
export function metaContent(html: string, property: string): string | undefined {
  let found: string | undefined;
  walk(fromHtml(html), (element) => {
    if (found === undefined && element.tagName === 'meta' && element.properties.property === property && typeof element.properties.content === 'string') found = element.properties.content;
  });
  return found;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's size from its first chunk, the IHDR (W3C PNG, 5.2 and 11.2.1), or undefined for other bytes. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
