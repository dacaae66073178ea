/**
 * A Markdown twin: YAML front matter with exactly title, description, url, type, site and tokens,
 * then the page's facts, then (when the page has one) the editor's body, all serialised from mdast trees.
 * The body is the tree the page was rendered from (build/render/markdown-body.ts), held to the same
 * policy: no raw HTML, links only to web and mail addresses. Serialised rather than copied, every
 * construct it opens is closed (an unclosed fence gets its closing fence), so each twin stands on
 * its own, also where llms-full.txt joins them.
 */
import { unified } from 'unified';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import type { Root } from 'mdast';
import type { RenderedBody } from '../../render/markdown-body.ts';
import { stringify as yamlStringify } from 'yaml';
import type { PageType, PageRef } from '../pages/page-ref.ts';
import type { PageFrame } from '../pages/frame.ts';
import type { Block } from './mdast.ts';
import { text } from './escape-text.ts';
import { selfCountingTokens, TOKENS_KEY } from '../../../core/markdown-tokens.ts';

/** What a page says of itself (the first five of core/twin-front-matter.ts); twinDocument adds the
 * token estimate of the whole twin. */
export interface TwinFrontMatter {
  title: string;
  description: string;
  /** Absolute URL of the HTML page. */
  url: string;
  type: PageType;
  /** The site's base URL, as `site` in catalog.json. */
  site: string;
}

export const STRINGIFY_OPTIONS = { bullet: '-', emphasis: '_', strong: '*', fence: '`', fences: true, listItemIndent: 'one', rule: '-' } as const;

const stringifier = unified()
  // Cells unpadded: padding every row to its column's widest cell would let one wide cell multiply
  // an editor's table by its number of rows.
  .use(remarkGfm, { tablePipeAlign: false })
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
 * `body` is the editor's, rendered for the page. Serialised apart, so that nothing the editor
 * wrote can run into a generated fact. */
export function twinDocument(matter: TwinFrontMatter, blocks: Block[], body?: RenderedBody): string {
  const facts = markdownOf(blocks);
  const rest = `${facts}${body && !body.empty ? `\n${bodyMarkdown(body)}` : ''}`;
  // lineWidth 0: no folding, so a long description stays one line a reader can grep. The estimate,
  // a number, is the mapping's last entry, and a block mapping writes each entry on a line of its
  // own: so the YAML is made once and only that line is written per count.
  const yaml = yamlStringify(matter, { lineWidth: 0 });
  // The estimate counts the whole twin, its own front matter line included.
  return selfCountingTokens((tokens) => `---\n${yaml}${yamlStringify({ [TOKENS_KEY]: tokens })}---\n\n${rest}`).text;
}

/** An editor's body as the twins carry it: the editor's text under the page's policy (build/render/markdown-body.ts). */
export function bodyMarkdown(body: RenderedBody): string {
  return body.markdown;
}
