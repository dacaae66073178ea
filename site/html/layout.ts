/**
 * The frame every page shares: head (title, description, canonical, twins as alternates, the one
 * stylesheet), skip link, site header, main, footer. Built as a hast tree with hastscript and
 * serialised once, so every editor-written character is escaped by the serialiser, not by hand.
 */
import { h } from 'hastscript';
import { toHtml } from 'hast-util-to-html';
import type { Element, Root } from 'hast';
import type { Raw } from 'mdast-util-to-hast';
import type { RenderedBody } from '../render/markdown-body.ts';
import type { PageFrame } from '../pages/frame.ts';
import type { PageRef } from '../pages/page-ref.ts';
import { bundleIndexRef, clusterIndexRef, skillIndexRef } from '../pages/page-ref.ts';
import { breadcrumbList, jsonLdScript } from './structured-data.ts';
import { searchBox, SEARCH_BOX_IDS } from './search-box.ts';
import { PRICES_NOTE } from '../../core/pricing.ts';
import { CARD_CONTENT_TYPE } from '../../core/card.ts';
import type { CardImage } from '../../core/card.ts';
import { CATALOG_FILE, FEED_FORMATS, feedFile, LLMS_FILE, OPENAPI_FILE, SITEMAP_FILE, publishedPath } from '../../core/published-files.ts';
import type { FeedFormat } from '../../core/published-files.ts';
import { FEED_CONTENT_TYPES } from '../../core/page-headers.ts';

/** Ids the frame itself uses; content that makes ids from text must steer clear of them. */
export const FRAME_IDS = ['main', 'footer-shop', 'footer-page', 'footer-developers', 'toc-heading', ...SEARCH_BOX_IDS] as const;

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageLayout {
  /** The page this layout shows; absent for the 404 page, which has no address of its own. */
  page?: PageRef;
  /** Text of `<title>`. */
  title: string;
  description: string;
  /** Which header link is the current page. */
  current?: 'catalogue' | 'skills' | 'bundles' | 'clusters' | 'guide';
  breadcrumbs?: Crumb[];
  /** Inside `<main>`. */
  content: Array<Element | null>;
  /** Extra `<link>`s in the head (the guide's `service-desc`). */
  links?: Element[];
  /** The cluster whose feeds the page links besides the whole catalogue's (a cluster's pages). */
  feedCluster?: { id: string; label: string };
  /** The card a shared link to the page shows (core/card.ts); a page without one is shared as a summary. */
  card?: CardImage;
  noindex?: boolean;
  /** schema.org JSON-LD documents about the page's item (BreadcrumbList is added from `breadcrumbs`). */
  structuredData?: object[];
  /** What the header's search box holds (the search page's own query). */
  searchValue?: string;
}

export function renderPage(frame: PageFrame, layout: PageLayout): string {
  const { stylesheet, icon } = frame.assets;
  const { page } = layout;
  const tree: Root = {
    type: 'root',
    children: [
      { type: 'doctype' },
      h('html', { lang: 'en' }, [
        h('head', [
          h('meta', { charset: 'utf-8' }),
          h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
          h('title', layout.title),
          h('meta', { name: 'description', content: layout.description }),
          layout.noindex ? h('meta', { name: 'robots', content: 'noindex' }) : null,
          page ? h('link', { rel: 'canonical', href: page.url }) : null,
          page ? h('link', { rel: 'alternate', type: 'text/markdown', href: page.markdownPath }) : null,
          page ? h('link', { rel: 'alternate', type: 'application/json', href: page.jsonPath }) : null,
          layout.links ?? null,
          feedLinks(frame, layout.feedCluster),
          h('link', { rel: 'stylesheet', href: stylesheet.href, integrity: stylesheet.integrity }),
          h('link', { rel: 'icon', type: 'image/svg+xml', href: icon.href }),
          h('script', { src: frame.assets.searchScript.href, integrity: frame.assets.searchScript.integrity, defer: true }),
          h('meta', { name: 'color-scheme', content: 'light dark' }),
          page ? openGraph(frame, page, layout) : null,
          structuredData(frame, layout).map(jsonLdScript),
        ]),
        h('body', [
          h('a.skip-link', { href: '#main' }, 'Skip to content'),
          layout.searchValue === undefined
            ? serialisedOnce(frame, `header ${layout.current}`, () => siteHeader(frame, layout.current, undefined))
            : siteHeader(frame, layout.current, layout.searchValue),
          h('main#main', [layout.breadcrumbs ? h('div.wrap', breadcrumbs(layout.breadcrumbs)) : null, h('div.wrap', layout.content)]),
          siteFooter(frame, page),
        ]),
      ]),
    ],
  };
  // Raw nodes are only ever an editor's body, compiled and held to the body policy by the renderer
  // (bodyHtml), or parts of this frame the serialiser already wrote (serialisedOnce); everything
  // else in the tree is escaped by the serialiser.
  return `${toHtml(tree, SERIALISER_OPTIONS)}\n`;
}

