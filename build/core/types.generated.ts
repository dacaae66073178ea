/* Generated from schema/ by `npm run types`. Do not edit: change the schema and regenerate. */

/**
 * Net price of one skill unless it sets price_cents.
 */
export type Cents = number;
/**
 * URL with {base} (the canonical origin) and {slug} placeholders.
 */
export type UrlTemplate = string;
/**
 * Job cluster, in catalogue order.
 */
export type ClusterId = "ideas" | "ship" | "design" | "activation" | "positioning" | "pricing" | "gtm";
/**
 * content/clusters.yaml: the seven job clusters, in catalogue order.
 *
 * @minItems 7
 * @maxItems 7
 */
export type ClustersContent = Cluster[];
/**
 * `command` exposes slash commands; `reference` is read by the agent.
 */
export type SkillKind = "command" | "reference";
/**
 * Overrides site.yaml pricing.single_cents.
 */
export type Cents1 = number;
/**
 * URL-safe identifier of a skill or bundle: the content file name without .md.
 */
export type Slug = string;
/**
 * Net price in euro cents.
 */
export type Cents2 = number;
export type Currency = "EUR";
export type TaxNote = "net, VAT added at checkout";
/**
 * HTML page.
 */
export type Url = string;
/**
 * Markdown twin.
 */
export type Url1 = string;
/**
 * JSON twin.
 */
export type Url2 = string;
export type Url3 = string;
/**
 * HTML page.
 */
export type Url4 = string;
/**
 * Markdown twin.
 */
export type Url5 = string;
/**
 * JSON twin.
 */
export type Url6 = string;
/**
 * Sum of the single prices, before the tier discount.
 */
export type Cents3 = number;
/**
 * What the bundle costs; every third skill is free.
 */
export type Cents4 = number;
/**
 * Canonical sort of the catalogue's skills.
 */
export type SortName = "default" | "price_asc" | "price_desc" | "title";
/**
 * Amount in euro cents.
 */
export type Cents5 = number;
export type ErrorCode = "not_found" | "bad_request" | "server_error";
/**
 * Mode of the configured key, from its prefix.
 */
export type PaymentMode = "test" | "live";
/**
 * Mode the provider reports for the account.
 */
export type PaymentMode1 = "test" | "live";

export interface SchemaTypes {
  "defs.schema.json"?: SharedDefinitions;
  "content/site.schema.json"?: SiteContent;
  "content/clusters.schema.json"?: ClustersContent;
  "content/skill.schema.json"?: SkillFrontMatter;
  "content/bundle.schema.json"?: BundleFrontMatter;
  "content/doc.schema.json"?: DocFrontMatter;
  "api/cluster.schema.json"?: Cluster;
  "api/price.schema.json"?: Price;
  "api/skill.schema.json"?: Skill;
  "api/bundle.schema.json"?: Bundle;
  "api/catalog.schema.json"?: Catalog;
  "api/version.schema.json"?: Version;
  "api/error.schema.json"?: ErrorBody;
  "api/payment-health.schema.json"?: PaymentHealth;
  "api/doc.schema.json"?: Doc;
}
/**
 * Definitions shared by the content schemas and the response schemas.
 */
export interface SharedDefinitions {
  [k: string]: unknown | undefined;
}
/**
 * content/site.yaml: the shop's name, addresses, price and URL templates.
 */
export interface SiteContent {
  name: string;
  /**
   * One or two sentences; used for llms.txt and page descriptions.
   */
  description: string;
  /**
   * Canonical origin, no trailing slash; Netlify's URL wins when set.
   */
  base_url: string;
  /**
   * Developer guide, linked from every error.
   */
  documentation_url: string;
  pricing: {
    single_cents: Cents;
  };
  urls: {
    install: UrlTemplate;
    skill_cart: UrlTemplate;
    bundle_cart: UrlTemplate;
  };
}
/**
 * A job cluster: the question a group of books answers.
 */
export interface Cluster {
  id: ClusterId;
  /**
   * Short human label for the cluster.
   */
  label: string;
  /**
   * The question the cluster's books answer.
   */
  question: string;
}
/**
 * Front matter of content/skills/<slug>.md. Derived fields (urls, prices, counts, type) are never written here.
 */
export interface SkillFrontMatter {
  title: string;
  author: string;
  problem?: string | null;
  outcome?: string | null;
  summary?: string | null;
  /**
   * One or two cluster ids; the first decides the skill's place in the catalogue.
   *
   * @minItems 1
   * @maxItems 2
   */
  clusters: ClusterId[];
  kind: SkillKind;
  commands: string[];
  you_get: string[];
  wont_do: string[];
  source?: SkillSource | null;
  price_cents?: Cents1;
  /**
   * Place within the first cluster, ascending; absent sorts last.
   */
  order?: number;
  /**
   * true keeps the skill out of everything.
   */
  draft?: boolean;
}
/**
 * The book a skill is drawn from. All five keys are present.
 */
export interface SkillSource {
  year: number;
  edition: string | null;
  isbn: string | null;
  buy_url: string | null;
  buy_label: string;
}
/**
 * Front matter of content/bundles/<slug>.md.
 */
