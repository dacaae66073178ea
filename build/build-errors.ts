/**
 * The build's own failures, apart from the content's (ContentError names files and fields for
 * editors). Each says whose it is to fix, and keeps its cause. The site layer's own are in
 * site/errors.ts.
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
