/** Ids for the headings of an inserted body, for a table of contents and links into the page. */

export interface HeadingEntry {
  /** Which heading of the body, counting from 0 in document order. */
  index: number;
  id: string;
  text: string;
  level: number;
}

/**
 * Give h2 and h3 ids from their text. Ids stay unique within the body and avoid `reserved`, the
 * ids the page's own frame uses.
 */
export function headingIds(headings: readonly { level: number; text: string }[], reserved: readonly string[] = []): HeadingEntry[] {
  const seen = new Set<string>(reserved);
  const entries: HeadingEntry[] = [];
  headings.forEach(({ level, text }, index) => {
    if (level > 3) return;
    const base = slugify(text) || 'section';
    let id = base;
    for (let n = 2; seen.has(id); n++) id = `${base}-${n}`;
    seen.add(id);
    entries.push({ index, id, text, level });
  });
  return entries;
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