export interface BundleFrontMatter {
  title: string;
  problem: string;
  blurb: string;
  why: string;
  /**
   * Slugs of the member skills; drafts among them are left out of the published bundle.
   *
   * @minItems 2
   */
  skills: Slug[];
  order?: number;
  draft?: boolean;
}
/**
 * Front matter of content/docs/<name>.md, a page of prose such as the developer guide (/docs/<name>).
 */
export interface DocFrontMatter {
  title: string;
  /**
   * One sentence: the page's meta description and its line in llms.txt.
   */
  description: string;
  draft?: boolean;
}
/**
 * Net price of a skill.
 */
export interface Price {
  amount_cents: Cents2;
  currency: Currency;
  tax: TaxNote;
}
/**
 * A purchasable skill by an author, possibly tied to a source book.
 */
export interface Skill {
  type: "skill";
  slug: Slug;
  url: Url;
  markdown_url: Url1;
  json_url: Url2;
  title: string;
  author: string;
  problem?: string | null;
  outcome?: string | null;
  summary?: string | null;
  /**
   * At most two; a skill matches a cluster filter on either.
   *
   * @minItems 1
   * @maxItems 2
   */
  clusters: Cluster[];
  /**
   * Slash commands the skill exposes.
   */
  commands: string[];
  command_count: number;
  kind: SkillKind;
  you_get: string[];
  wont_do: string[];
  /**
   * Source book, or null for a skill written without one.
   */
  source?: SkillSource | null;
  price: Price;
  install_url: Url3;
  cart_url: Url3;
}
/**
 * A set of skills sold together, always whole.
 */
export interface Bundle {
  type: "bundle";
  slug: Slug;
  url: Url4;
  markdown_url: Url5;
  json_url: Url6;
  title: string;
  problem: string;
  blurb: string;
  why: string;
  /**
   * Every live member of the bundle: the list is always complete.
   *
   * @minItems 2
   */
  skills: BundleSkill[];
  price: BundlePrice;
  cart_url: Url3;
}
export interface BundleSkill {
  slug: Slug;
  title: string;
  author: string;
  url: Url3;
  json_url: Url3;
}
export interface BundlePrice {
  /**
   * Number of skills in the bundle.
   */
  skill_count: number;
  list_cents: Cents3;
  amount_cents: Cents4;
  currency: Currency;
  tax: TaxNote;
}
/**
 * The catalogue: published skills matching the query, and the bundles with at least two matching skills.
 */
export interface Catalog {
  /**
   * Bumped when a field is removed or changes meaning.
   */
  version: number;
  site: Url3;
  generated_at: string;
  query: CatalogQueryEcho;
  pricing: Pricing;
  /**
   * Skills that matched the filter, counted before limit cuts the list.
   */
  skill_count: number;
  skills: Skill[];
  bundles: Bundle[];
}
/**
 * Echo of the filter and sort, in canonical form.
 */
export interface CatalogQueryEcho {
  clusters: ClusterId[];
  sort: SortName;
  limit: number | null;
}
export interface Pricing {
  single_cents: Cents5;
  currency: Currency;
  rule: string;
}
/**
 * The build that answers and the canonical origin it serves; the same values as the response headers.
 */
export interface Version {
  "x-build-version": string;
  /**
   * No trailing slash.
   */
  "x-base-url": string;
}
/**
 * Flat error body; `error` always equals `code`.
 */
export interface ErrorBody {
  error: ErrorCode;
  code: ErrorCode;
  /**
   * One sentence for a human.
   */
  message: string;
  /**
   * Locations that answer the question the failed call asked.
   */
  hints: string[];
  documentation_url: string;
}
/**
 * Health of the connection to the payment provider. Carries no secrets.
 */
export interface PaymentHealth {
  service: "payment";
  status: "ok" | "degraded" | "down";
  mode?: PaymentMode;
  reportedMode?: PaymentMode1;
  apiBaseHost?: string;
  apiVersion?: string;
  managedPayments?: boolean;
  productsWithoutTaxCode?: number;
  reachable?: boolean;
  /**
   * Round trip time.
   */
  latencyMs?: number;
  checkedAt: string;
  issues: PaymentIssue[];
}
export interface PaymentIssue {
  level: "info" | "warning" | "error";
  /**
   * Stable snake_case code, safe to branch on; the README lists what each one means.
   */
  code:
    | "key_missing"
    | "key_malformed"
    | "config_invalid"
    | "auth_failed"
    | "request_rejected"
    | "unreachable"
    | "timeout"
    | "provider_error"
    | "unexpected_response"
    | "check_failed"
    | "permission_denied"
    | "rate_limited"
    | "mode_mismatch"
    | "expected_mode_mismatch"
    | "api_version_mismatch"
    | "products_without_tax_code"
    | "slow_response"
    | "test_mode"
    | "managed_payments_unknown";
}
/**
 * JSON twin of a page of prose (/docs/<name>), such as the developer guide: its address, title, description and text.
 */
export interface Doc {
  type: "guide";
  slug: Slug;
  /**
   * HTML page.
   */
  url: string;
  /**
   * Markdown twin.
   */
  markdown_url: string;
  /**
   * This JSON twin.
   */
  json_url: string;
  title: string;
  description: string;
  /**
   * The page's text as its editor wrote it, in Markdown.
   */
  markdown: string;
}
