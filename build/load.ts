/** Load: read content/ into parsed, position-aware documents. No rules are checked here beyond syntax. */
import { readFileSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import type { ContentProblem } from './content-error.ts';
import { parseYamlSource } from './yaml-source.ts';
import type { YamlSource } from './yaml-source.ts';

export interface LoadedFile extends YamlSource {
  /** Path relative to the project root, for messages. */
  file: string;
}

export interface LoadedDocument extends LoadedFile {
  /** File name without extension; checked against the slug pattern later. */
  slug: string;
  /** Markdown body after the front matter. */
  body: string;
  /** The raw file, for content hashes. */
  text: string;
}

export interface LoadedContent {
  site: LoadedFile;
  clusters: LoadedFile;
  skills: LoadedDocument[];
  bundles: LoadedDocument[];
}

export const MARKDOWN_GLOB = '**/*.{md,markdown}';

export async function loadContent(contentDir: string, projectRoot: string): Promise<LoadedContent> {
  const display = (path: string) => relative(projectRoot, path) || path;
  const [site, clusters, skills, bundles] = await Promise.all([
    loadYamlFile(join(contentDir, 'site.yaml'), display),
    loadYamlFile(join(contentDir, 'clusters.yaml'), display),
    loadDocuments(join(contentDir, 'skills'), display),
    loadDocuments(join(contentDir, 'bundles'), display),
  ]);
  return { site, clusters, skills, bundles };
}

async function loadYamlFile(path: string, display: (path: string) => string): Promise<LoadedFile> {
  const file = display(path);
  const text = readText(path);
  if (text === undefined) return missingFile(file);
  return { file, ...parseYamlSource(text, file) };
}

async function loadDocuments(dir: string, display: (path: string) => string): Promise<LoadedDocument[]> {
  const paths = await fg(MARKDOWN_GLOB, { cwd: dir, absolute: true, onlyFiles: true });
  paths.sort();
  return paths.map((path) => parseDocumentText(readText(path) ?? '', display(path), basename(path, extname(path))));
}

/** Split front matter from body (gray-matter) and parse the front matter with line positions. */
export function parseDocumentText(text: string, file: string, slug: string): LoadedDocument {
  // gray-matter finds the fences; its own YAML parse is skipped because ours keeps positions.
  const split = matter(text, { engines: { yaml: () => ({}) } });
  const hasFrontMatter = /^---\r?\n/.test(text);
  const parsed = hasFrontMatter
    // gray-matter's `matter` keeps the newline after the opening fence, so its line 1 is file line 1.
    ? parseYamlSource(split.matter, file, 1)
    : { data: undefined, lineOf: () => 1, problems: [missingFrontMatter(file)] };
  return { file, slug, body: split.content.replace(/^\r?\n/, ''), text, ...parsed };
}

/** Synchronous on purpose: for thousands of small files it is several times faster than
 * promise-based reads, and the build has nothing else to do meanwhile. */
function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Could not read ${path}`, { cause: error });
  }
}

function missingFile(file: string): LoadedFile {
  const problem: ContentProblem = { file, expected: 'this file to exist', got: 'no file' };
  return { file, data: undefined, lineOf: () => undefined, problems: [problem] };
}

function missingFrontMatter(file: string): ContentProblem {
  return { file, line: 1, expected: 'YAML front matter between "---" lines at the top of the file', got: 'none' };
}
