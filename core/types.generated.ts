/* Generated from schema/ by `npm run types`. Do not edit: change the schema and regenerate. */

/**
 * A title or a name: one line of at most 200 characters.
 */
export type Title = string;
/**
 * One or two sentences on one line; used for llms.txt and page descriptions.
 */
export type Line = string;
/**
 * Canonical origin (http:// or https://), no path and no trailing slash; Netlify's URL wins when set.
 */
export type Origin = string;
/**
 * Developer guide, linked from every error.
 */
export type HttpsUrl = string;
/**
 * Net price of one skill unless it sets price_cents.
 */
export type Cents = number;
/**
 * yes grants the use, no refuses it (written as the words yes and no).
 */
export type ContentSignal = "yes" | "no";
/**
 * An https:// URL on the shop's origin with {slug} where the item's slug goes, and no other {placeholder}, such as https://shop.example.com/cart?add=skill:{slug}; at most 500 characters. Filled in, it must be an HttpsUrl on another origin than base_url (the build checks that).
 */
export type CartTemplate = string;
/**
 * Job cluster, in catalogue order.
 */
export type ClusterId = "ideas" | "ship" | "design" | "activation" | "positioning" | "pricing" | "gtm";
/**
 * A title or a name: one line of at most 200 characters.
 */
export type Title1 = string;
/**
 * The question the cluster's books answer.
 */
export type Line1 = string;
/**
 * content/clusters.yaml: the seven job clusters, in catalogue order.
 *
 * @minItems 7
 * @maxItems 7
 */
export type ClustersContent = Cluster[];
/**
 * One line of text, 1 to 500 characters: no control characters (NUL, tab, newline…), no line or paragraph separators and no bidirectional controls.
 */
export type Line2 = string;
/**
 * `command` exposes slash commands; `reference` is read by the agent.
 */
export type SkillKind = "command" | "reference";
/**
 * A slash command such as /interview-plan, at most 64 characters.
 */
export type Command = string;
/**
 * ISBN-10 or ISBN-13: digits with optional single hyphens, an ISBN-10 may end in X.
 */
export type Isbn = string;
/**
 * An absolute https:// URL.
 */
export type HttpsUrl1 = string;
/**
 * Overrides site.yaml pricing.single_cents.
 */
export type Cents1 = number;
/**
 * Place within the first cluster, ascending; absent sorts last.
 */
export type Order = number;
/**
 * URL-safe identifier of a skill, bundle or page: the content file name without .md, at most 100 characters.
 */
export type Slug = string;
/**
 * Place in a listing, ascending; absent sorts last.
 */
export type Order1 = number;
/**
 * One line of text, 1 to 500 characters: no control characters (NUL, tab, newline…), no line or paragraph separators and no bidirectional controls.
 */
export type Line3 = string;
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
/**
 * At most two; a skill matches a cluster filter on either.
 *
 * @minItems 1
 * @maxItems 2
 */
export type Clusters = Cluster[];
/**
 * Slash commands the skill exposes.
 */
export type Commands = Command[];
export type YouGet = Line2[];
export type WontDo = Line2[];
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url3 = string;
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url4 = string;
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url5 = string;
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url6 = string;
/**
 * Every live member of the bundle: the list is always complete.
 *
 * @minItems 2
 */
export type Skills = BundleSkill[];
/**
 * Sum of the single prices, before the tier discount.
 */
export type BundleCents = number;
/**
 * What the bundle costs; every third skill is free.
 */
export type BundleCents1 = number;
/**
 * Scheme and host of a site, with no path and no trailing slash.
 */
export type Origin1 = string;
/**
 * Canonical sort of the catalogue's skills.
 */
export type SortName = "default" | "price_asc" | "price_desc" | "title";
/**
 * Amount in euro cents, at most 1,000,000 (€10,000.00).
 */
export type Cents3 = number;
/**
 * Scheme and host of a site, with no path and no trailing slash.
 */
export type Origin2 = string;
export type ErrorCode = "not_found" | "bad_request" | "server_error";
/**
 * Mode of the configured key, from its prefix.
 */
export type PaymentMode = "test" | "live";
/**
 * Mode the provider reports for the account.
 */
export type PaymentMode1 = "test" | "live";
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url7 = string;
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url8 = string;
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url9 = string;
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url10 = string;
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url11 = string;
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url12 = string;
/**
 * A title or a name: one line of at most 200 characters.
 */
export type Title2 = string;
/**
 * One line of text, 1 to 500 characters: no control characters (NUL, tab, newline…), no line or paragraph separators and no bidirectional controls.
 */
