/**
 * YAML for content files. The fast path is js-yaml (YAML 1.2 core schema, no dates or other
 * implicit types); the position-aware `yaml` parser runs only for a file that has a problem, to
 * name the line, or that may hold an alias or a number written in an unusual way. Thousands of
 * files pay for one fast parse each.
 *
 * Content is written by people and read by the build, so the YAML is bounded before and while it
 * is read: its size, its nesting, and no aliases at all (an alias bomb is a few hundred bytes that
 * expand to billions of nodes in whatever walks the data next).
 */
import jsYaml from 'js-yaml';
import type { LoadOptions } from 'js-yaml';
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml';
import type { Document, Node, Pair, YAMLMap } from 'yaml';
import { detachStrings } from '../core/detached.ts';
import { fieldPath } from './content-error.ts';
import type { ContentProblem } from './content-error.ts';

/** Bounds on the YAML of one file (site.yaml, clusters.yaml, or a document's front matter). */
export const YAML_LIMITS = {
  /** Bytes of YAML: the longest legitimate front matter is a few kilobytes. */
  bytes: 64 * 1024,
  /** Collections inside collections (content needs 3: a file, `source`, nothing below it). */
  depth: 8,
} as const;

/** How an integer is written in content: base-10 digits, no sign but `-`, no leading zero. */
export const INTEGER_LITERAL = /^-?(?:0|[1-9][0-9]*)$/;

/** A number written other than as plain digits (`19.00`, `1e3`, `0x76C`): where it is and what it read as. */
export interface NumberLiteral {
  path: (string | number)[];
  line: number;
  /** As written in the file. */
  text: string;
  value: number;
}

export interface YamlSource {
  data: unknown;
  /** Line (1-based, in the whole file) of the field at `path`, or of its nearest present parent. */
  lineOf(path: readonly (string | number)[]): number | undefined;
  problems: ContentProblem[];
  /** Numbers not written as plain digits; empty or absent when there are none. */
  numberLiterals?: NumberLiteral[];
}

/**
 * Numbers js-yaml read during the current `load` that are not plain digits. Loading is synchronous,
 * so one counter, reset before each load, belongs to that load alone.
 */
let unusualNumbers = 0;

/** js-yaml's own number types, exported at run time but absent from its type definitions. */
type CoreType = jsYaml.Type & { tag: string };
const { int, float } = (jsYaml as unknown as { types: { int: CoreType; float: CoreType } }).types;

/** A core-schema number type that also counts the literals that are not plain digits. */
function counting(type: CoreType): jsYaml.Type {
  return new jsYaml.Type(type.tag, {
    kind: 'scalar',
    resolve: (text: string) => type.resolve(text),
    construct: (text: string) => {
      if (!INTEGER_LITERAL.test(text)) unusualNumbers += 1;
      return type.construct(text);
    },
  });
}

// A type with the tag of a core type replaces it in place, so resolution order stays the same.
const CONTENT_SCHEMA = jsYaml.CORE_SCHEMA.extend({ implicit: [counting(int), counting(float)] });

/** js-yaml's own nesting bound (option `maxDepth`, absent from its type definitions). */
const FAST_OPTIONS = { schema: CONTENT_SCHEMA, maxDepth: YAML_LIMITS.depth } as LoadOptions;

/**
 * Where an alias may be: `*` that starts a node, after a line start, a space or a flow indicator.
 * A match can be a false alarm (`*emphasis*` inside text); no match means no alias.
 */
