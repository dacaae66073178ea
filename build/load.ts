/**
 * Load: read content/ into position-aware documents. Each file is hashed as it is read, or, when
 * the memo knows it by its stamp (build/file-stamp.ts), not read at all; and parsed only when one
 * of its facts is first asked for (a build whose sources are all as the last build's asks none).
 * No rules are checked here beyond syntax. A document whose exact bytes passed its schema in an
 * earlier build comes from the memo of checked documents (the build cache's, handed in by the
 * runner: build/run/) instead, already parsed; its line positions are worked out only if a later
 * rule needs them.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
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

/** A content file's front matter as parsed, known to match its schema. */
export interface CheckedDocument {
  data: unknown;
  /** Where the body starts in the file's text. */
  bodyStart: number;
}

/** Documents that passed their schema in an earlier build, by the digest of their kind and text
 * (`checkKey`): loading skips parsing them, and checking skips their schema. And each file's
 * `checkKey` as an earlier build read it, by its path and stamp (build/file-stamp.ts): loading
 * skips reading a file whose stamp has not moved, as git's index does. */
export interface DocumentMemo {
  document(checkKey: string): CheckedDocument | undefined;
  rememberDocument(checkKey: string, entry: CheckedDocument): void;
  /** The `checkKey` of the file at `path` when it was read with the stamp `stat` gives; none in a
   * memo that keeps no digests, so loading takes no `stat` for it. */
  fileDigest?(path: string, stat: BigIntStats): string | undefined;
  /** Remembers the `checkKey` of the file at `path`, read with `stat` taken as it was opened. */
  rememberFileDigest?(path: string, stat: BigIntStats, checkKey: string): void;
}

/** No memo: every file is read, parsed and checked. */
export const NO_DOCUMENT_MEMO: DocumentMemo = { document: () => undefined, rememberDocument: () => {} };

export interface LoadedFile extends YamlSource {
  /** Path relative to the project root, for messages. */
  file: string;
  /** The file's modification time when it was read (ISO 8601, whole seconds; '' for no file). */
  modified: string;
  /** True when this exact text already passed its schema (a memo hit): no need to check again. */
  checked?: boolean;
  /** Hash of the file's kind and text: its key in the memo of checked documents ('' for no file). */
  checkKey: string;
}

export interface LoadedDocument extends LoadedFile {
  /** File name without extension; checked against the slug pattern later. */
  slug: string;
  /** True when the memo knew the file by its stamp, so it was not read to be loaded. */
  knownByStamp: boolean;
  /** The Markdown body after the front matter: where it is, not its text (see BodySource). */
  body: BodySource;
  /** The body limits it goes beyond (field `body`); none for a text that passed before (a memo hit). */
  bodyProblems: ContentProblem[];
  /** The body's first line when it is still a placeholder from `npm run new` (none for a memo hit, a text that passed before). */
  bodyPlaceholder?: { line: number; text: string };
}


/** What loading makes of a file is decided by its kind and its bytes: hashed as read, never decoded
 * for it (a file's UTF-8 text hashes the same). */
const checkKeyOf = (kind: FileKind, bytes: string | Uint8Array) => hashText(`${kind}\n`, bytes);

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

/**
 * A content file as loaded: known by its digest at once (read and hashed, or taken from the memo
 * by its stamp), and what loading makes of it (its front matter, checked or parsed, and its body's
 * place) worked out on first use. A build whose sources are all as the last build's never asks
 * (build/sources.ts), and no text is kept meanwhile: one the memo does not know is read again
 * then, and refused if it changed since.
 */
function loadDocument(path: string, file: string, kind: DocumentKind, memo: DocumentMemo): LoadedDocument {
  // A stat in place of an open, a read and a hash, when the memo knows the file by its stamp.
  const stat = memo.fileDigest ? statSync(path, { bigint: true, throwIfNoEntry: false }) : undefined;
  const knownKey = stat?.isFile() ? memo.fileDigest?.(path, stat) : undefined;
  const read = knownKey === undefined ? readFile(path) : undefined;
  const checkKey = knownKey ?? checkKeyOf(kind, read?.bytes ?? '');
  if (read) memo.rememberFileDigest?.(path, read.stat, checkKey);
  const modified = read ? read.stat.mtime : knownKey === undefined ? undefined : stat?.mtime;
  let made: DocumentFacts | undefined;
  const known = { file, modified: modified ? isoSeconds(modified) : '', slug: basename(path, extname(path)), checkKey, knownByStamp: knownKey !== undefined };
  return withFacts(known, DOCUMENT_FACTS, () => (made ??= documentFacts(path, file, kind, checkKey, memo)));
}

