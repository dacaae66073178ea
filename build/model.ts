/** Model: turn validated content into the one catalogue every emitter reads: clusters resolved,
 * drafts left out of it (and, for a preview, set apart to be built on their own), prices computed,
 * bundles reduced to live members, everything in default order. */
import type { BuildStamp } from '../core/headers.ts';
import { bundlePrice, PRICING_RULE } from '../core/pricing.ts';
import { compareOrder, compareTitles } from '../core/collate.ts';
import { serialiseCatalog } from '../core/catalog-layout.ts';
import { digestOfText } from './digest.ts';
import { CATALOG_VERSION } from '../core/catalog-version.ts';
import { CLUSTER_IDS, CURRENCY } from '../core/types.ts';
import type { Bundle, Catalog, Skill } from '../core/types.ts';
import type { ContentDates } from './content-dates.ts';
import type { ValidContent } from './validate/index.ts';
import { PRODUCTION } from './deploy-context.ts';
import { contentSignals } from './content-signals.ts';
import { FLAT_LAYOUT } from '../core/page-paths.ts';
import { allPages } from '../site/pages/registry.ts';
// A skill's API object from its front matter, in a module of its own so that the editor's preview
// (emit/admin-editor.ts, a browser script) can use it without the rest of the build.
import { cartOrPage, skillOf } from './skill-of.ts';
import { SECTION, twinUrls } from '../core/page-paths.ts';
import type { BundleEntry, CatalogueModel, DocEntry, Drafts, HeaderRule, SiteModel, SkillEntry, DeployContext, Repository } from '../site/model.ts';
export { skillOf } from './skill-of.ts';

