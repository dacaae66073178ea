/** A twin's side of a listing over several pages (site/pages/pagination.ts): after the list, the
 * page's number and links to the neighbouring pages' twins, so an agent reads the listing by
 * following them. A listing of one page gets none. */
import { pageLabel } from '../pages/pagination.ts';
import type { ListingPage } from '../pages/pagination.ts';
import { joined, link, paragraph } from './mdast.ts';
import type { Block } from './mdast.ts';

export function pagerBlocks(page: ListingPage<unknown>): Block[] {
  if (page.count === 1) return [];
  const neighbours = [
    ...(page.previous ? [link(page.previous.markdownUrl, 'previous page')] : []),
    ...(page.next ? [link(page.next.markdownUrl, 'next page')] : []),
  ];
  return [paragraph(`${pageLabel(page)}: `, ...joined(neighbours), '.')];
}
