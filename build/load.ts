/**
 * Load: read content/ into position-aware documents. Each file is read and hashed (its
 * `checkKey`), and a file whose exact bytes passed its checks before comes from the build cache's
 * memo of content files (store.ts, `files.pack`), already parsed; its line positions are worked
 * out only if a later rule needs them. A file whose stat is the one it had when a build last read
 * it is not read again. No rules are checked here beyond syntax.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import type { ContentProblem } from './content-error.ts';
import { hashText } from './digest.ts';
import { isoSeconds } from './content-dates.ts';
import { parseYamlSource } from './yaml-source.ts';
import type { YamlSource } from './yaml-source.ts';
import { bodyLimitProblems } from './render/body-limits.ts';
import type { BodyLimitProblem } from './render/body-limits.ts';
import { bodyPlaceholder } from './placeholder.ts';
import { FileReadError } from './build-errors.ts';
import type { BodySource, DocumentKind } from '../site/model.ts';

/** A file's stat as the loader compares it: the same, and the file was not saved since it was read. */
export interface FileStat {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/** What a build knew of a content file that passed its checks: the digest of its kind and bytes
 * (`checkKey`), its front matter as parsed, where its body starts, and its stat when it was read,
 * when that stat can be trusted (see RACY_MS). */
export interface KnownFile {
  checkKey: string;
  data: unknown;
  bodyStart: number;
  stat?: FileStat;
}

/** The memo of content files, by path: a file whose stat is the one it had when read is not read
 * again, and one whose bytes are the ones known is not parsed or checked again (the build cache
 * keeps it under the loading and checking code: store.ts). */
export interface DocumentMemo {
  get(path: string): KnownFile | undefined;
  set(path: string, known: KnownFile): void;
}

/** No memo: every file is read, parsed and checked. */
export const NO_DOCUMENT_MEMO: DocumentMemo = { get: () => undefined, set: () => {} };

/**
 * How long after a file last changed its stat is trusted: one saved again within the same tick of
 * the file clock (whole seconds on some filesystems, two on FAT) may keep its size and times, so a
 * file read that soon after a change is read again next time, as git does with its "racily clean"
 * entries (Documentation/technical/racy-git.adoc). Its ctime is compared, which no program can set
 * back as `touch -d` sets back an mtime.
 */
const RACY_MS = 2000;

const sameStat = (known: FileStat | undefined, stat: Stats): boolean =>
  known !== undefined && known.size === stat.size && known.mtimeMs === stat.mtimeMs && known.ctimeMs === stat.ctimeMs && known.ino === stat.ino;

/** A stat to remember, read at `readAt`: none when the file changed within the tick before. */
const trusted = (stat: Stats, readAt: number): FileStat | undefined =>
  stat.ctimeMs < readAt - RACY_MS ? { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino } : undefined;

export interface LoadedFile extends YamlSource {
  /** Path relative to the project root, for messages. */
  file: string;
  /** The file's modification time when it was read (ISO 8601, whole seconds; '' for no file). */
  modified: string;
  /** True when this exact text already passed its schema (a memo hit): no need to check again. */
  checked?: boolean;
  /** Hash of the file's kind and text ('' for no file). */
  checkKey: string;
  /** What the memo is to learn of the file once the content passes its checks, by path; none when
   * it knows it already. */
  learnt?: [path: string, known: KnownFile];
}

export interface LoadedDocument extends LoadedFile {
  /** File name without extension; checked against the slug pattern later. */
  slug: string;
  /** The Markdown body after the front matter: where it is, not its text (see BodySource). */
  body: BodySource;
  /** The body limits it goes beyond (field `body`); none for a text that passed before (a memo hit). */
  bodyProblems: ContentProblem[];
  /** The body's first line when it is still a placeholder from `npm run new` (none for a memo hit, a text that passed before). */
  bodyPlaceholder?: { line: number; text: string };
}


/** What loading makes of a file is decided by its kind and its bytes: hashed as read, never decoded
 * for it (a file's UTF-8 text hashes the same). */
export const checkKeyOf = (kind: FileKind, bytes: string | Uint8Array) => hashText(`${kind}\n`, bytes);

/** A content file was saved while a build read it: nothing is wrong with it, the build must run again. */
export class ContentChangedError extends Error {
  override readonly name = 'ContentChangedError';
}

/** The body a BodySource points at, as loaded. */
export const readBody = (source: BodySource): string => readChecked(source.path, source.kind, source.checkKey).slice(source.start);

/** A content file's text, which must be the one loaded (`checkKey`). */
function readChecked(path: string, kind: FileKind, checkKey: string): string {
  const bytes = readBytes(path);
  if (bytes === undefined || checkKeyOf(kind, bytes) !== checkKey) throw new ContentChangedError(`${path} changed while the build was running; build again`);
  return bytes.toString('utf8');
}

export type FileKind = DocumentKind | 'site' | 'clusters';

export interface LoadedContent {
  site: LoadedFile;
  clusters: LoadedFile;
  skills: LoadedDocument[];
  bundles: LoadedDocument[];
  /** Prose pages, content/docs/*.md (none is fine). */
  docs: LoadedDocument[];
}

export const MARKDOWN_GLOB = '**/*.{md,markdown}';

export async function loadContent(contentDir: string, projectRoot: string, memo: DocumentMemo = NO_DOCUMENT_MEMO): Promise<LoadedContent> {
  const display = (path: string) => relative(projectRoot, path) || path;
  const documents = (folder: string, kind: DocumentKind, glob = MARKDOWN_GLOB) => {
    // Each path joined to its folder's by hand: path.relative for each file cost some 30 ms at
    // 4,000 skills, and fast-glob's absolute paths 10 more.
    const dir = join(contentDir, folder);
    const shown = display(dir);
    return fg.sync(glob, { cwd: dir, onlyFiles: true }).sort().map((name) => loadDocument(`${dir}/${name}`, `${shown}/${name}`, kind, memo));
  };
  return {
    site: loadYamlFile(join(contentDir, 'site.yaml'), display, 'site', memo),
    clusters: loadYamlFile(join(contentDir, 'clusters.yaml'), display, 'clusters', memo),
    skills: documents('skills', 'skill'),
    bundles: documents('bundles', 'bundle'),
    docs: documents('docs', 'doc', '*.md'),
  };
}

/** A content file as loaded: the memo's when its stat is as a build last read it, or read and
 * hashed, then parsed, or the memo's when these are the bytes it knew. */
function loadDocument(path: string, file: string, kind: DocumentKind, memo: DocumentMemo): LoadedDocument {
  const slug = basename(path, extname(path));
  const known = memo.get(path);
  const stat = statSync(path, { throwIfNoEntry: false });
  if (known && stat && sameStat(known.stat, stat)) {
    return { file, modified: isoSeconds(stat.mtime), slug, checkKey: known.checkKey, ...documentFacts(path, file, kind, known.checkKey, known, undefined) };
  }
  const readAt = Date.now();
  const read = readFile(path);
  const checkKey = checkKeyOf(kind, read?.bytes ?? '');
  const modified = read ? isoSeconds(read.stat.mtime) : '';
  const cached = known?.checkKey === checkKey ? known : undefined;
  const text = read && cached === undefined ? read.bytes.toString('utf8') : undefined;
  const facts = documentFacts(path, file, kind, checkKey, cached, text);
  const learnt: [string, KnownFile] | undefined = read ? [path, { checkKey, data: facts.data, bodyStart: facts.body.start, stat: trusted(read.stat, readAt) }] : undefined;
  return { file, modified, slug, checkKey, learnt, ...facts };
}

type DocumentFacts = Omit<LoadedDocument, 'file' | 'modified' | 'slug' | 'checkKey' | 'learnt'>;

/** What loading makes of a file: its front matter (parsed from `text`, or the memo's when it knew
 * the file: `cached`) and where its body is. */
function documentFacts(path: string, file: string, kind: DocumentKind, checkKey: string, cached: KnownFile | undefined, text: string | undefined): DocumentFacts {
  if (!cached) {
    const source = text ?? readChecked(path, kind, checkKey);
    const { bodyStart, lineOf: _lines, ...parsed } = parseDocumentText(source, file);
    const bodyProblems = bodyLimitProblems(parsed.body).map((problem) => bodyProblem(file, source, bodyStart, problem));
    return { ...parsed, lineOf: linesOnDemand(path, file), body: { path, start: bodyStart, checkKey, kind }, bodyProblems, bodyPlaceholder: bodyPlaceholder(source, bodyStart) };
  }
  return {
    body: { path, start: cached.bodyStart, checkKey, kind },
    data: cached.data,
    problems: [],
    bodyProblems: [],
    checked: true,
    lineOf: linesOnDemand(path, file),
  };
}

/** Where a field of the file is, worked out when a problem asks: the file is read and parsed again
 * then, so no document keeps its text (and every string sliced from it) alive while the others
 * are loaded, for a question asked of few. */
function linesOnDemand(path: string, file: string): LoadedFile['lineOf'] {
  let parsed: ParsedDocument | undefined;
  return (fieldPath) => (parsed ??= parseDocumentText(readText(path) ?? '', file)).lineOf(fieldPath);
}

/** A YAML file as loaded: read, and parsed, or the memo's when these are the bytes it knew. */
function loadYamlFile(path: string, display: (path: string) => string, kind: FileKind, memo: DocumentMemo): LoadedFile {
  const file = display(path);
  const readAt = Date.now();
  const read = readFile(path);
  if (read === undefined) return missingFile(file);
  const text = read.bytes.toString('utf8');
  const checkKey = checkKeyOf(kind, read.bytes);
  const known = memo.get(path);
  const stat = trusted(read.stat, readAt);
  const facts = { file, modified: isoSeconds(read.stat.mtime), checkKey };
  if (known?.checkKey !== checkKey) {
    const parsed = parseYamlSource(text, file);
    return { ...facts, ...parsed, learnt: [path, { checkKey, data: parsed.data, bodyStart: 0, stat }] };
  }
  let parsed: YamlSource | undefined;
  return { ...facts, data: known.data, problems: [], checked: true, lineOf: (at) => (parsed ??= parseYamlSource(text, file)).lineOf(at), learnt: sameStat(known.stat, read.stat) ? undefined : [path, { ...known, stat }] };
}

export interface ParsedDocument extends Omit<LoadedFile, 'checkKey' | 'modified'> {
  /** The Markdown body after the front matter. */
  body: string;
  /** Where the body starts in the text. */
  bodyStart: number;
}

/** Split front matter from body (gray-matter) and parse the front matter with line positions. */
export function parseDocumentText(text: string, file: string): ParsedDocument {
  // gray-matter finds the fences; its own YAML parse is skipped because ours keeps positions.
  const split = matter(text, { engines: { yaml: () => ({}) } });
  const hasFrontMatter = /^---\r?\n/.test(text);
  const parsed = hasFrontMatter
    // gray-matter's `matter` keeps the newline after the opening fence, so its line 1 is file line 1.
    ? parseYamlSource(split.matter, file, 1)
    : { data: undefined, lineOf: () => 1, problems: [missingFrontMatter(file)] };
  const body = split.content.replace(/^\r?\n/, '');
  return { file, body, bodyStart: text.length - body.length, ...parsed };
}

/** Synchronous on purpose: for thousands of small files it is several times faster than
 * promise-based reads, and the build has nothing else to do meanwhile. */
function readText(path: string): string | undefined {
  return readBytes(path)?.toString('utf8');
}

function readBytes(path: string): Buffer | undefined {
  return readFile(path)?.bytes;
}

/** Every file is read into this one buffer, grown to the largest file so far, and each caller takes
 * what it keeps (a digest, a text) before the next read: a fresh buffer per file, new memory each
 * time, cost more than the reads themselves (about 100 ms of the 270 ms loading took at 4,000 skills). */
let readInto = Buffer.allocUnsafe(64 * 1024);

/** A file's bytes (valid until the next read: see readInto) and its stat as it was opened, from one
 * opening of it. */
function readFile(path: string): { bytes: Buffer; stat: Stats } | undefined {
  try {
    const fd = openSync(path, 'r');
    try {
      const stat = fstatSync(fd);
      const size = Number(stat.size);
      if (size > readInto.length) readInto = Buffer.allocUnsafe(size);
      const bytes = readInto.subarray(0, size);
      let at = 0;
      for (let got = -1; at < size && got !== 0; at += got) got = readSync(fd, bytes, at, size - at, at);
      return { bytes: at === size ? bytes : bytes.subarray(0, at), stat };
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new FileReadError(path, `could not read it: ${(error as Error).message}`, { cause: error });
  }
}

/** A body limit as a content problem, its line counted in the file. */
function bodyProblem(file: string, text: string, bodyStart: number, { line, expected, got }: BodyLimitProblem): ContentProblem {
  const bodyLine = text.slice(0, bodyStart).split(/\r\n|\r|\n/).length;
  return { file, line: bodyLine + (line ?? 1) - 1, field: 'body', expected, got };
}

function missingFile(file: string): LoadedFile {
  const problem: ContentProblem = { file, expected: 'this file to exist', got: 'no file' };
  return { file, modified: '', checkKey: '', data: undefined, lineOf: () => undefined, problems: [problem] };
}

function missingFrontMatter(file: string): ContentProblem {
  return { file, line: 1, expected: 'YAML front matter between "---" lines at the top of the file', got: 'none' };
}