export type Line4 = string;
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url13 = string;
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url14 = string;
/**
 * Absolute http:// or https:// URL: a host name (no user name, no IP literal in brackets), an optional numeric port, at most 2,000 characters. No other scheme (javascript:, data:, vbscript:…) ever passes.
 */
export type Url15 = string;
export type SearchType = "skill" | "bundle" | "doc";
/**
 * Relevance to this query only: higher is better; not comparable across queries.
 */
export type Score = number;

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
  "api/cluster-list.schema.json"?: ClusterList;
  "api/search-results.schema.json"?: SearchResults;
}
/**
 * Definitions shared by the content schemas and the response schemas.
 */
export interface SharedDefinitions {
  [k: string]: unknown | undefined;
}
/**
 * content/site.yaml: the shop's name, addresses, price and, optionally, the shop's cart links.
 */
export interface SiteContent {
  name: Title;
  description: Line;
  base_url: Origin;
  documentation_url: HttpsUrl;
  pricing: {
    single_cents: Cents;
  };
  /**
   * What crawlers may use the site's content for once fetched, stated in robots.txt as a Content-Signal line (the Content Signals Policy, https://contentsignals.org/): search, building a search index and showing links and short excerpts (not AI summaries); ai_input, giving the content to an AI model to answer with (retrieval, grounding, agents reading the Markdown twins); ai_train, training or fine-tuning AI models. A signal left out, or the whole mapping, takes its value in this mapping's default.
   */
  content_signals?: {
    search?: ContentSignal;
    ai_input?: ContentSignal;
    ai_train?: ContentSignal;
  };
  /**
   * The shop that sells the skills, on its own origin (never this site's): where "Add to cart" goes. Without it no page or twin shows a cart link, and the API's cart_url is the item's own page.
   */
  shop?: {
    skill_cart: CartTemplate;
    bundle_cart: CartTemplate;
  };
}
/**
 * A job cluster: the question a group of books answers.
 */
export interface Cluster {
  id: ClusterId;
  label: Title1;
  question: Line1;
}
/**
 * Front matter of content/skills/<slug>.md. Derived fields (urls, prices, counts, type) are never written here.
 */
export interface SkillFrontMatter {
  title: Title;
  author: Title;
  problem?: Line2 | null;
  outcome?: Line2 | null;
  summary?: Line2 | null;
  /**
   * One or two cluster ids; the first decides the skill's place in the catalogue.
   *
   * @minItems 1
   * @maxItems 2
   */
  clusters: ClusterId[];
  kind: SkillKind;
  /**
   * @maxItems 20
   */
  commands: Command[];
  /**
   * @maxItems 20
   */
  you_get: Line2[];
  /**
   * @maxItems 20
   */
  wont_do: Line2[];
  source?: SkillSource | null;
  price_cents?: Cents1;
  order?: Order;
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
  edition: Title | null;
  isbn: Isbn | null;
  buy_url: HttpsUrl1 | null;
  buy_label: Title;
}
/**
 * Front matter of content/bundles/<slug>.md.
 */
export interface BundleFrontMatter {
  title: Title;
  problem: Line2;
  blurb: Line2;
  why: Line2;
  /**
   * Slugs of the member skills (2 to 50); drafts among them are left out of the published bundle.
   *
   * @minItems 2
   * @maxItems 50
   */
  skills: Slug[];
  order?: Order1;
  draft?: boolean;
}
/**
 * Front matter of content/docs/<name>.md, a page of prose such as the developer guide (/docs/<name>).
 */
export interface DocFrontMatter {
  title: Title;
  description: Line3;
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
  title: Title;
  author: Title;
  problem?: Line2 | null;
  outcome?: Line2 | null;
  summary?: Line2 | null;
  clusters: Clusters;
  commands: Commands;
  command_count: number;
  kind: SkillKind;
  you_get: YouGet;
  wont_do: WontDo;
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
  title: Title;
  problem: Line2;
  blurb: Line2;
  why: Line2;
  skills: Skills;
  price: BundlePrice;
  cart_url: Url3;
}
export interface BundleSkill {
  slug: Slug;
  title: Title;
  author: Title;
  url: Url3;
  json_url: Url3;
}
export interface BundlePrice {
  /**
   * Number of skills in the bundle.
   */
  skill_count: number;
  list_cents: BundleCents;
  amount_cents: BundleCents1;
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
  site: Origin1;
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
  single_cents: Cents3;
  currency: Currency;
  rule: Line2;
}
/**
 * The build that answers and the canonical origin it serves; the same values as the response headers.
 */
