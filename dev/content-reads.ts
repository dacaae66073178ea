/**
 * What a content build reads, as paths under the content folder: the loader's own patterns
 * (build/load.ts, `loadContent`), named once here for the watcher, which must start a build for
 * these files and for nothing else beside them (editors' swap, backup and temporary files). The
 * loader keeps its two YAML names and the prose pages' pattern inside `loadContent`, so they are
 * written here too; dev/content-reads.test.ts runs the loader over a folder of every kind of file
 * and holds this list to exactly what it read.
 */
import { posix } from 'node:path';
import { MARKDOWN_GLOB } from '../build/load.ts';

/** Globs relative to the content folder, as fast-glob reads them (no dot files, no dot folders). */
export const CONTENT_READS = ['site.yaml', 'clusters.yaml', `skills/${MARKDOWN_GLOB}`, `bundles/${MARKDOWN_GLOB}`, 'docs/*.md'] as const;

/** Whether a build reads the file at `path`, relative to the content folder with `/` between its parts.
 * Node's glob matcher skips dot files and dot folders as fast-glob does. */
export const buildReads = (path: string): boolean => CONTENT_READS.some((glob) => posix.matchesGlob(path, glob));