const SERIALISER_OPTIONS = { upperDoctype: true, allowDangerousHtml: true } as const;

const serialisedParts = new WeakMap<PageFrame, Map<string, Raw>>();

/**
 * A part of the frame that is the same on every page that shows it (the site header, the footer's
 * sections), made and serialised once per build and thread instead of once per page. The
 * serialiser writes an element the same wherever it stands (no option here depends on its
 * neighbours, and none of these parts sits in a script or style), so the page's bytes are those
 * of serialising the whole tree.
 */
function serialisedOnce(frame: PageFrame, part: string, make: () => Element | Element[]): Raw {
  let parts = serialisedParts.get(frame);
  if (!parts) serialisedParts.set(frame, (parts = new Map()));
  let raw = parts.get(part);
  if (!raw) {
    const made = make();
    parts.set(part, (raw = { type: 'raw', value: toHtml(Array.isArray(made) ? { type: 'root', children: made } : made, SERIALISER_OPTIONS) }));
  }
  return raw;
}

/** An editor's rendered body, as it goes into a page's tree: HTML the renderer already made safe.
 * A root around the raw node, since hastscript would take a bare one for properties. */
export function bodyHtml(body: RenderedBody): Root {
  return { type: 'root', children: [{ type: 'raw', value: body.html } satisfies Raw] };
}

/** A media type without its parameters, as a link's `type` names it. */
const mediaTypeOf = (contentType: string) => contentType.split(';')[0];

/** The feeds of new skills and bundles, as every page names them: the catalogue's, and the page's
 * cluster's. The same on every page of a cluster, so serialised once. */
function feedLinks(frame: PageFrame, cluster: PageLayout['feedCluster']): Raw {
  return serialisedOnce(frame, `feeds ${cluster?.id ?? ''}`, () => [
    ...feedsOf(frame.site.name, undefined),
    ...(cluster ? feedsOf(`${frame.site.name}, ${cluster.label}`, cluster.id) : []),
  ]);
  function feedsOf(title: string, id: string | undefined): Element[] {
    return (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) =>
      h('link', { rel: 'alternate', type: mediaTypeOf(FEED_CONTENT_TYPES[format]), title: `${title}: new skills and bundles`, href: publishedPath(feedFile(format, id)) }));
  }
}

function openGraph(frame: PageFrame, page: PageRef, layout: PageLayout): Element[] {
  return [
    // An item or a prose page is an article; the overview and the folders' indexes are the site's.
    h('meta', { property: 'og:type', content: page.kind === 'catalog' || page.kind.endsWith('-index') ? 'website' : 'article' }),
    h('meta', { property: 'og:site_name', content: frame.site.name }),
    h('meta', { property: 'og:title', content: page.title }),
    h('meta', { property: 'og:description', content: layout.description }),
    h('meta', { property: 'og:url', content: page.url }),
    ...(layout.card ? cardMeta(layout.card) : [h('meta', { name: 'twitter:card', content: 'summary' })]),
    h('meta', { name: 'twitter:title', content: page.title }),
    h('meta', { name: 'twitter:description', content: layout.description }),
  ];
}

