/**
 * YAML for content files. The fast path is js-yaml (YAML 1.2 core schema, no dates or other
 * implicit types); the position-aware `yaml` parser runs only for a file that has a problem, to
 * name the line. Thousands of files pay for one fast parse each.
 */
import jsYaml from 'js-yaml';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import type { ContentProblem } from './content-error.ts';

export interface YamlSource {
  data: unknown;
  /** Line (1-based, in the whole file) of the field at `path`, or of its nearest present parent. */
  lineOf(path: readonly (string | number)[]): number | undefined;
  problems: ContentProblem[];
}

/** `firstLine` is the file line the YAML text starts on (2 for front matter after `---`). */
export function parseYamlSource(text: string, file: string, firstLine = 1): YamlSource {
  let located: YamlSource | undefined;
  const locate = () => (located ??= parseWithPositions(text, file, firstLine));
  try {
    const data = jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA, filename: file });
    return { data, problems: [], lineOf: (path) => locate().lineOf(path) };
  } catch (error) {
    const slow = locate();
    if (slow.problems.length > 0) return slow;
    // Both parsers rarely disagree; when only js-yaml refuses, its own mark still names the line.
    const mark = (error as { mark?: { line: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    return {
      data: undefined,
      lineOf: slow.lineOf,
      problems: [{ file, line: mark ? mark.line + firstLine : undefined, expected: 'valid YAML', got: `a syntax error (${reason})` }],
    };
  }
}

function parseWithPositions(text: string, file: string, firstLine: number): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const toFileLine = (offset: number) => lineCounter.linePos(offset).line + firstLine - 1;
  const problems: ContentProblem[] = doc.errors.map((error) => ({
    file,
    line: toFileLine(error.pos[0]),
    expected: 'valid YAML',
    got: `a syntax error (${error.message.split('\n')[0]})`,
  }));
  const lineOf = (path: readonly (string | number)[]): number | undefined => {
    let node: unknown = doc.contents;
    let line = node && (node as Node).range ? toFileLine((node as Node).range![0]) : firstLine;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && item.key.value === segment);
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
  return { data: problems.length ? undefined : doc.toJS(), lineOf, problems };
}
