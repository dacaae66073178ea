/**
 * The card function's whole behaviour as Request → Response: `/cards/…` (and under `/v1`) answers
 * the PNG of the card whose address it is, when the address is the item's current one. The card's
 * facts are worked out again from the build's files, as the pages worked them out (core/card.ts),
 * so an address a page of this deploy names is drawn, and any other (an item edited since, removed,
 * misspelt) is a JSON 404 before anything is drawn. The drawing is handed in, so this core knows
 * neither satori nor resvg.
 */
import { answerOtherMethod, imageResponse, jsonResponse, READ_METHODS } from './respond.ts';
import { badRequestBody, notFoundBody, serverErrorBody } from './errors.ts';
import type { ErrorLinks } from './errors.ts';
import { CACHE_NO_STORE, majorPrefixOf } from './headers.ts';
import type { BuildStamp } from './headers.ts';
import { strongEtag } from './etag.ts';
import { itemOf } from './catalog-layout.ts';
import type { CatalogItems } from './catalog-layout.ts';
import { clusterQuery, selectCatalog } from './query.ts';
import { CARD_CONTENT_TYPE, cardDigest, cardOfBundle, cardOfCluster, cardOfHome, cardOfSkill, cardPath, parseCardPath } from './card.ts';
import type { CardAddress, CardInput, CardShop } from './card.ts';
import type { AnswerConstants } from './catalog-answer.ts';
import type { Cluster } from './types.ts';

/** What the cards read of the page frame the build wrote (site/pages/frame.ts): the shop and the clusters. */
export interface CardFrame {
  site: CardShop;
  clusters: Cluster[];
}

export interface CardResources {
  items: () => Promise<CatalogItems>;
  frame: () => Promise<CardFrame>;
  /** The drawing, loaded when a card is first drawn: a 404, a 304 or a HEAD never pays for it. */
  draw: () => Promise<(card: CardInput) => Promise<Uint8Array>>;
}

export async function answerCard(request: Request, resources: CardResources, constants: AnswerConstants): Promise<Response> {
  const url = new URL(request.url);
  const prefix = majorPrefixOf(url.pathname);
  const links: ErrorLinks = { baseUrl: `${constants.baseUrl}${prefix}`, documentationUrl: constants.documentationUrl };
  const stamp: BuildStamp = { buildVersion: constants.buildVersion, baseUrl: constants.baseUrl };
  if (!READ_METHODS.includes(request.method)) return answerOtherMethod(request, stamp, links);
  // Each query would be a card of its own in the CDN's cache, drawn again: a card has none.
  if (url.search !== '') {
    const problem = { message: 'A card\'s address takes no query; ask for it as the page names it.' };
    return jsonResponse(request, badRequestBody(problem, url.pathname.slice(prefix.length), links), { stamp, status: 400, cdnCache: true });
  }
  const notFound = (didYouMean: string[] = []) =>
    jsonResponse(request, notFoundBody(url.pathname, links, didYouMean), { stamp, status: 404, cdnCache: true });
  const address = parseCardPath(url.pathname.slice(prefix.length));
  if (!address) return notFound();

  let card: CardInput | undefined;
  try {
    card = await currentCard(address, resources);
  } catch (error) {
    console.error('card function: the build\'s files could not be read', error);
    return jsonResponse(request, serverErrorBody(links), { stamp, status: 500, cacheControl: CACHE_NO_STORE, cdnCache: true });
  }
  if (!card) return notFound();
  // An address of the item as it was: the card it has now is one link away.
  if (cardDigest(card) !== address.digest) return notFound([`${links.baseUrl}${cardPath(card)}`]);
  const drawn = card;
  // The address names the bytes (its digest covers the card and the drawing's version), so it is
  // their validator, known without drawing.
  return imageResponse(request, async () => (await resources.draw())(drawn), { stamp, contentType: CARD_CONTENT_TYPE, etag: strongEtag(cardPath(card)) });
}

/** The card the item of `address` has in this build, or undefined when there is no such item. */
async function currentCard({ kind, slug }: CardAddress, resources: CardResources): Promise<CardInput | undefined> {
  const { site, clusters } = await resources.frame();
  if (kind === 'home') return cardOfHome(site);
  if (kind === 'cluster') {
    const cluster = clusters.find((candidate) => candidate.id === slug);
    if (!cluster) return undefined;
    const selection = selectCatalog((await resources.items()).layout.index, clusterQuery(cluster.id));
    return cardOfCluster(site.name, cluster, { skills: selection.skillCount, bundles: selection.bundles.length });
  }
  const items = await resources.items();
  if (kind === 'skill') {
    const skill = await itemOf(items, 'skill', slug!);
    return skill && cardOfSkill(site.name, skill);
  }
  const bundle = await itemOf(items, 'bundle', slug!);
  return bundle && cardOfBundle(site.name, bundle);
}
