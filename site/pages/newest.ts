/** The last change of a page that lists items: its newest item's, or the build's date when it lists none. */
import type { BundleEntry, CatalogueModel, SkillEntry } from '../model.ts';

/** The newest of some ISO dates (they may carry different offsets, so compare instants). */
export function newestDate(dates: Iterable<string>): string | undefined {
  let newest: string | undefined;
  let newestTime = -Infinity;
  for (const date of dates) {
    const time = Date.parse(date);
    if (newest === undefined || time > newestTime) {
      newest = date;
      newestTime = time;
    }
  }
  return newest;
}

export const newestOf = (model: CatalogueModel, entries: readonly (SkillEntry | BundleEntry)[]): string =>
  newestDate(entries.map((entry) => entry.lastModified)) ?? model.generatedAt;
