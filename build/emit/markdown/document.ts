/**
 * A Markdown twin: YAML front matter with exactly title, description, url, type and site, then the
 * page's facts serialised from an mdast tree, then (when the page has one) the editor's body as it
 * was written. The body is already Markdown: parsing and re-serialising it would only risk changing
 * it. It goes last, so that a construct the editor left open (an unclosed fence) cannot swallow any
 * generated fact.
 */
import { unified } from 'unified';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import type { Root } from 'mdast';
import { stringify as yamlStringify } from 'yaml';
import type { PageRef } from '../pages/refs.ts';
import type { PageFrame } from '../pages/frame.ts';
import type { Block } from './mdast.ts';
import { text } from './escape-text.ts';

/** The five keys, in this order, and no other. */
export interface TwinFrontMatter {
  title: string;
  description: string;
  /** Absolute URL of the HTML page. */
  url: string;
  type: 'catalog' | 'skill' | 'bundle' | 'cluster' | 'guide';
  /** The site's base URL, as `site` in catalog.json. */
  site: string;
}

export const STRINGIFY_OPTIONS = { bullet: '-', emphasis: '_', strong: '*', fence: '`', fences: true, listItemIndent: 'one', rule: '-' } as const;

const stringifier = unified()
  .use(remarkGfm)
  .use(remarkStringify, { ...STRINGIFY_OPTIONS, handlers: { text } })
  .freeze();

/** Serialise generated blocks (escaping whatever editors wrote) to Markdown. */
export function markdownOf(blocks: Block[]): string {
  return stringifier.stringify({ type: 'root', children: blocks } satisfies Root);
}

export function frontMatter(frame: PageFrame, page: PageRef): TwinFrontMatter {
  return { title: page.title, description: page.description, url: page.url, type: page.kind, site: frame.site.baseUrl };
}

/** `blocks` are the generated facts (ending with the body's section heading when there is a body);
 * `body` is the editor's Markdown, appended verbatim. */
export function twinDocument(matter: TwinFrontMatter, blocks: Block[], body = ''): string {
  // lineWidth 0: no folding, so a long description stays one line a reader can grep.
  const yaml = yamlStringify(matter, { lineWidth: 0 });
  const facts = markdownOf(blocks);
  // Only blank lines around the body go: leading spaces may be an indented code block.
  const verbatim = body.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
  return `---\n${yaml}---\n\n${facts}${verbatim ? `\n${verbatim}\n` : ''}`;
}
