/** The last change of a page that lists items: its newest item's, or the build's date when it lists none. */
import type { BundleEntry, CatalogueModel, SkillEntry } from '../../model.ts';
import { newestDate } from '../../content-dates.ts';

export const newestOf = (model: CatalogueModel, entries: readonly (SkillEntry | BundleEntry)[]): string =>
  newestDate(entries.map((entry) => entry.lastModified)) ?? model.generatedAt;
