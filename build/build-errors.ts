/**
 * The build's own failures, apart from the content's (ContentError names files and fields for
 * editors). Each says whose it is to fix, and keeps its cause.
 */

/** A file the build must read could not be read (permissions, a folder where a file should be). */
export class FileReadError extends Error {
  override readonly name = 'FileReadError';
  constructor(readonly path: string, detail: string, options?: ErrorOptions) {
    super(`${path}: ${detail}`, options);
  }
}

/** The environment the build runs in is not what it needs (a variable, the content folder). */
export class BuildEnvironmentError extends Error {
  override readonly name = 'BuildEnvironmentError';
}

/** The build's own definitions disagree with each other (schemas, emitters, openapi.json): a
 * developer's mistake, never an editor's, caught before anything is written. */
export class BuildDefinitionError extends Error {
  override readonly name = 'BuildDefinitionError';
}

/** A page could not be rendered; the message names the page, the cause says why. */
export class PageRenderError extends Error {
  override readonly name = 'PageRenderError';
}
