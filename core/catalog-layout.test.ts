import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogQueryLength, layoutFits, renderCatalogQuery, serialiseCatalog } from './catalog-layout.ts';
import { catalogFor } from './query.ts';
import type { CatalogQuery } from './query.ts';
import { jsonBytes } from './json.ts';
import { CLUSTER_IDS, SORT_NAMES } from './types.ts';
import { catalog } from '../test/fixtures/catalog.ts';
import { propertyRuns } from '../test/helpers/property.ts';

const { bytes, layout } = serialiseCatalog(catalog);

describe('serialiseCatalog', () => {
  it('writes exactly what JSON.stringify writes', () => {
    expect(bytes.toString('utf8')).toBe(jsonBytes(catalog));
  });

  it('records the byte range of every skill and bundle', () => {
    const file = bytes;
    expect(layout.length).toBe(file.length);
    const at = (ranges: number[], i: number) => JSON.parse(file.subarray(ranges[2 * i], ranges[2 * i + 1]).toString());
    catalog.skills.forEach((skill, i) => expect(at(layout.skillRanges, i)).toEqual(skill));
    catalog.bundles.forEach((bundle, i) => expect(at(layout.bundleRanges, i)).toEqual(bundle));
    expect(layout.skillSlugs).toEqual(catalog.skills.map((s) => s.slug));
  });
});

describe('layoutFits', () => {
  it('accepts the file it was made for', () => expect(layoutFits(bytes, layout)).toBe(true));
  it('refuses a file of another length', () => expect(layoutFits(Buffer.concat([bytes, Buffer.from(' ')]), layout)).toBe(false));
  it('refuses a file of the same length with items elsewhere', () => {
    const shifted = Buffer.from(bytes.toString('utf8').replace('"skills":[', '"skills": [').replace(/\n$/, ''));
    expect(shifted.length).toBe(layout.length);
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
        expect(renderCatalogQuery(bytes, layout, q).toString()).toBe(jsonBytes(catalogFor(catalog, layout.index, q)));
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it('is as long as catalogQueryLength says, worked out from the layout alone', () => {
    fc.assert(
      fc.property(query, (q) => {
        expect(catalogQueryLength(layout, q)).toBe(renderCatalogQuery(bytes, layout, q).length);
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});
