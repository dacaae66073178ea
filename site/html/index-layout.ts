/** What the folders' index pages (`/skills/`, `/bundles/`, `/clusters/`) share: the frame, and an intro of title, description and facts. */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { PageFrame } from '../pages/frame.ts';
import type { PageRef } from '../pages/page-ref.ts';
import type { ListingPage } from '../pages/pagination.ts';
import { renderPage } from './layout.ts';
import type { PageLayout } from './layout.ts';
import { pagerCrumbs, pagerLinks, pagerNav } from './pager.ts';

export function indexIntro(page: PageRef, facts: string): Element {
  return h('header.intro', [h('h1', page.title), h('p.lead', page.description), h('p', facts)]);
}

/** `listing`: the page of a listing over several pages that `page` is (site/pages/pagination.ts). */
export function indexPage(frame: PageFrame, page: PageRef, current: NonNullable<PageLayout['current']>, content: Array<Element | null>, listing?: ListingPage<unknown>): string {
  const crumbs = [{ label: 'Catalogue', href: '/' }, { label: listing?.first.title ?? page.title }];
  return renderPage(frame, {
    page,
    title: `${page.title} · ${frame.site.name}`,
    description: page.description,
    current,
    breadcrumbs: listing ? pagerCrumbs(listing, crumbs) : crumbs,
    links: listing ? pagerLinks(listing) : undefined,
    content: listing ? [...content, pagerNav(listing)] : content,
  });
}
