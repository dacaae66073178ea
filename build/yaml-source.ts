/** YAML parsed with positions, so a problem in a field can name its line. */
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
