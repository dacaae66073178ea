/**
 * Every major's prefix serves the same files: `dist/v1/skills/x.json` is `dist/skills/x.json`.
 * Published as files rather than rewritten at request time, a `/v1` path is answered like any
 * other: a file when one is there, otherwise the not-found function, whose JSON 404 keeps the
 * `/v1` in its hints. A rewrite (`/v1/* → /:splat`) would instead depend on how Netlify runs a
 * rewrite's target back through the functions with `preferStatic`, an order its docs leave open
 * (docs.netlify.com/platform/request-chain). The copies are hard links within the build's folder
 * (build/output.ts), and Netlify uploads a deploy's files by their digest, so each is stored and
 * uploaded once.
 */
import { majorPrefixes, MAJORS } from '../core/headers.ts';
import type { MajorLifecycle } from '../core/headers.ts';
import { mirrored } from '../site/headers.ts';

/** The majors' folders (`v1`), and which files each of them copies. */
export function mirrorPlan(majors: Readonly<Record<number, MajorLifecycle>> = MAJORS): { folders: string[]; copied: (path: string) => boolean } {
  const folders = majorPrefixes(majors).map((prefix) => prefix.slice(1));
  // Only the originals: a second major's copy must not take in the first major's.
  return { folders, copied: (path) => mirrored(path) && !folders.some((folder) => path.startsWith(`${folder}/`)) };
}

/** `files` with the copies mirrorMajors adds, named by the same plan. */
export function withMirrors(files: readonly string[], majors: Readonly<Record<number, MajorLifecycle>> = MAJORS): string[] {
  const { folders, copied } = mirrorPlan(majors);
  return [...files, ...folders.flatMap((folder) => files.filter(copied).map((path) => `${folder}/${path}`))];
}
