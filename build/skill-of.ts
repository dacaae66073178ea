/**
 * A skill's API object from its validated front matter, and the cart link of an item: what the
 * model computes for every page and what the content editor's preview (emit/admin-editor.ts, a
 * browser script) computes for the entry being edited. Pure, and free of the build's file access.
 */
import { CURRENCY, TAX_NOTE } from '../core/types.ts';
import type { Cluster, ClusterId, Skill } from '../core/types.ts';
import { cartUrl, installUrl } from '../core/url-template.ts';
import { SECTION, twinUrls } from '../core/page-paths.ts';
import type { ValidContent } from './validate/index.ts';
import type { SiteModel } from '../site/model.ts';

/**
 * The API's `cart_url`, which the specification requires: the shop's cart link, or without a shop
 * the item's own page (the one place this site tells what it costs), never an address nothing answers.
 */
export function cartOrPage(site: SiteModel, type: 'skill' | 'bundle', slug: string): string {
  return cartUrl(site.shop, type, slug) ?? twinUrls(site.baseUrl, SECTION[type], slug).url;
}

export function skillOf(
  slug: string,
  fields: ValidContent['skills'][number]['fields'],
  site: SiteModel,
  clusterById: Map<ClusterId, Cluster>,
): Skill {
  const base = site.baseUrl;
  return {
    type: 'skill',
    slug,
    ...twinUrls(base, SECTION.skill, slug),
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
    price: { amount_cents: fields.price_cents ?? site.singleCents, currency: CURRENCY, tax: TAX_NOTE },
    install_url: installUrl(base, slug),
    cart_url: cartOrPage(site, 'skill', slug),
  };
}
