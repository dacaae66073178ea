/** `docs/<name>.json`: the JSON twin of each page of prose, with its text as Markdown. */
import type { Doc } from '../../core/types.ts';
import { jsonBytes } from '../../core/json.ts';
import { docText } from './docs.ts';
import { renderBody } from '../render/markdown-body.ts';
import { bodyMarkdown } from './markdown/document.ts';
import { DOC_RENDER } from './pages/jobs.ts';
import { docRef } from './pages/refs.ts';
import type { Emitter } from './types.ts';

export const emitDocJson: Emitter = (model) =>
  model.docs.map((doc) => {
    const page = docRef(model.site.baseUrl, doc);
    const twin: Doc = {
      type: 'guide',
      slug: doc.path.split('/').pop()!,
      url: page.url,
      markdown_url: page.markdownUrl,
      json_url: `${model.site.baseUrl}${page.jsonPath}`,
      title: doc.title,
      description: doc.description,
      // The twin's text, under the same policy as the page: never the raw body.
      markdown: bodyMarkdown(renderBody(docText(doc.body, model.site.baseUrl), DOC_RENDER)),
    };
    return { path: page.jsonPath.slice(1), bytes: jsonBytes(twin) };
  });
