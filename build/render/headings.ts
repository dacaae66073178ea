/** Heading levels of an inserted body, fitted under the page's own headings. */
import type { Element, Root } from 'hast';

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
 * Move every heading by the same amount so the body's highest one lands on `top`: an editor who
 * starts at `##` and one who starts at `#` both end up under the page's h1 without skipping a level.
 * Levels past 6 stay at 6, the deepest HTML has.
 */
export function shiftHeadings(tree: Root, top: number): void {
  const found = headings(tree);
  if (found.length === 0) return;
  const highest = Math.min(...found.map((heading) => Number(HEADING.exec(heading.tagName)![1])));
  const by = top - highest;
  for (const heading of found) heading.tagName = `h${Math.min(6, Number(HEADING.exec(heading.tagName)![1]) + by)}`;
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
