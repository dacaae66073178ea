/**
 * What search engines and shopping agents read from every page: schema.org JSON-LD (checked against
 * the shapes below with ajv, and against the page's JSON twin for the price), the canonical link,
 * and Open Graph and Twitter card meta.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { Element } from 'hast';
import type { Bundle, ClusterList, Skill } from '../../core/types.ts';
import { offerPrice } from '../../site/html/structured-data.ts';
import { CARD_CONTENT_TYPE, CARD_HEIGHT, CARD_WIDTH, cardImage, cardOfBundle, cardOfCluster, cardOfHome, cardOfSkill } from '../../core/card.ts';
import type { CardInput } from '../../core/card.ts';
import { CLUSTER_LIST_FILE } from '../../core/published-files.ts';
import { baseUrl, elements, htmlFiles, isItemPage, pagePathOf, parseHtml, read } from './dist.ts';

const ajv = new Ajv2020({ allErrors: true, strict: true });
const absoluteUrl = { type: 'string', pattern: '^https?://' };
const context = { const: 'https://schema.org' };
const offer = {
  type: 'object',
  required: ['@type', 'url', 'price', 'priceCurrency', 'availability', 'priceSpecification'],
  properties: {
    '@type': { const: 'Offer' },
    url: absoluteUrl,
    price: { type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$' },
    priceCurrency: { const: 'EUR' },
    availability: { const: 'https://schema.org/InStock' },
    priceSpecification: {
      type: 'object',
      required: ['@type', 'price', 'priceCurrency', 'valueAddedTaxIncluded'],
      properties: { '@type': { const: 'UnitPriceSpecification' }, price: { type: 'string' }, priceCurrency: { const: 'EUR' }, valueAddedTaxIncluded: { const: false } },
    },
  },
};
const shapes = {
  Product: ajv.compile({
    type: 'object',
    required: ['@context', '@type', 'name', 'description', 'url', 'sku', 'offers'],
    properties: {
      '@context': context,
      '@type': { const: 'Product' },
      name: { type: 'string', minLength: 1 },
      description: { type: 'string', minLength: 1 },
      url: absoluteUrl,
      image: absoluteUrl,
      sku: { type: 'string', pattern: '^[a-z0-9-]+$' },
      category: { type: 'string' },
      offers: offer,
      isRelatedTo: {
        type: 'array',
        minItems: 2,
        items: {
          type: 'object',
          required: ['@type', 'name', 'url', 'sku'],
          properties: { '@type': { const: 'Product' }, name: { type: 'string', minLength: 1 }, url: absoluteUrl, sku: { type: 'string', pattern: '^[a-z0-9-]+$' } },
        },
      },
    },
  }),
  BreadcrumbList: ajv.compile({
    type: 'object',
    required: ['@context', '@type', 'itemListElement'],
    properties: {
      '@context': context,
      '@type': { const: 'BreadcrumbList' },
      itemListElement: {
        type: 'array',
        minItems: 2,
        items: {
          type: 'object',
          required: ['@type', 'position', 'name', 'item'],
          properties: { '@type': { const: 'ListItem' }, position: { type: 'integer', minimum: 1 }, name: { type: 'string', minLength: 1 }, item: absoluteUrl },
        },
      },
    },
  }),
  WebSite: ajv.compile({
    type: 'object',
    required: ['@context', '@type', 'name', 'url', 'potentialAction'],
    properties: {
      '@context': context,
      '@type': { const: 'WebSite' },
      name: { type: 'string', minLength: 1 },
      url: absoluteUrl,
      // The site's search, as schema.org/SearchAction describes one: a URL template with the term's
      // placeholder, and query-input naming that placeholder as required.
      potentialAction: {
        type: 'object',
        required: ['@type', 'target', 'query-input'],
        properties: {
          '@type': { const: 'SearchAction' },
          target: {
            type: 'object',
            required: ['@type', 'urlTemplate'],
            properties: { '@type': { const: 'EntryPoint' }, urlTemplate: { type: 'string', pattern: '^https?://[^ ]+\\{search_term_string\\}' } },
          },
          'query-input': { const: 'required name=search_term_string' },
        },
      },
    },
  }),
} as const;

type Ld = Record<string, unknown> & { '@type': keyof typeof shapes };

function head(file: string) {
  const all = elements(parseHtml(file));
  const meta = (key: 'property' | 'name', value: string) =>
    all.find((el) => el.tagName === 'meta' && el.properties[key] === value)?.properties.content as string | undefined;
  const ld = all
    .filter((el: Element) => el.tagName === 'script' && el.properties.type === 'application/ld+json')
    .map((el) => JSON.parse(el.children.map((child) => (child.type === 'text' ? child.value : '')).join('')) as Ld);
  const canonical = all.find((el) => el.tagName === 'link' && String(el.properties.rel) === 'canonical')?.properties.href as string | undefined;
  return { meta, ld, canonical };
}

// Every page with an address of its own; the 404 page has none.
const pages = htmlFiles().filter((file) => file !== '404.html');

describe('structured data and sharing meta', () => {
  it('every JSON-LD document on every page has a known shape and passes its schema', () => {
    const failures: string[] = [];
    for (const file of pages) {
      for (const doc of head(file).ld) {
        const validate = shapes[doc['@type']];
        if (!validate) failures.push(`${file}: unexpected @type ${String(doc['@type'])}`);
        else if (!validate(doc)) failures.push(`${file}: ${doc['@type']} ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('skill and bundle pages offer exactly the price of their JSON twin, at their own URL', () => {
    const items = pages.filter(isItemPage);
    expect(items.length).toBeGreaterThan(0);
    for (const file of items) {
      const twin = JSON.parse(read(file.replace(/\.html$/, '.json'))) as Skill | Bundle;
      const products = head(file).ld.filter((doc) => doc['@type'] === 'Product');
      expect(products, file).toHaveLength(1);
      const [product] = products as unknown as Array<{ url: string; sku: string; name: string; offers: { price: string; priceCurrency: string } }>;
      expect(product.offers.price, file).toBe(offerPrice(twin.price.amount_cents));
      expect(product.offers.priceCurrency).toBe(twin.price.currency);
      expect(product.url).toBe(twin.url);
      expect(product.sku).toBe(twin.slug);
      expect(product.name).toBe(twin.title);
      if (twin.type === 'bundle') {
        expect((product as unknown as { isRelatedTo: Array<{ sku: string }> }).isRelatedTo.map((member) => member.sku)).toEqual(twin.skills.map((member) => member.slug));
      }
    }
  });

  it('skill, bundle and cluster pages carry their breadcrumbs, ending at the page itself', () => {
    for (const file of pages.filter((page) => /^(skills|bundles|clusters)\//.test(page))) {
      const crumbs = head(file).ld.filter((doc) => doc['@type'] === 'BreadcrumbList') as unknown as Array<{ itemListElement: Array<{ position: number; item: string }> }>;
      expect(crumbs, file).toHaveLength(1);
      const list = crumbs[0].itemListElement;
      expect(list.map((entry) => entry.position)).toEqual(list.map((_, i) => i + 1));
      expect(list[0].item).toBe(`${baseUrl()}/`);
      expect(list.at(-1)!.item).toBe(`${baseUrl()}${pagePathOf(file)}`);
    }
  });

  it('the home page describes the site as a WebSite', () => {
    const sites = head('index.html').ld.filter((doc) => doc['@type'] === 'WebSite');
    expect(sites).toHaveLength(1);
    expect(sites[0].url).toBe(`${baseUrl()}/`);
  });

  it("the home page's SearchAction points at the search page with q as the term", () => {
    const [site] = head('index.html').ld.filter((doc) => doc['@type'] === 'WebSite');
    const action = site.potentialAction as { target: { urlTemplate: string } };
    expect(action.target.urlTemplate).toBe(`${baseUrl()}/search?q={search_term_string}`);
  });

  it('every page names its canonical URL and has Open Graph and Twitter card meta that agree with it', () => {
    for (const file of pages) {
      const { meta, canonical } = head(file);
      const url = `${baseUrl()}${pagePathOf(file)}`;
      expect(canonical, file).toBe(url);
      expect(meta('property', 'og:url'), file).toBe(url);
      expect(meta('property', 'og:type'), file).toMatch(/^(website|article)$/);
      for (const key of ['og:title', 'og:description', 'og:site_name']) expect(meta('property', key), `${file} ${key}`).toBeTruthy();
      expect(meta('name', 'twitter:card'), file).toBe(hasCard(file) ? 'summary_large_image' : 'summary');
      expect(meta('name', 'twitter:title'), file).toBe(meta('property', 'og:title'));
      expect(meta('name', 'twitter:description'), file).toBe(meta('property', 'og:description'));
      expect(meta('name', 'description'), file).toBe(meta('property', 'og:description'));
    }
  });

  it('the home page and every skill, bundle and cluster page name their card, worked out from the facts their twins publish', () => {
    const carded = pages.filter(hasCard);
    expect(carded.filter((file) => file.startsWith('clusters/')).length).toBeGreaterThan(0);
    const shop = head('index.html').meta('property', 'og:site_name')!;
    const clusters = (JSON.parse(read(CLUSTER_LIST_FILE)) as ClusterList).clusters;
    const expected = (file: string): CardInput => {
      if (file === 'index.html') return cardOfHome({ name: shop, description: head(file).meta('name', 'description')! });
      const [, folder, slug] = /^(skills|bundles|clusters)\/([^/]+?)(?:\.html|\/)/.exec(file)!;
      if (folder === 'skills') return cardOfSkill(shop, JSON.parse(read(`skills/${slug}.json`)) as Skill);
      if (folder === 'bundles') return cardOfBundle(shop, JSON.parse(read(`bundles/${slug}.json`)) as Bundle);
      const { id, label, question, skill_count: skills, bundle_count: bundles } = clusters.find((cluster) => cluster.id === slug)!;
      return cardOfCluster(shop, { id, label, question }, { skills, bundles });
    };
    for (const file of carded) {
      const { meta } = head(file);
      const card = cardImage(baseUrl(), expected(file));
      expect(meta('property', 'og:image'), file).toBe(card.url);
      expect(card.url, file).toMatch(/\/cards\/(home|(skill|bundle|cluster)\/[a-z0-9-]+)\.[0-9a-f]{16}\.png$/);
      expect(meta('property', 'og:image:type'), file).toBe(CARD_CONTENT_TYPE);
      expect([meta('property', 'og:image:width'), meta('property', 'og:image:height')], file).toEqual([String(CARD_WIDTH), String(CARD_HEIGHT)]);
      // The sentence as text: the parsed attribute is the card's facts as they are, markup and all.
      expect(meta('property', 'og:image:alt'), file).toBe(card.alt);
      expect(meta('name', 'twitter:image'), file).toBe(card.url);
      expect(meta('name', 'twitter:image:alt'), file).toBe(card.alt);
    }
  });

  it('a skill\'s and a bundle\'s Product names its card as its image; pages without a card name none', () => {
    for (const file of pages) {
      const { meta, ld } = head(file);
      const products = ld.filter((doc) => doc['@type'] === 'Product');
      if (isItemPage(file)) expect(products.map((product) => product.image), file).toEqual([meta('property', 'og:image')]);
      if (!hasCard(file)) expect([meta('property', 'og:image'), meta('name', 'twitter:image')], file).toEqual([undefined, undefined]);
    }
  });
});

/** The pages a shared link shows as a large card: the home page, and every page of a skill, a bundle or a cluster. */
function hasCard(file: string): boolean {
  return file === 'index.html' || isItemPage(file) || /^clusters\/(?!index\.html$)[^/]+(\.html|\/page\/\d+\/index\.html)$/.test(file);
}
