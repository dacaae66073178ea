/** What an item's part of the search index is made from (search-index.ts): the labels of its own
 * clusters, so that a cluster's new label makes the parts of that cluster's skills again alone. */
import { describe, expect, it } from 'vitest';
import { searchItems } from './search-index.ts';
import type { CatalogueModel } from './model.ts';

const body = (slug: string) => ({ path: `/content/skills/${slug}.md`, start: 0, checkKey: slug, kind: 'skill' as const });
const skill = (slug: string, clusters: string[]) => ({ skill: { type: 'skill', slug, title: slug, clusters: clusters.map((id) => ({ id })) }, body: body(slug) });
const modelWith = (labels: Record<string, string>) => ({
  site: { baseUrl: 'https://shop.example' },
  clusters: Object.entries(labels).map(([id, label]) => ({ id, label })),
  skills: [skill('a', ['gtm']), skill('b', ['ops', 'gtm']), skill('c', ['ops'])],
  bundles: [],
  docs: [],
}) as unknown as CatalogueModel;

describe('searchItems', () => {
  it("hands each skill the labels of its own clusters, in its clusters' order", () => {
    expect(searchItems(modelWith({ gtm: 'Go to market', ops: 'Operations' })).map(({ labels }) => labels)).toEqual([
      ['Go to market'],
      ['Operations', 'Go to market'],
      ['Operations'],
    ]);
  });

  it('changes the input of no part of a skill outside the cluster whose label changed', () => {
    const before = searchItems(modelWith({ gtm: 'Go to market', ops: 'Operations' })).map((input) => JSON.stringify(input));
    const after = searchItems(modelWith({ gtm: 'Go to market', ops: 'Running the shop' })).map((input) => JSON.stringify(input));
    expect(after.map((input, i) => input === before[i])).toEqual([true, false, false]);
  });
});
