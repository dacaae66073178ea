/**
 * What a page of a listing over several pages adds to the page (site/pages/pagination.ts):
 * `rel="prev"`/`rel="next"` links in the head, a crumb of its own after page 1, and a nav of
 * "Page N of M" with links to the neighbours after the list. A listing of one page gets none of it.
 */
import { h } from 'hastscript';
import type { Element } from 'hast';
import { pageLabel } from '../pages/pagination.ts';
import type { ListingPage } from '../pages/pagination.ts';
import type { Crumb } from './layout.ts';

type AnyPage = ListingPage<unknown>;

/** `<link rel="prev">` and `<link rel="next">`, for the head. */
export function pagerLinks(page: AnyPage): Element[] {
  return [
    ...(page.previous ? [h('link', { rel: 'prev', href: page.previous.path })] : []),
    ...(page.next ? [h('link', { rel: 'next', href: page.next.path })] : []),
  ];
}

/** The crumbs of a page: the listing's own, then on a later page the listing linked and the page's number. */
export function pagerCrumbs(page: AnyPage, listing: Crumb[]): Crumb[] {
  if (page.number === 1) return listing;
  return [...listing.slice(0, -1), { ...listing.at(-1)!, href: page.first.path }, { label: `Page ${page.number}` }];
}

/** "Page N of M" and the links to the neighbours, after the list; null on a listing of one page. */
export function pagerNav(page: AnyPage): Element | null {
  if (page.count === 1) return null;
  return h('nav.section', { ariaLabel: 'Pages' }, [
    h('p', pageLabel(page)),
    h('ul.chips', [
      page.previous ? h('li', h('a', { href: page.previous.path, rel: 'prev' }, 'Previous page')) : null,
      page.next ? h('li', h('a', { href: page.next.path, rel: 'next' }, 'Next page')) : null,
    ]),
  ]);
}
