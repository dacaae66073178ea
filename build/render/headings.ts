/** Heading levels of an inserted body, fitted under the page's own headings. */
import type { Element, Root } from 'hast';
import type { Heading, Nodes as MdastNodes, Root as MdastRoot } from 'mdast';

const HEADING = /^h([1-6])$/;

function headings(tree: Root | Element, found: Element[] = []): Element[] {
  for (const child of tree.children) {
    if (child.type !== 'element') continue;
    if (HEADING.test(child.tagName)) found.push(child);
    headings(child, found);
  }
  return found;
}

/**
 * Move every heading of an editor's Markdown by the same amount so its highest one lands on `top`:
 * an editor who starts at `##` and one who starts at `#` both end up under the page's own heading
 * without skipping a level, on the page and in its twin. Levels past 6 stay at 6, the deepest
 * Markdown and HTML have.
 */
export function shiftHeadings(tree: MdastRoot, top: number): void {
  const found: Heading[] = [];
  const collect = (node: MdastNodes) => {
    if (node.type === 'heading') found.push(node);
    if ('children' in node) node.children.forEach(collect);
  };
  collect(tree);
  if (found.length === 0) return;
  const by = top - Math.min(...found.map((heading) => heading.depth));
  for (const heading of found) heading.depth = Math.min(6, heading.depth + by) as Heading['depth'];
}

/**
 * Give h2 and h3 ids from their text (for a table of contents and links into the page). Ids stay
 * unique within the tree and avoid `reserved`, the ids the page's own frame uses.
 */
export function addHeadingIds(tree: Root, reserved: readonly string[] = []): { id: string; text: string; level: number }[] {
  const seen = new Set<string>(reserved);
  const entries: { id: string; text: string; level: number }[] = [];
  for (const heading of headings(tree)) {
    const level = Number(HEADING.exec(heading.tagName)![1]);
    if (level > 3) continue;
    const text = textOf(heading);
    const base = slugify(text) || 'section';
    let id = base;
    for (let n = 2; seen.has(id); n++) id = `${base}-${n}`;
    seen.add(id);
    heading.properties.id = id;
    entries.push({ id, text, level });
  }
  return entries;
}

export function textOf(node: Root | Element): string {
  return node.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '')).join('');
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
