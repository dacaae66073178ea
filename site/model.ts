/**
 * The catalogue as every artifact reads it: the model's types, apart from the build that makes
 * them (build/model.ts), so the site layer can read the model without the build's code.
 */
import type { BuildStamp, HeaderSet } from '../core/headers.ts';
import type { CatalogLayout } from '../core/catalog-layout.ts';
import type { CatalogIndex } from '../core/query.ts';
import type { PageLayout } from '../core/page-paths.ts';
import type { Bundle, Catalog, Cluster, SiteContent, Skill } from '../core/types.ts';
import type { ShopTemplates } from '../core/url-template.ts';
import type { DatedPage } from './pages/page-ref.ts';

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
  /** ISO date-time of the content file's first commit (its mtime when git does not know it). */
  firstPublished: string;
}

export interface BundleEntry {
  bundle: Bundle;
  body: BodySource;
  file: string;
  lastModified: string;
  firstPublished: string;
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
  catalogFile: { bytes: Uint8Array; layout: CatalogLayout };
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
  /** Where the content editor commits (build/repository.ts). */
  repository: Repository;
  /** Which sections keep their pages and Markdown twins in sub-folders (site/layout.ts). */
  layout: PageLayout;
  /** Every published page with its last change, kind by kind (site/pages/registry.ts allPages):
   * what the sitemap, the header rules and the folders' layout go over. */
  pages: DatedPage[];
}

/** The GitHub repository (`owner/name`) and branch the content editor commits to, where known. */
export interface Repository {
  repo: string | undefined;
  branch: string | undefined;
}

/** Skills and bundles with `draft: true`, as a preview builds them: pages and twins, listed nowhere. */
export interface Drafts {
  skills: SkillEntry[];
  bundles: BundleEntry[];
}

/**
 * Where an editor's Markdown body is. The thread that renders a page reads it then, so the build
 * never holds thousands of bodies at once; a file that changed since it was loaded is refused
 * rather than rendered under the old file's cache key.
 */
export interface BodySource {
  /** Absolute path of the content file. */
  path: string;
  /** Where the body starts in the file's text. */
  start: number;
  /** checkKey of the file as loaded. */
  checkKey: string;
  kind: DocumentKind;
}

/** The kinds of content file with a Markdown body. */
export type DocumentKind = 'skill' | 'bundle' | 'doc';

export interface DeployContext {
  /** The context as Netlify named it; `production` when nothing was named, `local` for `--drafts` alone. */
  name: string;
  /** Drafts are built, each at its own address, marked as a draft and noindex. */
  drafts: boolean;
  /** Every file of the deploy says `X-Robots-Tag: noindex`. */
  noindex: boolean;
}

export interface HeaderRule {
  path: string;
  headers: HeaderSet;
}

/** What crawlers may use the content for (robots.txt): site.yaml's `content_signals` with the
 * schema's defaults filled in (build/content-signals.ts). */
export type ContentSignals = Required<NonNullable<SiteContent['content_signals']>>;
