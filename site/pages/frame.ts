/**
 * What every page shares: the shop, the clusters, the guide's address and the asset URLs. It is
 * small and plain data, so it crosses to render workers as it is and its hash is part of every
 * page's cache key: a page can read nothing that is not in its frame or its own input.
 */
import type { Cluster } from '../../core/types.ts';
import { PRICING_RULE } from '../../core/pricing.ts';
import type { PageLayout } from '../../core/page-paths.ts';
import type { CatalogueModel, SiteModel } from '../model.ts';

export interface PageFrame {
  site: SiteModel;
  /** `pricing.rule` of the catalogue, one sentence. */
  pricingRule: string;
  clusters: Cluster[];
  /** Where "API guide" links go: the guide page itself when the build has it, else the URL. */
  guideHref: string;
  /** Root-relative path of each prose page (`docs/api`), for links between them. */
  docPaths: string[];
  /** Where the pages' files go (site/layout.ts). */
  layout: PageLayout;
  assets: {
    stylesheet: { href: string; integrity: string };
    icon: { href: string };
    searchScript: { href: string; integrity: string };
  };
}

/**
 * What an item's Markdown twin reads of the frame: the site's address and cart links, where its
 * files go and the pricing rule. Not the shop's name or description, the clusters or the assets, so
 * a twin is kept past a change of those (a renamed shop renders every page, no twin); the page jobs
 * key a twin by this alone (build/run/pages.ts).
 */
export interface TwinFrame {
  site: Pick<SiteModel, 'baseUrl' | 'shop'>;
  pricingRule: string;
  layout: PageLayout;
}

export const twinFrameOf = ({ site, pricingRule, layout }: TwinFrame): TwinFrame => ({ site: { baseUrl: site.baseUrl, shop: site.shop }, pricingRule, layout });

/** The hashed assets every page links (the build reads them: build/emit/assets.ts). */
export type FrameAssets = Record<keyof PageFrame['assets'], { href: string; integrity: string }>;

export function pageFrame(model: CatalogueModel, { stylesheet, icon, searchScript }: FrameAssets): PageFrame {
  return {
    site: model.site,
    pricingRule: PRICING_RULE,
    clusters: model.clusters,
    guideHref: guideHref(model.site.documentationUrl, model.docs.map((doc) => doc.path)),
    docPaths: model.docs.map((doc) => doc.path),
    layout: model.layout,
    assets: { stylesheet: { href: stylesheet.href, integrity: stylesheet.integrity }, icon: { href: icon.href }, searchScript: { href: searchScript.href, integrity: searchScript.integrity } },
  };
}

/** The guide page itself when this build has it (compared by path, since a deploy preview's base
 * URL differs from the one in site.yaml), else the configured URL. */
function guideHref(documentationUrl: string, docPaths: readonly string[]): string {
  const path = new URL(documentationUrl).pathname.replace(/\/+$/, '');
  const own = docPaths.find((docPath) => `/${docPath}` === path);
  return own ? `/${own}` : documentationUrl;
}
