/**
 * Prose pages for people, `content/docs/<name>.md` → `/docs/<name>` (HTML, the editor's Markdown
 * rendered through the same sanitising renderer as every body) and `/docs/<name>.md` (its twin,
 * the same body as Markdown). They have no JSON twin.
 */
import { h } from 'hastscript';
import { bodyHtml, renderPage } from './html/layout.ts';
import type { PageFrame } from './pages/frame.ts';
import type { DocPage } from './pages/inputs.ts';
import { docRef } from './pages/refs.ts';
import { frontMatter, twinDocument } from './markdown/document.ts';
import { heading, paragraph } from './markdown/mdast.ts';
import { readBody } from '../load.ts';
import type { BodySource } from '../load.ts';

/** A prose page's Markdown: `{base}` in it stands for the site's base URL, so examples show the
 * address the build serves. */
export const docText = (body: BodySource, baseUrl: string): string => readBody(body).replaceAll('{base}', baseUrl);

export function docTwin(frame: PageFrame, doc: DocPage): string {
  return twinDocument(frontMatter(frame, docRef(frame.site.baseUrl, doc)), [heading(1, doc.title), paragraph(doc.description)], doc.body);
}

export function docHtml(frame: PageFrame, doc: DocPage): string {
  const page = docRef(frame.site.baseUrl, doc);
  // The body was rendered with ids on its h2 and h3 (DOC_RENDER in pages/jobs.ts).
  const toc = doc.body.headings.filter((entry) => entry.level === 2);
  return renderPage(frame, {
    page,
    title: `${doc.title} · ${frame.site.name}`,
    description: doc.description,
    current: 'guide',
    breadcrumbs: [{ label: 'Catalogue', href: '/' }, { label: doc.title }],
    links: [h('link', { rel: 'service-desc', type: 'application/vnd.oai.openapi+json', href: '/openapi.json' })],
    content: [
      h('header.intro', [h('p.eyebrow', 'Documentation'), h('h1', doc.title), h('p.lead', doc.description)]),
      h('div.guide', [
        toc.length > 0
          ? h('nav.toc', { ariaLabelledBy: 'toc-heading' }, [
              h('h2#toc-heading', 'On this page'),
              h('ol', toc.map((entry) => h('li', h('a', { href: `#${entry.id}` }, entry.text)))),
            ])
          : null,
        h('article.prose', bodyHtml(doc.body)),
      ]),
    ],
  });
}
