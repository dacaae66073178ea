/** Each cluster's listing from one pass: what a filter of the catalogue per cluster gives. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listings } from './listing.ts';
import { CLUSTER_IDS } from '../../core/types.ts';
import type { Catalog, Cluster, ClusterId, Skill } from '../../core/types.ts';
import { propertyRuns } from '../../test/helpers/property.ts';

const clusterOf = (id: ClusterId): Cluster => ({ id, label: id, question: `${id}?` });
/** Only what a listing reads of a skill: its slug, to tell them apart, and its clusters. */
const skillIn = (slug: string, ids: readonly ClusterId[]) => ({ slug, clusters: ids.map(clusterOf) }) as unknown as Skill;
const catalogOf = (skills: Skill[]) => ({ skills }) as unknown as Catalog;

/** The listing as its definition says: a filter of the whole catalogue for each cluster. */
const byDefinition = (catalog: Catalog, cluster: Cluster) => ({
  listed: catalog.skills.filter((skill) => skill.clusters[0].id === cluster.id),
  also: catalog.skills.filter((skill) => skill.clusters[1]?.id === cluster.id),
});

describe('listings', () => {
  it('lists a skill under its first cluster and names it under its second', () => {
    const [a, b, c] = [skillIn('a', ['ideas', 'ship']), skillIn('b', ['ship']), skillIn('c', ['ideas'])];
    const listingOf = listings(catalogOf([a, b, c]));
    expect(listingOf(clusterOf('ideas'))).toEqual({ listed: [a, c], also: [] });
    expect(listingOf(clusterOf('ship'))).toEqual({ listed: [b], also: [a] });
    expect(listingOf(clusterOf('pricing'))).toEqual({ listed: [], also: [] });
  });

  it('is what a filter per cluster gives, for any catalogue', () => {
    const clusters = fc.uniqueArray(fc.constantFrom(...CLUSTER_IDS), { minLength: 1, maxLength: 3 });
    fc.assert(fc.property(fc.array(clusters, { maxLength: 40 }), (filed) => {
      const catalog = catalogOf(filed.map((ids, i) => skillIn(`skill-${i}`, ids)));
      const listingOf = listings(catalog);
      for (const id of CLUSTER_IDS) expect(listingOf(clusterOf(id))).toEqual(byDefinition(catalog, clusterOf(id)));
    }), { numRuns: propertyRuns(200) });
  });
});
