/** Model: turn validated content into the one catalogue every emitter reads: clusters resolved,
 * drafts left out of it (and, for a preview, set apart to be built on their own), prices computed,
 * bundles reduced to live members, everything in default order. */
import type { BuildStamp } from '../core/headers.ts';
import { bundlePrice, PRICING_RULE } from '../core/pricing.ts';
import { compareOrder, compareTitles } from '../core/collate.ts';
import { serialiseCatalog } from '../core/catalog-layout.ts';
import type { CatalogLayout } from '../core/catalog-layout.ts';
import type { CatalogIndex } from '../core/query.ts';
import { CATALOG_VERSION } from '../core/catalog-version.ts';
import { CLUSTER_IDS, CURRENCY } from '../core/types.ts';
import type { Bundle, Catalog, Cluster, Skill } from '../core/types.ts';
import type { LastModified } from './content-dates.ts';
import type { BodySource } from './load.ts';
import type { HeaderRule } from './emit/headers.ts';
import type { ValidContent } from './validate/index.ts';
import { PRODUCTION } from './deploy-context.ts';
import { contentSignals } from './content-signals.ts';
import type { ContentSignals } from './content-signals.ts';
import type { DeployContext } from './deploy-context.ts';
import type { ShopTemplates } from '../core/url-template.ts';
// A skill's API object from its front matter, in a module of its own so that the editor's preview
// (emit/admin-editor.ts, a browser script) can use it without the rest of the build.
import { cartOrPage, skillOf } from './skill-of.ts';
import { SECTION, twinUrls } from '../core/page-paths.ts';
export { skillOf } from './skill-of.ts';

export interface SiteModel {
  name: string;
  description: string;
  /** Canonical origin, no trailing slash. */
  baseUrl: string;
  documentationUrl: string;
  singleCents: number;
  /** site.yaml's `shop`: cart links on the shop's origin, or null for none on any page or twin. */
  shop: ShopTemplates | null;
}

export interface SkillEntry {
  skill: Skill;
  /** The editor's Markdown body. */
  body: BodySource;
  /** The content file, relative to the project root. */
  file: string;
  /** ISO date-time of the content file's last commit (its mtime when git does not know it). */
  lastModified: string;
}

export interface BundleEntry {
  bundle: Bundle;
  body: BodySource;
  file: string;
  lastModified: string;
}

/** A page of prose for people (content/docs/<slug>.md), such as the developer guide. */
export interface DocEntry {
  /** Path under the site root without extension, e.g. `docs/api`. */
  path: string;
  title: string;
  description: string;
  /** The editor's Markdown; `{base}` in it stands for the site's base URL. */
  body: BodySource;
  file: string;
  lastModified: string;
}


export interface CatalogueModel {
  site: SiteModel;
  stamp: BuildStamp;
  /** ISO date-time of the newest content change (or SOURCE_DATE_EPOCH), never the clock: build/stamp.ts. */
  generatedAt: string;
  clusters: Cluster[];
  /** Published skills in default order. */
  skills: SkillEntry[];
  /** Published bundles (two or more live skills) in default order. */
  bundles: BundleEntry[];
  docs: DocEntry[];
  /** The unfiltered catalogue, as `/catalog.json` answers it. */
  catalog: Catalog;
  /** catalog.json's bytes and where each item sits in them, for the catalog function. */
  catalogFile: { bytes: string; layout: CatalogLayout };
  index: CatalogIndex;
  /** Things worth telling an editor that are not errors (a bundle left unpublished…). */
  notices: string[];
  /** Header rules kept by hand (the top-level `_headers`), written after the build's own. */
  handHeaders: HeaderRule[];
  /** Which deploy the build is for: whether drafts are built and the whole deploy is noindex. */
  deploy: DeployContext;
  /** Drafts built for a preview, each at its own address only (none in production). */
  drafts: Drafts;
  /** What crawlers may use the content for (robots.txt), site.yaml's or the defaults. */
  contentSignals: ContentSignals;
}

/** Skills and bundles with `draft: true`, as a preview builds them: pages and twins, listed nowhere. */
export interface Drafts {
  skills: SkillEntry[];
  bundles: BundleEntry[];
}

/** `lastModified` dates a content file (by its path as loaded) for the sitemap. */
export function buildModel(
  content: ValidContent,
  stamp: BuildStamp,
  generatedAt: string,
  lastModified: LastModified,
  handHeaders: HeaderRule[] = [],
  deploy: DeployContext = PRODUCTION,
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

  const skills = content.skills
    .filter(({ fields }) => !fields.draft)
    .map(({ doc, fields }) => ({ doc, order: fields.order, skill: skillOf(doc.slug, fields, site, clusterById) }))
    .sort((a, b) => clusterRank(a.skill) - clusterRank(b.skill) || compareOrder(a.order, b.order) || compareTitles(a.skill, b.skill))
    .map(({ doc, skill }): SkillEntry => ({ skill, body: doc.body, file: doc.file, lastModified: lastModified(doc.file) }));
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
    return { order: fields.order, entry: { bundle, body: doc.body, file: doc.file, lastModified: lastModified(doc.file) } };
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
      .map(({ doc, fields }): SkillEntry => ({ skill: skillOf(doc.slug, fields, site, clusterById), body: doc.body, file: doc.file, lastModified: lastModified(doc.file) }))
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
      lastModified: lastModified(doc.file),
    }));
  const catalogFile = serialiseCatalog(catalog);
  return { site, stamp, generatedAt, clusters: content.clusters, skills, bundles, docs, catalog, catalogFile, index: catalogFile.layout.index, notices, handHeaders, deploy, drafts, contentSignals: contentSignals(content.site.content_signals) };
}


const clusterRank = (skill: Skill) => CLUSTER_IDS.indexOf(skill.clusters[0].id);
