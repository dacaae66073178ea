/** A prose page for people, `content/docs/<name>.md` → `/docs/<name>`: the editor's Markdown
 * rendered through the same sanitising renderer as every body, with a table of contents. */
import { h } from 'hastscript';
import { bodyHtml, renderPage } from '../../../html/layout.ts';
import type { PageFrame } from '../../frame.ts';
import type { DocPage } from '../../inputs.ts';
import { docRef } from './ref.ts';

export function docHtml(frame: PageFrame, doc: DocPage): string {
  const page = docRef(frame.site.baseUrl, doc);
  // The body was rendered with ids on its h2 and h3 (DOC_RENDER in ./kind.ts).
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
