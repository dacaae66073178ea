/**
 * Where a skill's install and cart links go. Install is a page of this site (`/install/<slug>`); a
 * cart belongs to a shop on another origin, named in site.yaml's `shop`, and without one there is
 * no cart link on any page or twin (the API's `cart_url` then names the item's own page).
 */
import { pagePath, SECTION } from './page-paths.ts';

/** The one placeholder a cart template knows; everything else in it is the shop's own URL. */
export const CART_PLACEHOLDER = '{slug}';

/** Absolute URL of a skill's install page, the API's `install_url`. */
export const installUrl = (base: string, slug: string): string => `${base}${pagePath(SECTION.install, slug)}`;

/** site.yaml's `shop`: one cart template per kind of item (a skill and a bundle may share a slug). */
export interface ShopTemplates {
  skill_cart: string;
  bundle_cart: string;
}

/** A shop's cart link for a skill or a bundle, or null when the site names no shop. */
export function cartUrl(shop: ShopTemplates | null | undefined, type: 'skill' | 'bundle', slug: string): string | null {
  if (!shop) return null;
  return (type === 'skill' ? shop.skill_cart : shop.bundle_cart).replaceAll(CART_PLACEHOLDER, encodeURIComponent(slug));
}
