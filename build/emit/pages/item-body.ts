/** Where an item's body goes: into a section with an h2 ("About this skill") on the page and in the
 * twin alike, so its own headings start at h3. The pages and the content editor's preview use it. */
import { readBody } from '../../load.ts';
import type { BodySource } from '../../load.ts';
import { renderBodyCached } from '../../render/body-cache.ts';
import type { RenderedBody } from '../../render/markdown-body.ts';

export const ITEM_BODY_HEADING = 3;

/** An item's body rendered (or taken from the body cache) for its page and twin; `footnotePrefix`
 * keeps its footnote ids apart from any other item's on a page. */
export const itemBody = (body: BodySource, footnotePrefix: string): RenderedBody =>
  renderBodyCached(readBody(body), { topHeading: ITEM_BODY_HEADING, footnotePrefix });
