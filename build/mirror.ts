/**
 * Every major's prefix serves the same files: `dist/v1/skills/x.json` is `dist/skills/x.json`.
 * Published as files rather than rewritten at request time, a `/v1` path is answered like any
 * other: a file when one is there, otherwise the not-found function, whose JSON 404 keeps the
 * `/v1` in its hints. A rewrite (`/v1/* → /:splat`) would instead depend on how Netlify runs a
 * rewrite's target back through the functions with `preferStatic`, an order its docs leave open
 * (docs.netlify.com/platform/request-chain). The copies are hard links within the new folder, and
 * Netlify uploads a deploy's files by their digest, so each is stored and uploaded once.
 */
import { majorPrefixes, MAJORS } from '../core/headers.ts';
import type { MajorLifecycle } from '../core/headers.ts';
import { HEADERS_FILE } from '../core/published-files.ts';
import { ADMIN_DIR } from './emit/admin-config.ts';
import type { OutputFolder } from './write.ts';

/**
 * What stays at the top only: Netlify's own configuration (read there alone), and the content
 * editor, which is no part of the API and answers one origin's editors. `path` is relative to the
 * published folder; a rule path (`/admin/*`) is asked about without its slash.
 */
export function mirrored(path: string): boolean {
  return path !== HEADERS_FILE && path !== ADMIN_DIR && !path.startsWith(`${ADMIN_DIR}/`);
}

/** Publishes every file of `output` under each major's prefix; how many files that added. */
export function mirrorMajors(output: OutputFolder, majors: Readonly<Record<number, MajorLifecycle>> = MAJORS): number {
  const before = output.files.length;
  const folders = majorPrefixes(majors).map((prefix) => prefix.slice(1));
  // Only the originals: a second major's copy must not take in the first major's.
  const copy = (path: string) => mirrored(path) && !folders.some((folder) => path.startsWith(`${folder}/`));
  for (const folder of folders) output.mirror(folder, (path) => !copy(path));
  return output.files.length - before;
}
