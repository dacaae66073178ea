/**
 * The one place where an editor's Markdown is read: parsed once (remark, GFM) into an mdast tree,
 * held to the body policy (body-policy.ts) in that tree, and from it both the page's hast (through
 * remark-rehype and rehype-sanitize, which applies the same policy a second time) and the twin's
 * Markdown (serialised in emit/markdown), so a page and its twin show the same content.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeSanitize from 'rehype-sanitize';
import type { Root as HastRoot } from 'hast';
import type { Definition, Nodes, Parent, Root, RootContent } from 'mdast';
import { allowsElement, allowsImage, allowsLink, BODY_POLICY, BODY_SCHEMA } from './body-policy.ts';
import { shiftHeadings } from './headings.ts';

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

const toPage = unified()
  .use(remarkRehype, { allowDangerousHtml: BODY_POLICY.rawHtml })
  .use(rehypeSanitize, BODY_SCHEMA)
  .freeze();

export interface RenderOptions {
  /** Level the body's top heading becomes: 2 under a page's h1, 3 inside a section with an h2. */
  topHeading?: number;
  /**
   * Names the body's footnotes `<prefix>-1`, `<prefix>-2`… whatever the editor called them, so
   * that twins joined in llms-full.txt never answer each other's footnotes.
   */
  footnotePrefix?: string;
}

export interface RenderedBody {
  /** The sanitised body for the page. */
  hast: HastRoot;
  /** The same body under the policy, for the twin to serialise. */
  mdast: Root;
  /** Nothing left to show (an empty body, or one of raw HTML only). */
  empty: boolean;
}

/** How many bodies this thread rendered and how long that took: the build reports it apart from
 * everything else, since Markdown parsing is most of a cold build's work. */
export interface RenderTally {
  bodies: number;
  bodyMs: number;
}

const tally: RenderTally = { bodies: 0, bodyMs: 0 };

export const renderTally = (): RenderTally => ({ ...tally });

/**
 * Render an editor's Markdown body, which the loader has held to the body limits (body-limits.ts):
 * the parser and the tree walkers recurse once per level of nesting.
 */
export function renderBody(markdown: string, { topHeading = 2, footnotePrefix = 'note' }: RenderOptions = {}): RenderedBody {
  const started = performance.now();
  const mdast = parser.parse(markdown);
  holdToPolicy(mdast, definitionsOf(mdast), footnoteNames(footnotePrefix));
  shiftHeadings(mdast, topHeading);
  const hast = toPage.runSync(mdast) as HastRoot;
  tally.bodies++;
  tally.bodyMs += performance.now() - started;
  return { hast, mdast, empty: mdast.children.length === 0 };
}

/** Link reference definitions by identifier; the first of a name counts, as in CommonMark. */
function definitionsOf(tree: Nodes, found = new Map<string, Definition>()): Map<string, Definition> {
  if (tree.type === 'definition' && !found.has(tree.identifier)) found.set(tree.identifier, tree);
  if ('children' in tree) for (const child of tree.children) definitionsOf(child, found);
  return found;
}

function footnoteNames(prefix: string): (identifier: string) => string {
  const names = new Map<string, string>();
  return (identifier) => {
    let name = names.get(identifier);
    if (name === undefined) names.set(identifier, (name = `${prefix}-${names.size + 1}`));
    return name;
  };
}

/** The element each construct becomes on the page: a construct whose element the schema refuses is
 * refused in the twin too. */
const ELEMENT_OF: Partial<Record<RootContent['type'], string>> = {
  blockquote: 'blockquote', break: 'br', code: 'pre', delete: 'del', emphasis: 'em', footnoteDefinition: 'li',
  footnoteReference: 'sup', inlineCode: 'code', listItem: 'li', paragraph: 'p', strong: 'strong', table: 'table',
  tableCell: 'td', tableRow: 'tr', thematicBreak: 'hr',
};

const elementOf = (node: RootContent): string | undefined =>
  node.type === 'heading' ? `h${node.depth}` : node.type === 'list' ? (node.ordered ? 'ol' : 'ul') : ELEMENT_OF[node.type];

/**
 * The policy, in the tree both outputs come from: raw HTML goes; references are resolved into the
 * links and images they name (definitions go, so no twin can define a link for another in
 * llms-full.txt); a link to a refused address keeps its text, unless its text is only that address;
 * a refused image becomes its alt text; an element the schema refuses leaves its content.
 */
function holdToPolicy(parent: Parent, definitions: ReadonlyMap<string, Definition>, footnote: (identifier: string) => string): void {
  parent.children = parent.children.flatMap((node): RootContent[] => {
    if (node.type === 'html') return BODY_POLICY.rawHtml ? [node] : [];
    if (node.type === 'definition') return [];
    if (node.type === 'linkReference' || node.type === 'imageReference') {
      const definition = definitions.get(node.identifier);
      // An unresolved reference is text on the page, and reads as text in the twin.
      if (definition) {
        const { url, title } = definition;
        node = node.type === 'linkReference' ? { type: 'link', url, title, children: node.children, position: node.position } : { type: 'image', url, title, alt: node.alt, position: node.position };
      }
    }
    if (node.type === 'footnoteReference' || node.type === 'footnoteDefinition') {
      node.identifier = footnote(node.identifier);
      node.label = node.identifier;
    }
    if ('children' in node) holdToPolicy(node, definitions, footnote);
    if (node.type === 'link' && !(allowsElement('a') && allowsLink(node.url))) {
      const text = node.children.length === 1 && node.children[0].type === 'text' ? node.children[0].value : undefined;
      return text === node.url ? [] : node.children;
    }
    if (node.type === 'image' && !(allowsElement('img') && allowsImage(node.url))) return node.alt ? [{ type: 'text', value: node.alt }] : [];
    if (node.type === 'listItem' && node.checked != null && !allowsElement('input')) node.checked = null;
    const element = elementOf(node);
    if (element !== undefined && !allowsElement(element)) {
      if ('children' in node) return node.children as RootContent[];
      return 'value' in node ? [{ type: 'text', value: node.value }] : [];
    }
    return [node];
  }) as typeof parent.children;
}
