/**
 * A built model grown to a large catalogue without writing or building its content: its skills
 * copied up to `skills` and its bundles up to `bundles`. Copy k of every skill is `<slug>-k`, and
 * copy k of a bundle names copy k of its members, so the clusters, and the bundles of each cluster,
 * grow as the model's own do. What the catalogue's own pages read (site/pages/registry.ts,
 * cataloguePages and allPages) is made of these alone, and catalog.json and the list of pages are
 * made again.
 */
import { serialiseCatalog } from '../../core/catalog-layout.ts';
import type { Bundle, Skill } from '../../core/types.ts';
import type { CatalogueModel } from '../../site/model.ts';
import { allPages } from '../../site/pages/registry.ts';

export function largeModel(model: CatalogueModel, skills: number, bundles: number): CatalogueModel {
  const rename = (slug: string, k: number) => `${slug}-${k}`;
  const skillEntries = Array.from({ length: skills }, (_, i) => {
    const entry = model.skills[i % model.skills.length];
    const slug = rename(entry.skill.slug, Math.floor(i / model.skills.length));
    return { ...entry, skill: { ...entry.skill, slug, url: entry.skill.url.replace(/[^/]+$/, slug) } satisfies Skill };
  });
  const bundleEntries = Array.from({ length: bundles }, (_, i) => {
    const entry = model.bundles[i % model.bundles.length];
    const k = Math.floor(i / model.bundles.length);
    const bundle: Bundle = { ...entry.bundle, slug: rename(entry.bundle.slug, k), skills: entry.bundle.skills.map((member) => ({ ...member, slug: rename(member.slug, k) })) };
    return { ...entry, bundle };
  });
  const catalog = { ...model.catalog, skill_count: skills, skills: skillEntries.map((entry) => entry.skill), bundles: bundleEntries.map((entry) => entry.bundle) };
  const catalogFile = serialiseCatalog(catalog);
  const grown = { ...model, skills: skillEntries, bundles: bundleEntries, catalog, catalogFile, index: catalogFile.layout.index };
  return { ...grown, pages: allPages(grown) };
}
