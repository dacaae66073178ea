/**
 * The site layer's own failures: its definitions disagree with each other, or a page could not be
 * rendered. Each keeps its cause; the build reports them as its own (build/build-errors.ts).
 */

/** The build's own definitions disagree with each other (schemas, emitters, openapi.json): a
 * developer's mistake, never an editor's, caught before anything is written. */
export class BuildDefinitionError extends Error {
  override readonly name = 'BuildDefinitionError';
}

/** A page could not be rendered; the message names the page, the cause says why. */
export class PageRenderError extends Error {
  override readonly name = 'PageRenderError';
}

/** What the build would publish passes a limit of the platform or of a protocol; the message names
 * the limit, the file or folder, and the count. */
export class PublishLimitError extends Error {
  override readonly name = 'PublishLimitError';
}
