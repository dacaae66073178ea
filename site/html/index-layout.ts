/** What the folders' index pages (`/skills/`, `/bundles/`, `/clusters/`) share: the frame, and an intro of title, description and facts. */
import { h } from 'hastscript';
import type { Element } from 'hast';
import type { PageFrame } from '../pages/frame.ts';
import type { PageRef } from '../pages/page-ref.ts';
import { renderPage } from './layout.ts';
import type { PageLayout } from './layout.ts';

export function indexIntro(page: PageRef, facts: string): Element {
  return h('header.intro', [h('h1', page.title), h('p.lead', page.description), h('p', facts)]);
}

export function indexPage(frame: PageFrame, page: PageRef, current: NonNullable<PageLayout['current']>, content: Array<Element | null>): string {
  return renderPage(frame, {
    page,
    title: `${page.title} · ${frame.site.name}`,
    description: page.description,
    current,
    breadcrumbs: [{ label: 'Catalogue', href: '/' }, { label: page.title }],
    content,
  });
}
