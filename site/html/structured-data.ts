/**
 * schema.org JSON-LD for search engines and shopping agents: a Product with its Offer on skill and
 * bundle pages, a BreadcrumbList wherever the page shows breadcrumbs, and WebSite on the home page.
 * Typed with schema-dts, so a misspelt property or a wrong type fails the type check, and every value
 * comes from the same item the page and its JSON twin show.
 */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { BreadcrumbList, Offer, Product, SearchAction, WebSite, WithActionConstraints, WithContext } from 'schema-dts';
import type { Bundle, Skill } from '../../core/types.ts';

/** schema.org prices are decimal numbers in the currency's unit; the API keeps integer cents. */
export const offerPrice = (cents: number): string => (cents / 100).toFixed(2);

function offer(url: string, amountCents: number, currency: string): Offer {
  return {
    '@type': 'Offer',
    url,
    price: offerPrice(amountCents),
    priceCurrency: currency,
    availability: 'https://schema.org/InStock',
    // Prices are net: VAT is added at checkout.
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: offerPrice(amountCents),
      priceCurrency: currency,
      valueAddedTaxIncluded: false,
    },
  };
}

/** `image`: the absolute URL of the item's card (core/card.ts), none for a draft, which has none. */
export function skillProduct(skill: Skill, url: string, description: string, image?: string): WithContext<Product> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: skill.title,
    description,
    url,
    ...(image ? { image } : {}),
    sku: skill.slug,
    category: skill.clusters[0].label,
    offers: offer(url, skill.price.amount_cents, skill.price.currency),
  };
}

export function bundleProduct(bundle: Bundle, url: string, description: string, image?: string): WithContext<Product> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: bundle.title,
    description,
    url,
    ...(image ? { image } : {}),
    sku: bundle.slug,
    // A bundle is sold whole: every member, each a product of its own.
    isRelatedTo: bundle.skills.map((member): Product => ({ '@type': 'Product', name: member.title, url: member.url, sku: member.slug })),
    offers: offer(url, bundle.price.amount_cents, bundle.price.currency),
  };
}

export interface BreadcrumbItem {
  name: string;
  /** Absolute URL. */
  url: string;
}

export function breadcrumbList(items: readonly BreadcrumbItem[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  };
}

/** The name of the search term in the SearchAction's URL template, as schema.org's example spells it. */
export const SEARCH_TERM = 'search_term_string';

/**
 * `searchUrl` is the search page's absolute URL; the SearchAction tells search engines and agents
 * that `<searchUrl>?q=<words>` searches the site (schema.org/SearchAction, with the `query-input`
 * property of schema.org's Action input/output constraints).
 */
export function webSite(name: string, url: string, description: string, searchUrl: string): WithContext<WebSite> {
  const search: WithActionConstraints<SearchAction> = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${searchUrl}?q={${SEARCH_TERM}}` },
    'query-input': `required name=${SEARCH_TERM}`,
  };
  return { '@context': 'https://schema.org', '@type': 'WebSite', name, url, description, potentialAction: search };
}

/**
 * A `<script type="application/ld+json">` element. Its text is raw to an HTML parser, so `<` is
 * written as `\u003c`: the same JSON to a JSON parser, and no editor's text can close the element.
 * It is a data block, never run, so the Content-Security-Policy has nothing to allow.
 */
export function jsonLdScript(data: object): Element {
  return h('script', { type: 'application/ld+json' }, JSON.stringify(data).replace(/</g, '\\u003c'));
}