export interface Version {
  /**
   * Package version and short commit, such as 1.0.0+ebd4539.
   */
  "x-build-version": string;
  "x-base-url": Origin2;
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
  hints: Url3[];
  documentation_url: Url3;
}
/**
 * Health of the connection to the payment provider. Carries no secrets, and nothing the provider sent unless it fits the bounds stated here.
 */
export interface PaymentHealth {
  service: "payment";
  status: "ok" | "degraded" | "down";
  mode?: PaymentMode;
  reportedMode?: PaymentMode1;
  /**
   * Host (and port, when not the protocol's default) the check calls, from STRIPE_API_BASE.
   */
  apiBaseHost?: string;
  /**
   * Stripe API version the provider answered in (its Stripe-Version header), else the one asked for; a value of another form is left out.
   */
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
  url: Url7;
  markdown_url: Url8;
  json_url: Url9;
  title: Title;
  description: Line2;
  /**
   * The page's text as its editor wrote it, in Markdown.
   */
  markdown: string;
}
/**
 * JSON twin of the index of clusters (/clusters/): every job cluster in catalogue order, with its pages and how many published skills and bundles it holds.
 */
export interface ClusterList {
  type: "cluster-index";
  site: Origin1;
  url: Url10;
  markdown_url: Url11;
  json_url: Url12;
  clusters: ClusterSummary[];
}
/**
 * A cluster with its pages, and what /catalog.json?cluster=<id> lists, counted.
 */
export interface ClusterSummary {
  id: ClusterId;
  label: Title2;
  question: Line4;
  url: Url13;
  markdown_url: Url14;
  json_url: Url15;
  /**
   * Published skills with the cluster among their two.
   */
  skill_count: number;
  /**
   * Published bundles with at least two of those skills.
   */
  bundle_count: number;
}
/**
 * Skills, bundles and prose pages matching a search, best first: each item as the catalogue and the JSON twins show it, plus its score.
 */
export interface SearchResults {
  site: Origin1;
  query: SearchQueryEcho;
  /**
   * Items that matched, counted before limit cuts the list.
   */
  total: number;
  results: (ScoredSkill | ScoredBundle | ScoredDocSummary)[];
}
/**
 * Echo of the search in canonical form.
 */
export interface SearchQueryEcho {
  /**
   * The words searched for, trimmed, runs of white space as one space.
   */
  q: string;
  clusters: ClusterId[];
  kind: SkillKind | null;
  types: SearchType[];
  limit: number;
}
/**
 * A skill exactly as catalog.json lists it, and its score.
 */
export interface ScoredSkill {
  type: "skill";
  slug: Slug;
  url: Url;
  markdown_url: Url1;
  json_url: Url2;
  title: Title;
  author: Title;
  problem?: Line2 | null;
  outcome?: Line2 | null;
  summary?: Line2 | null;
  clusters: Clusters;
  commands: Commands;
  command_count: number;
  kind: SkillKind;
  you_get: YouGet;
  wont_do: WontDo;
  /**
   * Source book, or null for a skill written without one.
   */
  source?: SkillSource | null;
  price: Price;
  install_url: Url3;
  cart_url: Url3;
  score: Score;
}
/**
 * A bundle exactly as catalog.json lists it, and its score.
 */
export interface ScoredBundle {
  type: "bundle";
  slug: Slug;
  url: Url4;
  markdown_url: Url5;
  json_url: Url6;
  title: Title;
  problem: Line2;
  blurb: Line2;
  why: Line2;
  skills: Skills;
  price: BundlePrice;
  cart_url: Url3;
  score: Score;
}
/**
 * A page of prose (/docs/<name>) as search lists it: its JSON twin without the text, and its score.
 */
export interface ScoredDocSummary {
  type: "doc";
  slug: Slug;
  url: Url7;
  markdown_url: Url8;
  json_url: Url9;
  title: Title;
  description: Line2;
  score: Score;
}

/** The values of schema/defs.schema.json's enums and consts. */
export const CLUSTER_IDS: readonly ClusterId[] = ["ideas","ship","design","activation","positioning","pricing","gtm"];
export const SKILL_KINDS: readonly SkillKind[] = ["command","reference"];
export const SORT_NAMES: readonly SortName[] = ["default","price_asc","price_desc","title"];
export const CURRENCY = "EUR" satisfies Currency;
export const TAX_NOTE = "net, VAT added at checkout" satisfies TaxNote;
