/** Title order: case- and accent-insensitive, then by slug, so every order is total and stable. */
const collator = new Intl.Collator('en', { sensitivity: 'base' });

export interface Titled {
  readonly title: string;
  readonly slug: string;
}

export function compareTitles(a: Titled, b: Titled): number {
  return collator.compare(a.title, b.title) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/** Optional `order` from front matter, ascending, absent last. */
export function compareOrder(a: number | undefined, b: number | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return a - b;
}
