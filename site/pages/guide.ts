/** Prose pages: `/docs/<name>`, its Markdown twin and its JSON twin (the API's Doc, with its text as Markdown). */
import { pageRef } from './page-ref.ts';
import type { DocRef, PageRef } from './page-ref.ts';
import { h } from 'hastscript';
import { bodyHtml, renderPage, FRAME_IDS } from '../html/layout.ts';
import type { PageFrame, TwinFrame } from './frame.ts';
import type { DocPage, DocPageInput } from './inputs.ts';
import { frontMatter, twinDocument, bodyMarkdown } from '../markdown/document.ts';
import { heading, paragraph } from '../markdown/mdast.ts';
import type { Doc } from '../../core/types.ts';
import { jsonBytes } from '../../core/json.ts';
import type { Bodies, ItemKind } from './kind.ts';
import { OPENAPI_MEDIA_TYPE } from '../../core/page-headers.ts';
import { OPENAPI_FILE, publishedPath } from '../../core/published-files.ts';

/** `/docs/<name>`, a page of prose, with its twins `.md` and `.json`. */
export const docRef = (baseUrl: string, doc: DocRef): PageRef =>
  pageRef(baseUrl, 'guide', doc.path, { jsonPath: `/${doc.path}.json`, title: doc.title, description: doc.description });

/** What the JSON twin of a prose page and its search result say of it, but its type and its text. */
export function docFacts(baseUrl: string, doc: DocRef): Omit<Doc, 'type' | 'markdown'> {
  const page = docRef(baseUrl, doc);
  return {
    slug: doc.path.split('/').pop()!,
    url: page.url,
    markdown_url: page.markdownUrl,
    json_url: `${baseUrl}${page.jsonPath}`,
    title: doc.title,
    description: doc.description,
  };
}

/** A prose page's Markdown as its page shows it: `{base}` in the editor's text stands for the
 * site's base URL, so examples show the address the build serves. The page, its twins and search read this. */
export const docText = (text: string, baseUrl: string): string => text.replaceAll('{base}', baseUrl);

/** A prose page for people, `content/docs/<name>.md` → `/docs/<name>`: the editor's Markdown
 * rendered through the same sanitising renderer as every body, with a table of contents. */
export function docHtml(frame: PageFrame, doc: DocPage): string {
  const page = docRef(frame.site.baseUrl, doc);
  // The body was rendered with ids on its h2 and h3 (DOC_RENDER below).
  const toc = doc.body.headings.filter((entry) => entry.level === 2);
  return renderPage(frame, {
    page,
    title: `${doc.title} · ${frame.site.name}`,
    description: doc.description,
    current: 'guide',
    breadcrumbs: [{ label: 'Catalogue', href: '/' }, { label: doc.title }],
    links: [h('link', { rel: 'service-desc', type: OPENAPI_MEDIA_TYPE, href: publishedPath(OPENAPI_FILE) })],
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

/** The Markdown twin of a prose page: its title, description and body, as Markdown. */
export function docTwin(frame: TwinFrame, doc: DocPage): string {
  return twinDocument(frontMatter(frame, docRef(frame.site.baseUrl, doc)), [heading(1, doc.title), paragraph(doc.description)], doc.body);
}

/** A prose page's own headings sit right under its h1, and its h2 and h3 get ids for its table of
 * contents, clear of the ids the page's frame uses. */
export const DOC_RENDER = { topHeading: 2, headingIds: FRAME_IDS } as const;

/** A prose page's body, rendered as its page and both its twins show it. */
const docBody = (bodies: Bodies, input: DocPageInput, baseUrl: string) => bodies.render(input.body, docText(bodies.text(input.body), baseUrl), DOC_RENDER);

export const guideKind: ItemKind<DocPageInput, DocPage> = {
  type: 'guide',
  code: import.meta.url,
  inLlmsFull: false,
  inputs: (model) => model.docs.map(({ path, title, description, body }) => ({ path, title, description, body })),
  ref: (baseUrl, input) => docRef(baseUrl, input),
  withBody: (baseUrl, input, bodies) => ({ ...input, body: docBody(bodies, input, baseUrl) }),
  html: docHtml,
  twin: docTwin,
  pages: (model) => model.docs.map((doc) => ({ ...docRef(model.site.baseUrl, doc), lastModified: doc.lastModified })),
  json(baseUrl, input, bodies) {
    const twin: Doc = {
      type: 'guide',
      ...docFacts(baseUrl, input),
      // The twin's text, under the same policy as the page: never the raw body.
      markdown: bodyMarkdown(docBody(bodies, input, baseUrl)),
    };
    return { path: docRef(baseUrl, input).jsonPath.slice(1), bytes: jsonBytes(twin) };
  },
};
