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
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Node, Pair, YAMLMap } from 'yaml';
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
    // Both parsers rarely disagree; when only js-yaml refuses, its own mark still names the line.
    return { data: undefined, lineOf: slow.lineOf, problems: [{ file, line, expected: 'valid YAML', got: `a syntax error (${reason})` }] };
  }
  if (unusualNumbers > 0 || MAYBE_ALIAS.test(text)) {
    const slow = locate();
    if (slow.problems.length > 0) return slow;
    return { data, problems: [], lineOf: slow.lineOf, numberLiterals: slow.numberLiterals };
  }
  return { data, problems: [], lineOf: (path) => locate().lineOf(path) };
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
  const toFileLine = (offset: number) => lineCounter.linePos(offset).line + firstLine - 1;
  const problems: ContentProblem[] = doc.errors.map((error) => ({
    file,
    line: toFileLine(error.pos[0]),
    expected: 'valid YAML',
    got: `a syntax error (${error.message.split('\n')[0]})`,
  }));
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
