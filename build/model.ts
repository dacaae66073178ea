/** Model: turn validated content into the one catalogue every emitter reads: clusters resolved,
 * drafts dropped, prices computed, bundles reduced to live members, everything in default order. */
import type { BuildStamp } from '../core/headers.ts';
import { bundlePrice, PRICING_RULE } from '../core/pricing.ts';
import { compareOrder, compareTitles } from '../core/collate.ts';
import { serialiseCatalog } from '../core/catalog-layout.ts';
import type { CatalogLayout } from '../core/catalog-layout.ts';
import type { CatalogIndex } from '../core/query.ts';
import { CATALOG_VERSION } from '../core/catalog-version.ts';
import { CLUSTER_IDS, CURRENCY, TAX_NOTE } from '../core/types.ts';
import type { Bundle, Catalog, Cluster, ClusterId, SiteContent, Skill } from '../core/types.ts';
import type { LastModified } from './content-dates.ts';
import type { BodySource } from './load.ts';
import type { HeaderRule } from './emit/headers.ts';
import type { ValidContent } from './validate.ts';
import { fillUrlTemplate } from '../core/url-template.ts';

export interface SiteModel {
  name: string;
  description: string;
  /** Canonical origin, no trailing slash. */
  baseUrl: string;
  documentationUrl: string;
  singleCents: number;
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
}

/** `lastModified` dates a content file (by its path as loaded) for the sitemap. */
export function buildModel(content: ValidContent, stamp: BuildStamp, generatedAt: string, lastModified: LastModified, handHeaders: HeaderRule[] = []): CatalogueModel {
  const base = stamp.baseUrl;
  const site: SiteModel = {
    name: content.site.name,
    description: content.site.description,
    baseUrl: base,
    documentationUrl: content.site.documentation_url,
    singleCents: content.site.pricing.single_cents,
  };
  const fill = (template: string, slug: string) => fillUrlTemplate(template, base, slug);
  const clusterById = new Map(content.clusters.map((cluster) => [cluster.id, cluster]));
  const notices: string[] = [];

  const skills = content.skills
    .filter(({ fields }) => !fields.draft)
    .map(({ doc, fields }) => ({ doc, order: fields.order, skill: skillOf(doc.slug, fields, content.site, base, fill, clusterById) }))
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
    .map(({ doc, fields }) => {
      const members = fields.skills.flatMap((slug) => liveSkills.get(slug) ?? []);
      const bundle: Bundle = {
        type: 'bundle',
        slug: doc.slug,
        ...twinUrls(base, 'bundles', doc.slug),
        title: fields.title,
        problem: fields.problem,
        blurb: fields.blurb,
        why: fields.why,
        skills: members.map((skill) => ({ slug: skill.slug, title: skill.title, author: skill.author, url: skill.url, json_url: skill.json_url })),
        price: bundlePrice(members.map((skill) => skill.price.amount_cents)),
        cart_url: fill(content.site.urls.bundle_cart, doc.slug),
      };
      return { order: fields.order, entry: { bundle, body: doc.body, file: doc.file, lastModified: lastModified(doc.file) } };
    })
    .sort((a, b) => compareOrder(a.order, b.order) || compareTitles(a.entry.bundle, b.entry.bundle))
    .map(({ entry }): BundleEntry => entry);

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
  return { site, stamp, generatedAt, clusters: content.clusters, skills, bundles, docs, catalog, catalogFile, index: catalogFile.layout.index, notices, handHeaders };
}

export function twinUrls(base: string, section: 'skills' | 'bundles' | 'clusters', slug: string) {
  const url = `${base}/${section}/${slug}`;
  return { url, markdown_url: `${url}.md`, json_url: `${url}.json` };
}

const clusterRank = (skill: Skill) => CLUSTER_IDS.indexOf(skill.clusters[0].id);

function skillOf(
  slug: string,
  fields: ValidContent['skills'][number]['fields'],
  site: SiteContent,
  base: string,
  fill: (template: string, slug: string) => string,
  clusterById: Map<ClusterId, Cluster>,
): Skill {
  return {
    type: 'skill',
    slug,
    ...twinUrls(base, 'skills', slug),
    title: fields.title,
    author: fields.author,
    problem: fields.problem ?? null,
    outcome: fields.outcome ?? null,
    summary: fields.summary ?? null,
    clusters: fields.clusters.map((id) => ({ ...clusterById.get(id)! })),
    commands: [...fields.commands],
    command_count: fields.commands.length,
    kind: fields.kind,
    you_get: [...fields.you_get],
    wont_do: [...fields.wont_do],
    source: fields.source ? { ...fields.source } : null,
    price: { amount_cents: fields.price_cents ?? site.pricing.single_cents, currency: CURRENCY, tax: TAX_NOTE },
    install_url: fill(site.urls.install, slug),
    cart_url: fill(site.urls.skill_cart, slug),
  };
}