/** The card as Open Graph (ogp.me, "Structured Properties") and X's large-image card name it. */
function cardMeta(card: CardImage): Element[] {
  return [
    h('meta', { property: 'og:image', content: card.url }),
    h('meta', { property: 'og:image:type', content: CARD_CONTENT_TYPE }),
    h('meta', { property: 'og:image:width', content: String(card.width) }),
    h('meta', { property: 'og:image:height', content: String(card.height) }),
    h('meta', { property: 'og:image:alt', content: card.alt }),
    h('meta', { name: 'twitter:card', content: 'summary_large_image' }),
    h('meta', { name: 'twitter:image', content: card.url }),
    h('meta', { name: 'twitter:image:alt', content: card.alt }),
  ];
}

/** The page's own documents, then its breadcrumbs as a BreadcrumbList with absolute URLs. */
function structuredData(frame: PageFrame, layout: PageLayout): object[] {
  const documents = [...(layout.structuredData ?? [])];
  if (layout.page && layout.breadcrumbs) {
    const { page, breadcrumbs } = layout;
    documents.push(breadcrumbList(breadcrumbs.map((crumb, i) => ({
      name: crumb.label,
      url: i === breadcrumbs.length - 1 || !crumb.href ? page.url : new URL(crumb.href, frame.site.baseUrl).href,
    }))));
  }
  return documents;
}

function siteHeader(frame: PageFrame, current: PageLayout['current'], searchValue: string | undefined): Element {
  const item = (href: string, label: string, isCurrent = false) =>
    h('li', h('a', { href, ariaCurrent: isCurrent ? 'page' : undefined }, label));
  return h('header.site-header', h('div.wrap', [
    h('a.brand', { href: '/' }, [h('img', { src: frame.assets.icon.href, alt: '', width: 28, height: 28 }), frame.site.name]),
    h('nav.site-nav', { ariaLabel: 'Site' }, h('ul', [
      item('/', 'Catalogue', current === 'catalogue'),
      item(skillIndexRef(frame.site).path, 'Skills', current === 'skills'),
      item(bundleIndexRef(frame.site).path, 'Bundles', current === 'bundles'),
      item(clusterIndexRef(frame.site).path, 'Clusters', current === 'clusters'),
      item(frame.guideHref, 'API guide', current === 'guide'),
    ])),
    searchBox(searchValue),
  ]));
}

function breadcrumbs(crumbs: Crumb[]): Element {
  return h('nav.breadcrumbs', { ariaLabel: 'Breadcrumb' }, h('ol', crumbs.map((crumb, i) =>
    h('li', crumb.href && i < crumbs.length - 1 ? h('a', { href: crumb.href }, crumb.label) : h('span', { ariaCurrent: 'page' }, crumb.label)),
  )));
}

/** Nothing build-specific (no build version, no date): an item's page changes only when the item
 * does, so it can be reused from the cache and the CDN re-uploads nothing else. */
function siteFooter(frame: PageFrame, page: PageRef | undefined): Element {
  const link = (href: string, label: string, type?: string) => h('li', h('a', { href, type }, label));
  return h('footer.site-footer', h('div.wrap', [
    serialisedOnce(frame, 'footer shop', () => h('section', { ariaLabelledBy: 'footer-shop' }, [
      h('h2#footer-shop', frame.site.name),
      h('p', `${PRICES_NOTE} Prices are in euro.`),
    ])),
    page
      ? h('section', { ariaLabelledBy: 'footer-page' }, [
          h('h2#footer-page', 'This page'),
          h('ul', [
            link(page.markdownPath, 'As Markdown', 'text/markdown'),
            link(page.jsonPath, 'As JSON', 'application/json'),
          ]),
        ])
      : null,
    serialisedOnce(frame, 'footer developers', () => h('section', { ariaLabelledBy: 'footer-developers' }, [
      h('h2#footer-developers', 'For developers'),
      h('ul', [
        link(frame.guideHref, 'API guide'),
        link(publishedPath(CATALOG_FILE), CATALOG_FILE, 'application/json'),
        link(publishedPath(OPENAPI_FILE), OPENAPI_FILE, 'application/json'),
        link(publishedPath(LLMS_FILE), LLMS_FILE, 'text/plain'),
        link(publishedPath(SITEMAP_FILE), SITEMAP_FILE, 'application/xml'),
      ]),
    ])),
  ]));
}