/** `dates` dates a content file (by its path as loaded) for the sitemap and the feeds. */
export function buildModel(
  content: ValidContent,
  stamp: BuildStamp,
  generatedAt: string,
  dates: ContentDates,
  handHeaders: HeaderRule[] = [],
  deploy: DeployContext = PRODUCTION,
  repository: Repository = { repo: undefined, branch: undefined },
): CatalogueModel {
  const base = stamp.baseUrl;
  const site: SiteModel = {
    name: content.site.name,
    description: content.site.description,
    baseUrl: base,
    documentationUrl: content.site.documentation_url,
    singleCents: content.site.pricing.single_cents,
    shop: content.site.shop ?? null,
  };
  const clusterById = new Map(content.clusters.map((cluster) => [cluster.id, cluster]));
  const notices: string[] = [];
  const datesOf = (file: string) => ({ file, lastModified: dates.lastModified(file), firstPublished: dates.firstPublished(file) });

  const skills = content.skills
    .filter(({ fields }) => !fields.draft)
    .map(({ doc, fields }) => ({ doc, order: fields.order, skill: skillOf(doc.slug, fields, site, clusterById) }))
    .sort((a, b) => clusterRank(a.skill) - clusterRank(b.skill) || compareOrder(a.order, b.order) || compareTitles(a.skill, b.skill))
    .map(({ doc, skill }): SkillEntry => ({ skill, body: doc.body, ...datesOf(doc.file) }));
  const liveSkills = new Map(skills.map((entry) => [entry.skill.slug, entry.skill]));

  const bundles = content.bundles
    .filter(({ fields, doc }) => {
      if (fields.draft) return false;
      const live = fields.skills.filter((slug) => liveSkills.has(slug));
      if (live.length < 2) notices.push(`${doc.file}: not published, only ${live.length} of its skills ${live.length === 1 ? 'is' : 'are'} live (a bundle needs two).`);
      else if (live.length < fields.skills.length) notices.push(`${doc.file}: published without ${fields.skills.filter((slug) => !liveSkills.has(slug)).join(', ')} (draft).`);
      return live.length >= 2;
    })
    .map(({ doc, fields }) => bundleEntry(doc, fields, fields.skills.flatMap((slug) => liveSkills.get(slug) ?? [])))
    .sort((a, b) => compareOrder(a.order, b.order) || compareTitles(a.entry.bundle, b.entry.bundle))
    .map(({ entry }): BundleEntry => entry);

  /** A bundle of `members` (its skills that are built), in its default-order wrapper. */
  function bundleEntry(doc: ValidContent['bundles'][number]['doc'], fields: ValidContent['bundles'][number]['fields'], members: Skill[]) {
    const bundle: Bundle = {
      type: 'bundle',
      slug: doc.slug,
      ...twinUrls(base, SECTION.bundle, doc.slug),
      title: fields.title,
      problem: fields.problem,
      blurb: fields.blurb,
      why: fields.why,
      skills: members.map((skill) => ({ slug: skill.slug, title: skill.title, author: skill.author, url: skill.url, json_url: skill.json_url })),
      price: bundlePrice(members.map((skill) => skill.price.amount_cents)),
      cart_url: cartOrPage(site, 'bundle', doc.slug),
    };
    return { order: fields.order, entry: { bundle, body: doc.body, ...datesOf(doc.file) } };
  }

  const drafts = deploy.drafts ? previewDrafts() : { skills: [], bundles: [] };

  /**
   * Drafts, for a preview: each skill and bundle with `draft: true`, built at its own address and
   * listed nowhere, so every listing of the preview is the one production would publish. A draft
   * bundle is shown as it would be published with its draft skills published too (an editor
   * previews a new bundle of new skills whole); a published bundle keeps production's members.
   */
  function previewDrafts(): Drafts {
    const draftSkills = content.skills
      .filter(({ fields }) => fields.draft)
      .map(({ doc, fields }): SkillEntry => ({ skill: skillOf(doc.slug, fields, site, clusterById), body: doc.body, ...datesOf(doc.file) }))
      .sort((a, b) => compareTitles(a.skill, b.skill));
    const built = new Map([...liveSkills, ...draftSkills.map((entry) => [entry.skill.slug, entry.skill] as const)]);
    const draftBundles = content.bundles
      .filter(({ fields, doc }) => {
        if (!fields.draft) return false;
        const members = fields.skills.filter((slug) => built.has(slug));
        if (members.length < 2) notices.push(`${doc.file}: draft not built, only ${members.length} of its skills ${members.length === 1 ? 'is' : 'are'} published or drafts (a bundle needs two).`);
        return members.length >= 2;
      })
      .map(({ doc, fields }) => bundleEntry(doc, fields, fields.skills.flatMap((slug) => built.get(slug) ?? [])).entry)
      .sort((a, b) => compareTitles(a.bundle, b.bundle));
    for (const { file, skill } of draftSkills) notices.push(`${file}: draft, built for this preview only at ${skill.url}`);
    for (const { file, bundle } of draftBundles) notices.push(`${file}: draft, built for this preview only at ${bundle.url}`);
    return { skills: draftSkills, bundles: draftBundles };
  }

  const catalog: Catalog = {
    version: CATALOG_VERSION,
    site: base,
    generated_at: generatedAt,
    query: { clusters: [], sort: 'default', limit: null },
    pricing: { single_cents: site.singleCents, currency: CURRENCY, rule: PRICING_RULE },
    skill_count: skills.length,
    skills: skills.map((entry) => entry.skill),
    bundles: bundles.map((entry) => entry.bundle),
  };
  const docs = content.docs
    .filter(({ fields }) => !fields.draft)
    .map(({ doc, fields }): DocEntry => ({
      path: `docs/${doc.slug}`,
      title: fields.title,
      description: fields.description,
      body: doc.body,
      file: doc.file,
      lastModified: dates.lastModified(doc.file),
    }));
  // Each item is known by the digest of its JSON text from here on, and the file by its ETag: every
  // task's key that holds them hashes that digest, not their text again (build/digest.ts).
  const catalogFile = serialiseCatalog(catalog, digestOfText);
  digestOfText(catalogFile, catalogFile.layout.etag);
  const model: CatalogueModel = {
    site, stamp, generatedAt, clusters: content.clusters, skills, bundles, docs, catalog, catalogFile, index: catalogFile.layout.index, notices, handHeaders, deploy, drafts,
    contentSignals: contentSignals(content.site.content_signals), repository, layout: FLAT_LAYOUT, pages: [],
  };
  // Worked out once, from everything else: several artifacts go over every page.
  model.pages = allPages(model);
  return model;
}


const clusterRank = (skill: Skill) => CLUSTER_IDS.indexOf(skill.clusters[0].id);
