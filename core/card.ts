/**
 * The card a shared link shows (`og:image`): what it shows, for the home page and each skill,
 * bundle and cluster, and its address. A page names its card by the address, and the card function
 * (functions/card.ts) draws it on the first request for that address and the CDN keeps it; both
 * work the address out here from the same facts, so a card's address changes exactly when what
 * it shows does. Pure: the drawing is the site's (site/card-image.ts).
 */
// A hash that runs wherever the pages are drawn: the build, the card function, and the content
// editor's preview in the browser, where node:crypto is not.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import defs from '../schema/defs.schema.json' with { type: 'json' };
import { count, formatEuro } from './format.ts';
import type { Bundle, Cluster, Skill } from './types.ts';
import { CLUSTER_IDS } from './types.ts';

/** The size the Open Graph and X (Twitter) large-image cards are drawn at, as every page states it. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const CARD_CONTENT_TYPE = 'image/png';

/**
 * The drawing's version, part of every card's digest: a change to how cards look (the layout,
 * the fonts, satori or resvg) must move every address, since browsers keep a card forever.
 * site/card-image.test.ts pins the bytes each version draws, so a drawing that changed without a
 * bump fails there.
 */
export const CARD_VERSION = 1;

export const CARD_KINDS = ['home', 'skill', 'bundle', 'cluster'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** Everything a card shows, as text: the digest is taken over it, and the drawing reads nothing else. */
export interface CardInput {
  kind: CardKind;
  /** The skill's or bundle's slug, the cluster's id; none for the home page. */
  slug?: string;
  /** The shop's name. */
  shop: string;
  /** What the item is: `Skill`, `Bundle of 3 skills`, `Cluster`. */
  label: string;
  title: string;
  /** Under the title: the author, the bundle's skills, the cluster's question, the shop's description. */
  subtitle?: string;
  /** The net price as the pages show it (`€19.00`). */
  price?: string;
  /** Beside the price: that it is net, and what a bundle's skills cost one by one. */
  priceNote?: string;
  /** Along the foot: a skill's clusters, a cluster's counts. */
  tags: string[];
}

/** What the shop's cards read of the site: its name, and its description for the home page's. */
export interface CardShop {
  name: string;
  description: string;
}

/** What every price on a card is (the pages say more: `net, VAT added at checkout`). */
const NET = 'net';

export const cardOfHome = (shop: CardShop): CardInput => ({ kind: 'home', shop: shop.name, label: 'Catalogue', title: shop.name, subtitle: shop.description, tags: [] });

export const cardOfSkill = (shop: string, skill: Skill): CardInput => ({
  kind: 'skill',
  slug: skill.slug,
  shop,
  label: 'Skill',
  title: skill.title,
  subtitle: `by ${skill.author}`,
  price: formatEuro(skill.price.amount_cents),
  priceNote: NET,
  tags: skill.clusters.map((cluster) => cluster.label),
});

export const cardOfBundle = (shop: string, bundle: Bundle): CardInput => ({
  kind: 'bundle',
  slug: bundle.slug,
  shop,
  label: `Bundle of ${count(bundle.price.skill_count, 'skill')}`,
  title: bundle.title,
  subtitle: bundle.skills.map((member) => member.title).join(' · '),
  price: formatEuro(bundle.price.amount_cents),
  priceNote: bundle.price.list_cents > bundle.price.amount_cents ? `${NET}, instead of ${formatEuro(bundle.price.list_cents)}` : NET,
  tags: [],
});

/** `skills` and `bundles`: how many `/catalog.json?cluster=<id>` lists, as the cluster's page says. */
export const cardOfCluster = (shop: string, cluster: Cluster, { skills, bundles }: { skills: number; bundles: number }): CardInput => ({
  kind: 'cluster',
  slug: cluster.id,
  shop,
  label: 'Cluster',
  title: cluster.label,
  subtitle: cluster.question,
  tags: [count(skills, 'skill'), count(bundles, 'bundle')],
});

/** Hex characters of a card's digest: 64 bits, far too many for two cards to share an address by chance. */
const DIGEST_LENGTH = 16;

/** A hash of the card's input and the drawing's version. */
export function cardDigest(card: CardInput): string {
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify([CARD_VERSION, card])))).slice(0, DIGEST_LENGTH);
}

/** Where a card's addresses live; nothing else is published under it. */
export const CARDS_DIR = 'cards';

/** The card's root-relative address: `/cards/home.<digest>.png`, `/cards/<kind>/<slug>.<digest>.png`. */
export function cardPath(card: CardInput): string {
  const name = card.kind === 'home' ? 'home' : `${card.kind}/${card.slug}`;
  return `/${CARDS_DIR}/${name}.${cardDigest(card)}.png`;
}

/** What the pages' heads say of a card: its absolute URL, its size and a sentence for its `alt`. */
export interface CardImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export const cardImage = (baseUrl: string, card: CardInput): CardImage => ({ url: `${baseUrl}${cardPath(card)}`, alt: cardAlt(card), width: CARD_WIDTH, height: CARD_HEIGHT });

/** The card's facts in one sentence of text: `Skill Shelf: Skill “Mom Test interviews”, by Rob Fitzpatrick, €19.00 net (Find ideas).` */
export function cardAlt(card: CardInput): string {
  const price = card.price ? `, ${[card.price, card.priceNote].filter(Boolean).join(' ')}` : '';
  const subtitle = card.subtitle ? `, ${card.subtitle}` : '';
  const tags = card.tags.length > 0 ? ` (${card.tags.join(', ')})` : '';
  return `${card.shop}: ${card.label} “${card.title}”${subtitle}${price}${tags}.`;
}

/** What a card's address names; the function looks the item up and checks the digest. */
export interface CardAddress {
  kind: CardKind;
  slug?: string;
  digest: string;
}

// The schema's slug, without its anchors, to sit inside the address's pattern.
const SLUG = defs.$defs.Slug.pattern.replace(/^\^|\$$/g, '');
// Every kind but the home page's is a folder of cards named by slug.
const FOLDER_KINDS = CARD_KINDS.filter((kind) => kind !== 'home').join('|');
const ADDRESS = new RegExp(`^/${CARDS_DIR}/(?:home|(${FOLDER_KINDS})/(${SLUG}))\\.([0-9a-f]{${DIGEST_LENGTH}})\\.png$`);

/** A card's address read back from a path without its major's prefix; anything else (another
 * kind, a slug no item can have, a digest of another shape) is undefined. */
export function parseCardPath(path: string): CardAddress | undefined {
  const match = ADDRESS.exec(path);
  if (!match) return undefined;
  const [, kind, slug, digest] = match;
  if (kind === undefined) return { kind: 'home', digest };
  if (kind === 'cluster' && !(CLUSTER_IDS as readonly string[]).includes(slug)) return undefined;
  return { kind: kind as Exclude<CardKind, 'home'>, slug, digest };
}
