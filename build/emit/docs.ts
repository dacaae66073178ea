/**
 * Prose pages for people, `content/docs/<name>.md` → `/docs/<name>` (HTML, the editor's Markdown
 * rendered through the same sanitising renderer as every body) and `/docs/<name>.md` (its twin,
 * the body as written). They have no JSON twin. The developer guide, `/docs/api`, is the first.
 */
import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import fg from 'fast-glob';
import { h } from 'hastscript';
import type { Root } from 'hast';
import type { CatalogueModel, DocEntry } from '../model.ts';
import type { LastModified } from '../content-dates.ts';
import { parseDocumentText } from '../load.ts';
import { ContentError, describeValue } from '../content-error.ts';
import type { ContentProblem } from '../content-error.ts';
import { renderBody } from '../render/markdown-body.ts';
import { addHeadingIds } from '../render/headings.ts';
import { FRAME_IDS, renderPage } from './html/layout.ts';
import { docPage } from './html/pages.ts';
import { frontMatter, twinDocument } from './markdown/document.ts';
import { heading, paragraph } from './markdown/mdast.ts';
import type { Emitter, OutputFile } from './types.ts';

const DOC_FIELDS = ['title', 'description'] as const;

/**
 * Read `docs/*.md` of a content folder (none is fine). Front matter holds `title` and
 * `description`, both required text. Belongs with load.ts and validate.ts once they read docs/.
 */
export function readDocs(contentDir: string, projectRoot: string, lastModified: LastModified): DocEntry[] {
  const paths = fg.sync('docs/*.md', { cwd: contentDir, absolute: true, onlyFiles: true }).sort();
  const problems: ContentProblem[] = [];
  const docs = paths.flatMap((path): DocEntry[] => {
    const file = relative(projectRoot, path) || path;
    const slug = basename(path, '.md');
    const doc = parseDocumentText(readFileSync(path, 'utf8'), file, slug);
    const data = (doc.data ?? {}) as Record<string, unknown>;
    const found = [...doc.problems];
    if (!/^[a-z0-9-]+$/.test(slug)) found.push({ file, expected: 'a file name matching ^[a-z0-9-]+$', got: describeValue(slug) });
    for (const field of DOC_FIELDS) {
      const value = data[field];
      if (typeof value !== 'string' || value.trim() === '') {
        found.push({ file, line: doc.lineOf([field]), field, expected: 'text (required field)', got: describeValue(value) });
      }
    }
    problems.push(...found);
    if (found.length > 0) return [];
    return [{ path: `docs/${slug}`, title: data.title as string, description: data.description as string, body: doc.body, file, lastModified: lastModified(file) }];
  });
  if (problems.length > 0) throw new ContentError(problems);
  return docs;
}

/** `{base}` in a doc's body stands for the site's base URL (as in site.yaml's URL templates), so
 * examples show the address the build serves. */
const bodyOf = (model: CatalogueModel, doc: DocEntry) => doc.body.replaceAll('{base}', model.site.baseUrl);

export const emitDocs: Emitter = (model) =>
  model.docs.flatMap((doc): OutputFile[] => {
    const page = docPage(model, doc);
    return [
      { path: page.htmlFile, bytes: docHtml(model, doc) },
      { path: page.markdownFile, bytes: twinDocument(frontMatter(model, page), [heading(1, doc.title), paragraph(doc.description)], bodyOf(model, doc)) },
    ];
  });

export function docHtml(model: CatalogueModel, doc: DocEntry): string {
  const page = docPage(model, doc);
  const body: Root = renderBody(bodyOf(model, doc), { topHeading: 2 });
  const contents = addHeadingIds(body, FRAME_IDS);
  const toc = contents.filter((entry) => entry.level === 2);
  return renderPage(model, {
    page,
    title: `${doc.title} · ${model.site.name}`,
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
        h('article.prose', body),
      ]),
    ],
  });
}

