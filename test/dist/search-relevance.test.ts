/**
 * Relevance over the sample content, as built into dist/: fixed queries a person types (whole
 * words, typos, partial words, several words), each with the skills that must be among the first
 * three results. A change to the index's fields, boosts, typo or prefix rules that loses one fails.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readSearchIndex } from '../../runtime/search-source.ts';
import type { Search } from '../../core/search.ts';
import { distCatalog, distPath } from '../helpers/dist.ts';

/** [query, skills that must be in the top 3] */
const RELEVANCE: readonly [string, string[]][] = [
  // Whole words and titles
  ['mom test', ['mom-test-interviews']],
  ['jobs to be done', ['jobs-to-be-done']],
  ['crossing the chasm', ['crossing-the-chasm']],
  ['launch', ['launch-week']],
  ['working backwards', ['working-backwards']],
  ['shape up', ['shape-up']],
  ['minimum viable', ['lean-experiments']],
  // Typos
  ['pricng', ['pricing-pages']],
  ['interveiw', ['mom-test-interviews']],
  ['positoning', ['obviously-awesome']],
  ['design sprnt', ['design-sprint']],
  ['categroy design', ['category-design']],
  ['mesure lern', ['lean-experiments']],
  ['hokked', ['hooked']],
  // Partial words
  ['onboard', ['onboarding-under-5-minutes']],
  ['hook', ['hooked']],
  ['refactor', ['refactoring-ui']],
  ['release not', ['release-notes']],
  ['value prop', ['value-proposition']],
  ['tract', ['traction-bullseye']],
];

let search: Search;

beforeAll(async () => {
  ({ search } = await readSearchIndex(distPath('')));
});

describe('search relevance on the sample content', () => {
  it('names only skills the sample publishes, so no case passes by looking for nothing', () => {
    const published = new Set(distCatalog().skills.map((skill) => skill.slug));
    for (const [, expected] of RELEVANCE) for (const slug of expected) expect(published, slug).toContain(slug);
  });

  it.each(RELEVANCE)('"%s" has %j in its top 3', (q, expected) => {
    const top = search.query({ q, limit: 3 }).results.map((item) => `${item.type}:${item.slug}`);
    for (const slug of expected) expect(top, `top 3 for "${q}"`).toContain(`skill:${slug}`);
  });
});
