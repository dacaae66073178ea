/**
 * The one place where an editor's Markdown becomes HTML: parsed once (remark, GFM), turned into a
 * hast tree (remark-rehype, which drops raw HTML instead of passing it on) and sanitised
 * (rehype-sanitize, GitHub's schema, narrowed below). Pages insert the tree into their layout.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import type { Options as SanitizeSchema } from 'rehype-sanitize';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { shiftHeadings } from './headings.ts';

/**
 * GitHub's schema (http, https, mailto… links; no `data:` or `javascript:`; no event handlers, no
 * style). Its id prefix is left to remark-rehype: Markdown cannot write ids, only footnotes get
 * them, and remark-rehype prefixes those and their links alike (prefixing twice would break them).
 */
export const BODY_SCHEMA: SanitizeSchema = { ...defaultSchema, clobberPrefix: '' };

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize, BODY_SCHEMA)
  .freeze();

export interface RenderOptions {
  /** Level the body's top heading becomes: 2 under a page's h1, 3 inside a section with an h2. */
  topHeading?: number;
}

/** How many bodies this thread rendered and how long that took: the build reports it apart from
 * everything else, since Markdown parsing is most of a cold build's work. */
export interface RenderTally {
  bodies: number;
  bodyMs: number;
}

const tally: RenderTally = { bodies: 0, bodyMs: 0 };

export const renderTally = (): RenderTally => ({ ...tally });

/** Render an editor's Markdown body to a sanitised hast tree. */
export function renderBody(markdown: string, { topHeading = 2 }: RenderOptions = {}): Root {
  const started = performance.now();
  const tree = processor.runSync(processor.parse(markdown)) as Root;
  tidy(tree);
  shiftHeadings(tree, topHeading);
  tally.bodies++;
  tally.bodyMs += performance.now() - started;
  return tree;
}

/**
 * What sanitising leaves behind half-empty: a link whose URL was refused keeps its text, an image
 * whose source was refused becomes its alt text. The content stays; the dead element goes. Images
 * from other sites go the same way: the CSP (`img-src 'self'`) would block them anyway.
 */
function tidy(parent: Root | Element): void {
  parent.children = parent.children.flatMap((child): RootContent[] => {
    if (child.type !== 'element') return [child];
    tidy(child);
    if (child.tagName === 'a' && child.properties.href === undefined && child.properties.id === undefined) return child.children;
    if (child.tagName === 'img' && !isOwnSource(child.properties.src)) {
      const alt = child.properties.alt;
      return typeof alt === 'string' && alt !== '' ? [{ type: 'text', value: alt }] : [];
    }
    return [child];
  }) as ElementContent[];
}

/** A relative or root-relative URL: no scheme, not protocol-relative. */
function isOwnSource(src: unknown): boolean {
  return typeof src === 'string' && src !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(src) && !src.startsWith('//') && !src.startsWith('\\');
}
