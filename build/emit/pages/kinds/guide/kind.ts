/** Prose pages: `/docs/<name>`, its Markdown twin and its JSON twin (the API's Doc, with its text as Markdown). */
import type { Doc } from '../../../../../core/types.ts';
import { jsonBytes } from '../../../../../core/json.ts';
import { FRAME_IDS } from '../../../html/layout.ts';
import { renderBodyCached } from '../../../../render/body-cache.ts';
import { renderBody } from '../../../../render/markdown-body.ts';
import { bodyMarkdown } from '../../../markdown/document.ts';
import { pageFiles } from '../../kind.ts';
import type { ItemKind } from '../../kind.ts';
import type { DocPageInput } from '../../inputs.ts';
import { docRef } from './ref.ts';
import { docHtml } from './page.ts';
import { docTwin } from './twin.ts';
import { docText } from './text.ts';

/** A prose page's own headings sit right under its h1, and its h2 and h3 get ids for its table of
 * contents, clear of the ids the page's frame uses. */
export const DOC_RENDER = { topHeading: 2, headingIds: FRAME_IDS } as const;

/** A guide's text as its JSON twin gives it, remembered by the text for the rest of the process
 * (npm run dev builds on every save; guides are few), so an unchanged guide is not parsed again. */
const twinTexts = new Map<string, string>();
function twinMarkdown(text: string): string {
  let markdown = twinTexts.get(text);
  if (markdown === undefined) {
    if (twinTexts.size >= 64) twinTexts.clear();
    twinTexts.set(text, (markdown = bodyMarkdown(renderBody(text, DOC_RENDER))));
  }
  return markdown;
}

export const guideKind: ItemKind<DocPageInput> = {
  type: 'guide',
  inLlmsFull: false,
  inputs: (model) => model.docs.map(({ path, title, description, body }) => ({ path, title, description, body })),
  ref: (baseUrl, input) => docRef(baseUrl, input),
  render(frame, input) {
    const rendered = { ...input, body: renderBodyCached(docText(input.body, frame.site.baseUrl), DOC_RENDER) };
    return pageFiles(docRef(frame.site.baseUrl, input), docHtml(frame, rendered), docTwin(frame, rendered));
  },
  pages: (model) => model.docs.map((doc) => ({ ...docRef(model.site.baseUrl, doc), lastModified: doc.lastModified })),
  json(model, input) {
    const page = docRef(model.site.baseUrl, input);
    const twin: Doc = {
      type: 'guide',
      slug: input.path.split('/').pop()!,
      url: page.url,
      markdown_url: page.markdownUrl,
      json_url: `${model.site.baseUrl}${page.jsonPath}`,
      title: input.title,
      description: input.description,
      // The twin's text, under the same policy as the page: never the raw body.
      markdown: twinMarkdown(docText(input.body, model.site.baseUrl)),
    };
    return { path: page.jsonPath.slice(1), bytes: jsonBytes(twin) };
  },
};
