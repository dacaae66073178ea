/**
 * A listing over several pages (`/skills/`, `/bundles/`, each cluster's page): at most
 * LISTING_PAGE_SIZE items a page, page 1 where the listing has always been, page N at
 * `<listing>/page/N/` (core/page-paths.ts), each page canonical to itself and linked to its
 * neighbours. The page a listing fits on whole is the listing as it was, with no pager.
 */
import { listingPageName } from '../../core/page-paths.ts';
import { folderIndexAt } from './page-ref.ts';
import type { PageLocation, PageRef } from './page-ref.ts';

/**
 * Items on one page of a listing. With the sample's text a card is about 450 bytes of HTML and ten
 * elements, so a page of 100 is about 50 KB and 1,100 to 1,200 elements, under the 1,400 past
 * which Lighthouse calls a DOM excessive and far under the 200 KB bound for any listing page; the
 * sample's 30 skills fit on one page, as before.
 */
export const LISTING_PAGE_SIZE = 100;

/** How many pages `items` fill; an empty listing still has its first page, which says so. */
export const pageCount = (items: number, size = LISTING_PAGE_SIZE): number => Math.max(1, Math.ceil(items / size));

/** One page of a listing: which, of how many, its items, and where it and its neighbours live. */
export interface ListingPage<T> {
  /** From 1. */
  number: number;
  count: number;
  items: T[];
  /** Where the page lives; page 1 is the listing's own ref. */
  ref: PageRef;
  first: PageRef;
  previous?: PageRef;
  next?: PageRef;
}

/**
 * Page `n` of `count` of the listing whose first page is `first`: page 1 is `first` itself; a
 * later page is a folder's index page under the listing's folder, titled with its number, with
 * the listing's description and JSON twin (the JSON lists the whole listing; the API has no pages).
 */
export function listingPageRef(baseUrl: string, first: PageRef, n: number, count: number): PageRef {
  if (n === 1) return first;
  return { ...listingPageAt(baseUrl, first, n), title: `${first.title}, page ${n} of ${count}`, description: first.description };
}

/** Where page `n` of the listing whose first page is `first` lives. */
function listingPageAt(baseUrl: string, first: PageLocation, n: number): PageLocation {
  if (n === 1) return first;
  // `/skills/` and `/clusters/jobs` alike: the listing's folder is its path without the slashes.
  return folderIndexAt(baseUrl, listingPageName(first.path.replace(/^\/|\/$/g, ''), n), first.kind, first.jsonPath);
}

/** Every page's ref of a listing of `items` items, in order. */
export function listingPageRefs(baseUrl: string, first: PageRef, items: number, size = LISTING_PAGE_SIZE): PageRef[] {
  const count = pageCount(items, size);
  return Array.from({ length: count }, (_, i) => listingPageRef(baseUrl, first, i + 1, count));
}

/** Where every page of a listing of `items` items lives, in order. */
export function listingPageLocations(baseUrl: string, first: PageLocation, items: number, size = LISTING_PAGE_SIZE): PageLocation[] {
  return Array.from({ length: pageCount(items, size) }, (_, i) => listingPageAt(baseUrl, first, i + 1));
}

/** A page's share of a listing: its number, of how many, and its items. */
export interface ListingSlice<T> {
  number: number;
  count: number;
  items: T[];
}

/** A listing of `items` cut into its pages' slices, in order; an empty listing still has its first page. */
export function listingSlices<T>(items: readonly T[], size = LISTING_PAGE_SIZE): ListingSlice<T>[] {
  const count = pageCount(items.length, size);
  return Array.from({ length: count }, (_, i) => ({ number: i + 1, count, items: items.slice(i * size, (i + 1) * size) }));
}

/** Page `number` of `count` of the listing whose first page is `first`, holding `items`. */
export function listingPage<T>(baseUrl: string, first: PageRef, number: number, count: number, items: T[]): ListingPage<T> {
  return {
    number,
    count,
    items,
    ref: listingPageRef(baseUrl, first, number, count),
    first,
    previous: number > 1 ? listingPageRef(baseUrl, first, number - 1, count) : undefined,
    next: number < count ? listingPageRef(baseUrl, first, number + 1, count) : undefined,
  };
}

/** The pages of a listing of `items`, in order, each with its slice of them. */
export function listingPages<T>(baseUrl: string, first: PageRef, items: readonly T[], size = LISTING_PAGE_SIZE): ListingPage<T>[] {
  return listingSlices(items, size).map(({ number, count, items: slice }) => listingPage(baseUrl, first, number, count, slice));
}

/** `Page 2 of 5`, as the page and its twin say it. */
export const pageLabel = (page: Pick<ListingPage<unknown>, 'number' | 'count'>): string => `Page ${page.number} of ${page.count}`;

/** The page that holds the item at `index` of the whole listing. */
export const pageOfItem = (index: number, size = LISTING_PAGE_SIZE): number => Math.floor(index / size) + 1;