type FileFacts = Omit<LoadedFile, 'file' | 'modified' | 'checkKey'>;
type DocumentFacts = Omit<LoadedDocument, 'file' | 'modified' | 'slug' | 'checkKey' | 'knownByStamp'>;

/** Every fact loading makes of a file's text (the compiler holds the lists to the types: a fact
 * added to LoadedFile or LoadedDocument and not listed here does not compile). */
const FILE_FACTS = ['data', 'problems', 'lineOf', 'numberLiterals', 'checked'] as const satisfies readonly (keyof FileFacts)[];
const DOCUMENT_FACTS = [...FILE_FACTS, 'body', 'bodyProblems', 'bodyPlaceholder'] as const satisfies readonly (keyof DocumentFacts)[];
/** `List` when it names every key of `Facts`, and a type no list is otherwise. */
type Listed<Facts, List extends readonly (keyof Facts)[]> = [Exclude<keyof Facts, List[number]>] extends [never] ? List : { missing: Exclude<keyof Facts, List[number]> };

/** Where a loaded file keeps the function that works out its facts (not enumerable). */
const MAKE_FACTS = Symbol('facts');
type Facted = { [MAKE_FACTS]: () => Record<PropertyKey, unknown> };
/** One getter per fact, shared by every file of a kind: a getter and its closure made for every
 * fact of every file cost three times as much, some 30 ms of a warm build at 4,000 skills. */
const factGetters = new Map<readonly PropertyKey[], PropertyDescriptorMap>();

/** `known`, with each of `facts` read from `make()`'s result when first asked for. */
function withFacts<Known extends object, Facts, const List extends readonly (keyof Facts)[]>(known: Known, facts: List & Listed<Facts, List>, make: () => Facts): Known & Facts {
  let getters = factGetters.get(facts);
  if (getters === undefined) {
    getters = Object.fromEntries(facts.map((fact) => [fact, { enumerable: true, get(this: Facted) { return this[MAKE_FACTS]()[fact]; } }]));
    factGetters.set(facts, getters);
  }
  Object.defineProperty(known, MAKE_FACTS, { value: make });
  return Object.defineProperties(known, getters) as Known & Facts;
}

function documentFacts(path: string, file: string, kind: DocumentKind, checkKey: string, memo: DocumentMemo): DocumentFacts {
  const cached = memo.document(checkKey);
  if (!cached) {
    const text = readChecked(path, kind, checkKey);
    const { bodyStart, ...parsed } = parseDocumentText(text, file);
    const bodyProblems = bodyLimitProblems(parsed.body).map((problem) => bodyProblem(file, text, bodyStart, problem));
    return { ...parsed, body: { path, start: bodyStart, checkKey, kind }, bodyProblems, bodyPlaceholder: bodyPlaceholder(text, bodyStart) };
  }
  let parsed: ParsedDocument | undefined;
  return {
    body: { path, start: cached.bodyStart, checkKey, kind },
    data: cached.data,
    problems: [],
    bodyProblems: [],
    checked: true,
    // Only a cross-file problem (a bundle naming a withdrawn skill) asks for a line; the file is
    // read again then, so thousands of texts are not kept alive for a question rarely asked.
    lineOf: (fieldPath) => (parsed ??= parseDocumentText(readText(path) ?? '', file)).lineOf(fieldPath),
  };
}

/** A YAML file as loaded, its parse (or the memo's) on first use, as a document's. */
function loadYamlFile(path: string, display: (path: string) => string, kind: FileKind, memo: DocumentMemo): LoadedFile {
  const file = display(path);
  const read = readFile(path);
  if (read === undefined) return missingFile(file);
  const text = read.bytes.toString('utf8');
  const checkKey = checkKeyOf(kind, read.bytes);
  let made: FileFacts | undefined;
  const facts = (): FileFacts => {
    if (made) return made;
    const cached = memo.document(checkKey);
    if (!cached) return (made = parseYamlSource(text, file));
    let parsed: YamlSource | undefined;
    return (made = { data: cached.data, problems: [], checked: true, lineOf: (at) => (parsed ??= parseYamlSource(text, file)).lineOf(at) });
  };
  return withFacts({ file, modified: isoSeconds(read.stat.mtime), checkKey }, FILE_FACTS, facts);
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
function readFile(path: string): { bytes: Buffer; stat: BigIntStats } | undefined {
  try {
    const fd = openSync(path, 'r');
    try {
      const stat = fstatSync(fd, { bigint: true });
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