const MAYBE_ALIAS = /(?:^|[\s[{,])\*[^\s,[\]{}]/;

/** `firstLine` is the file line the YAML text starts on (2 for front matter after `---`). */
export function parseYamlSource(text: string, file: string, firstLine = 1): YamlSource {
  const bytes = Buffer.byteLength(text);
  if (bytes > YAML_LIMITS.bytes) {
    const problem = { file, line: firstLine, expected: `YAML of at most ${YAML_LIMITS.bytes.toLocaleString('en')} bytes`, got: `${bytes.toLocaleString('en')} bytes` };
    return { data: undefined, lineOf: () => firstLine, problems: [problem] };
  }
  let located: YamlSource | undefined;
  const locate = () => (located ??= parseWithPositions(text, file, firstLine));
  let data: unknown;
  unusualNumbers = 0;
  try {
    data = jsYaml.load(text, { ...FAST_OPTIONS, filename: file });
  } catch (error) {
    const mark = (error as { mark?: { line: number } }).mark;
    const line = mark ? mark.line + firstLine : undefined;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    // Too deep is not a syntax error, and the position-aware parser would recurse just as deep.
    if (reason.startsWith('nesting exceeded maxDepth')) {
      const field = mark ? topLevelKeyAt(text, mark.line) : undefined;
      return { data: undefined, lineOf: () => line, problems: [{ file, line, field, expected: `YAML nested at most ${YAML_LIMITS.depth} levels deep`, got: 'deeper nesting' }] };
    }
    const slow = locate();
    if (slow.problems.length > 0) return slow;
    // Both parsers rarely disagree (a key written twice, a tag, a NUL byte); then js-yaml's own
    // mark names the line, the 0-based line of the text, which starts on file line `firstLine`.
    return { data: undefined, lineOf: slow.lineOf, problems: [fastParserProblem(text, file, firstLine, reason, line, slow.lineOf)] };
  }
  if (unusualNumbers > 0 || MAYBE_ALIAS.test(text)) {
    const slow = locate();
    if (slow.problems.length > 0) return slow;
    return { data: detachStrings(data), problems: [], lineOf: slow.lineOf, numberLiterals: slow.numberLiterals };
  }
  // Detached: the model keeps titles and summaries for the whole build, and each would keep its
  // file's front matter alive (10 MB at 10,000 skills).
  return { data: detachStrings(data), problems: [], lineOf: (path) => locate().lineOf(path) };
}

/** The top-level key whose value holds line `index` (0-based), read from the text alone. */
function topLevelKeyAt(text: string, index: number): string | undefined {
  const lines = text.split('\n', index + 1);
  for (let i = Math.min(index, lines.length - 1); i >= 0; i -= 1) {
    const key = /^([^\s#:'"][^:]*):(?:\s|$)/.exec(lines[i])?.[1];
    if (key) return key;
  }
  return undefined;
}

function parseWithPositions(text: string, file: string, firstLine: number): YamlSource {
  const lineCounter = new LineCounter();
  // Duplicate keys are js-yaml's to refuse (it reads every file first); here the check would cost
  // time in the square of the keys, which thousands of keys turn into seconds.
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const toFileLine = (offset: number) => lineCounter.linePos(Math.max(offset, 0)).line + firstLine - 1;
  const problems: ContentProblem[] = doc.errors.length > 0 ? [syntaxProblem(doc, text, file, toFileLine)] : [];
  // Each mapping's keys, indexed when a line is first asked of it: a file with thousands of
  // problems asks thousands of times.
  const keyIndex = new WeakMap<YAMLMap, Map<unknown, Pair>>();
  const pairOf = (map: YAMLMap, key: string | number): Pair | undefined => {
    let keys = keyIndex.get(map);
    if (!keys) {
      keys = new Map();
      for (const item of map.items) if (isPair(item) && isScalar(item.key) && !keys.has(item.key.value)) keys.set(item.key.value, item);
      keyIndex.set(map, keys);
    }
    return keys.get(key);
  };
  const lineOf = (path: readonly (string | number)[]): number | undefined => {
    let node: unknown = doc.contents;
    let line = node && (node as Node).range ? toFileLine((node as Node).range![0]) : firstLine;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = pairOf(node, segment);
        if (!pair) break;
        if (isScalar(pair.key) && pair.key.range) line = toFileLine(pair.key.range[0]);
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number' && node.items[segment]) {
        node = node.items[segment];
        const range = (node as Node).range;
        if (range) line = toFileLine(range[0]);
      } else break;
    }
    return line;
  };
  if (problems.length > 0) return { data: undefined, lineOf, problems };

  const aliases: { path: (string | number)[]; line: number; source: string }[] = [];
  const numberLiterals: NumberLiteral[] = [];
  // js-yaml refused anything deeper before this runs for data; for a line asked after a syntax error
  // only js-yaml saw, stopping there keeps an adversarial nesting from exhausting the stack.
  const walk = (node: unknown, path: (string | number)[]): void => {
    if (path.length > YAML_LIMITS.depth) return;
    if (isAlias(node)) aliases.push({ path, line: toFileLine(node.range![0]), source: `*${node.source}` });
    else if (isMap(node)) {
      for (const pair of node.items) if (isScalar(pair.key)) walk(pair.value, [...path, String(pair.key.value)]);
    } else if (isSeq(node)) node.items.forEach((item, i) => walk(item, [...path, i]));
    else if (isScalar(node) && typeof node.value === 'number' && node.source !== undefined && !INTEGER_LITERAL.test(node.source)) {
      numberLiterals.push({ path, line: toFileLine(node.range![0]), text: node.source, value: node.value });
    }
  };
  walk(doc.contents, []);
  if (aliases.length > 0) {
    const [first] = aliases;
    const more = aliases.length > 1 ? `, and ${aliases.length - 1} more` : '';
    return {
      data: undefined,
      lineOf,
      problems: [{
        file,
        line: first.line,
        field: fieldPath(first.path) || undefined,
        expected: 'every value written out (YAML aliases such as *name are not allowed in content)',
        got: `the alias ${first.source}${more}`,
      }],
    };
  }
  return { data: doc.toJS(), lineOf, problems, numberLiterals };
}

/** What every YAML syntax problem expects; its `message` says what to change, in editors' words. */
export const VALID_YAML = 'valid YAML';

/**
 * The one problem a file whose YAML does not parse gets. After the first error the parser is
 * guessing at what the editor meant, and what it reports next is mostly the same mistake seen
 * again (one tab in an indentation makes seven errors): so only the first is reported, on the line
 * the editor has to change, which is not always where the parser noticed (an unclosed `[` or `"`
 * is noticed lines later, where the collection or text should have ended).
 */
function syntaxProblem(doc: Document, text: string, file: string, toFileLine: (offset: number) => number): ContentProblem {
  const errors = [...doc.errors].sort((a, b) => a.pos[0] - b.pos[0]);
  const [first] = errors;
  const reason = first.message.split('\n')[0];
  const problem = (line: number, message: string): ContentProblem => ({ file, line, expected: VALID_YAML, got: `a syntax error (${reason})`, message });
  const lines = text.split('\n');
  const firstLine = toFileLine(0);
  const tabbed = (line: number) => /^[ \t]*\t/.test(lines[line - firstLine] ?? '');
  const line = toFileLine(first.pos[0]);

  if (first.code === 'TAB_AS_INDENT' || tabbed(line)) {
    const others = [...new Set(errors.map((error) => toFileLine(error.pos[0])))].filter((at) => at !== line && tabbed(at));
    return problem(line, `indent with spaces, not tabs${others.length ? ` (${listLines(others)} too)` : ''}`);
  }
  const quote = /^Missing closing (["'])quote/.exec(reason)?.[1];
  if (quote) {
    const opened = enclosingNode(doc, first.pos[0], (node) => isScalar(node) && node.type === (quote === '"' ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE'));
    return problem(opened ? toFileLine(opened[0]) : line, `the ${quote} that opens this text is never closed: end the text with ${quote}`);
  }
  const close = /must be sufficiently indented and end with a ([\]}])/.exec(reason)?.[1];
  if (close) {
    const opened = enclosingNode(doc, first.pos[0], (node) => isCollection(node) && node.flow === true);
    const what = close === ']' ? 'list' : 'mapping';
    return problem(opened ? toFileLine(opened[0]) : line, `the ${close === ']' ? '[' : '{'} that opens this ${what} is never closed: end the ${what} with ${close}`);
  }
  if (first.code === 'BLOCK_AS_IMPLICIT_KEY' && reason.startsWith('Nested mappings')) {
    // `title: a` followed by `  author: b`: the indented line reads as more of the title, then a
    // colon nobody expected. The line to change is the indented one.
    const wrapped = errors.find((error) => error.code === 'MULTILINE_IMPLICIT_KEY' && error.pos[0] === first.pos[0] && toFileLine(error.pos[1]) > line);
    if (wrapped) return problem(toFileLine(wrapped.pos[1]), 'this line is indented under a field that already has a value: line it up with that field');
    return problem(line, 'a value with ": " in it needs quotes around it, e.g. title: "Pricing: the basics"');
  }
  if (reason.startsWith('Implicit keys need to be on a single line')) return problem(line, 'a field needs its name, ":" and a space on one line, e.g. title: Pricing');
  if (reason.startsWith('All mapping items must start at the same column')) return problem(line, 'line this field up with the fields around it: the same number of spaces before each');
  if (reason.startsWith('All sequence items must start at the same column') || reason.startsWith('A block sequence may not be used as an implicit map key')) return problem(line, 'line this "-" up with the other items of the list: the same number of spaces before each');
  const escape = /^Invalid escape sequence (.*)$/.exec(reason)?.[1];
  if (escape) return problem(line, `${escape} is not an escape YAML knows inside "…": write \\\\ for a backslash, or put the text in single quotes`);
  const start = /^Plain value cannot start with (?:reserved character |.* )?(\S+)$/.exec(reason)?.[1];
  if (first.code === 'BAD_SCALAR_START' && start) return problem(line, `a value that starts with ${start} needs quotes around it`);
  if (first.code === 'MULTIPLE_DOCS') {
    // The parser points at the second document; the line to remove is the marker that ended the first.
    const isMarker = (at: number) => /^(?:\.\.\.|---)\s*$/.test(lines[at - firstLine] ?? '');
    let marker = line;
    while (marker > firstLine && !isMarker(marker)) marker -= 1;
    if (!isMarker(marker)) return problem(line, 'one YAML document only: this line starts another; remove it');
    return problem(marker, `"${lines[marker - firstLine].trim()}" on this line ends the YAML, and more follows: remove it`);
  }
  return problem(line, `the YAML is not valid here (${reason}); if a value holds YAML's own characters (: # [ ] { } & * ! | > ' " % @ \`), put it in quotes`);
}

/** The innermost node matching `wanted` whose text runs from before `offset` up to it. */
function enclosingNode(doc: Document, offset: number, wanted: (node: unknown) => boolean): [number, number, number] | undefined {
  let found: [number, number, number] | undefined;
  visit(doc, {
    Node(_key, node) {
      const range = node.range;
      if (range && wanted(node) && range[0] < offset && offset <= range[2] && (!found || range[0] > found[0])) found = range;
    },
  });
  return found;
}

/** `[19, 20, 22]` → `lines 19, 20 and 22`. */
function listLines(lines: readonly number[]): string {
  if (lines.length === 1) return `line ${lines[0]}`;
  return `lines ${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}`;
}

/**
 * A refusal only js-yaml makes (the position-aware parser is lenient on purpose about these):
 * a key written twice, a tag, a byte YAML may not hold. `line` is js-yaml's own.
 */
function fastParserProblem(text: string, file: string, firstLine: number, reason: string, line: number | undefined, lineOf: YamlSource['lineOf']): ContentProblem {
  const base = { file, line, expected: VALID_YAML, got: `a syntax error (${reason})` };
  if (reason.startsWith('duplicated mapping key') && line !== undefined) {
    const [, indent, key] = /^([ \t]*(?:- )?)([^\s:#][^:]*?)\s*:(?:\s|$)/.exec(text.split('\n')[line - firstLine] ?? '') ?? [];
    // The first one is found only at the top level, where the key alone is its path.
    const earlier = key !== undefined && indent === '' ? lineOf([key]) : undefined;
    const where = earlier !== undefined && earlier !== line ? ` (first on line ${earlier})` : '';
    return { ...base, message: `${key ?? 'this field'} is written twice${where}: keep one` };
  }
  if (reason.startsWith('unknown tag') && line !== undefined) {
    const tag = /(?:^|\s)(!\S*)/.exec(text.split('\n')[line - firstLine] ?? '')?.[1] ?? '!';
    return { ...base, message: `${tag} is a YAML tag, and content uses none: remove it, or put the value in quotes if the ! belongs to it` };
  }
  if (reason.startsWith('null byte')) {
    // js-yaml refuses the whole text before reading it, so its mark is the start.
    const at = text.indexOf('\0');
    return { ...base, line: firstLine + text.slice(0, at).split('\n').length - 1, message: 'a NUL byte (U+0000) is in this line: remove it' };
  }
  return { ...base, message: `the YAML is not valid here (${reason})` };
}
