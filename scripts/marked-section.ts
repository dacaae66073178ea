/**
 * The part of a documentation page a script writes: what lies between `<!-- name:start -->` and
 * `<!-- name:end -->`, the rest of the page kept by hand. One writer for the bench's tables
 * (docs/performance.md) and the API's recorded answers (docs/api-examples.md).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

export class MissingMarkersError extends Error {}

/** `text` with the section `name` replaced by `body`; `file` names the page in the error. */
export function replaceMarkedSection(text: string, name: string, body: string, file: string): string {
  const marked = new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`);
  if (!marked.test(text)) throw new MissingMarkersError(`${file} has no <!-- ${name}:start --> … <!-- ${name}:end --> markers to write between`);
  // A function, not a replacement string: the body may hold `$` sequences String.replace would read as patterns.
  return text.replace(marked, (_match, start: string, end: string) => `${start}${body}${end}`);
}

/** Writes the section into the page at `path`, through a temporary file renamed into place, so a kill leaves the old page or the new one. */
export function writeMarkedSection(path: string, name: string, body: string): void {
  const next = replaceMarkedSection(readFileSync(path, 'utf8'), name, body, path);
  writeFileSync(`${path}.tmp`, next);
  renameSync(`${path}.tmp`, path);
}
