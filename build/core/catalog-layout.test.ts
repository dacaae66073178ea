import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutFits, renderCatalogQuery, serialiseCatalog } from './catalog-layout.ts';
import { catalogFor } from './query.ts';
import type { CatalogQuery } from './query.ts';
import { jsonBytes } from './json.ts';
import { CLUSTER_IDS, SORT_NAMES } from './types.ts';
import { catalog } from '../../test/fixtures/catalog.ts';

const { bytes, layout } = serialiseCatalog(catalog);

describe('serialiseCatalog', () => {
  it('writes exactly what JSON.stringify writes', () => {
    expect(bytes).toBe(jsonBytes(catalog));
  });

  it('records where every skill and bundle sits', () => {
    catalog.skills.forEach((skill, i) => {
      expect(JSON.parse(bytes.slice(layout.skillRanges[2 * i], layout.skillRanges[2 * i + 1]))).toEqual(skill);
    });
    catalog.bundles.forEach((bundle, i) => {
      expect(JSON.parse(bytes.slice(layout.bundleRanges[2 * i], layout.bundleRanges[2 * i + 1]))).toEqual(bundle);
    });
    expect(layout.skillSlugs).toEqual(catalog.skills.map((s) => s.slug));
  });
});

describe('layoutFits', () => {
  it('accepts the file it was made for', () => expect(layoutFits(bytes, layout)).toBe(true));
  it('refuses a file of another length', () => expect(layoutFits(`${bytes} `, layout)).toBe(false));
  it('refuses a file of the same length with items elsewhere', () => {
    const shifted = bytes.replace('"version":1,', '"version":1, ').replace(/\n$/, '');
    expect(shifted.length).toBe(bytes.length);
    expect(layoutFits(shifted, layout)).toBe(false);
  });
});

describe('renderCatalogQuery', () => {
  const query = fc.record<CatalogQuery>({
    clusters: fc.subarray([...CLUSTER_IDS]),
    sort: fc.constantFrom(...SORT_NAMES),
    limit: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
  });

  it('gives, byte for byte, what serialising the query result would give', () => {
    fc.assert(
      fc.property(query, (q) => {
        expect(renderCatalogQuery(bytes, layout, q)).toBe(jsonBytes(catalogFor(catalog, layout.index, q)));
      }),
      { numRuns: 500 },
    );
  });
});
