/**
 * A Markdown twin: YAML front matter with exactly title, description, url, type, site and tokens,
 * then the page's facts (mdast blocks, written by serialize.ts), then (when the page has one) the editor's body.
 * The body is the tree the page was rendered from (site/render/markdown-body.ts), held to the same
 * policy: no raw HTML, links only to web and mail addresses. Serialised rather than copied, every
 * construct it opens is closed (an unclosed fence gets its closing fence), so each twin stands on
 * its own, also where llms-full.txt joins them.
 */
import type { RenderedBody } from '../render/markdown-body.ts';
import { stringify as yamlStringify } from 'yaml';
import type { PageType, PageRef } from '../pages/page-ref.ts';
import type { TwinFrame } from '../pages/frame.ts';
import type { Block } from './mdast.ts';
import { markdownOf } from './serialize.ts';
import { selfCountingTokens, TOKENS_KEY } from '../../core/markdown-tokens.ts';

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

export function frontMatter(frame: Pick<TwinFrame, 'site'>, page: PageRef): TwinFrontMatter {
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
  return selfCountingTokens(`---\n${yaml}`, (tokens) => yamlStringify({ [TOKENS_KEY]: tokens }), `---\n\n${rest}`).text;
}

/** An editor's body as the twins carry it: the editor's text under the page's policy (site/render/markdown-body.ts). */
export function bodyMarkdown(body: RenderedBody): string {
  return body.markdown;
}
