/**
 * Content problems: every one names the file, the field and what was expected, with the line where
 * the YAML parser can give it. A run collects them all and reports them together.
 */

export interface ContentProblem {
  /** Path relative to the project root, e.g. `content/skills/mom-test.md`. */
  file: string;
  line?: number;
  /** Dotted path inside the file (`source.year`, `clusters[2]`); absent for whole-file problems. */
  field?: string;
  expected: string;
  got?: string;
  /**
   * What to change, in the editor's words, said instead of "expected …, got …" where an instruction
   * reads better (a tab in the indentation, a placeholder left in); `expected` and `got` still say
   * the same for programs.
   */
  message?: string;
}

export class ContentError extends Error {
  readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    super(`${problems.length} content problem${problems.length === 1 ? '' : 's'}:\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'ContentError';
    this.problems = problems;
  }
}

export function formatProblem(problem: ContentProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`;
  const field = problem.field ? ` ${problem.field}:` : '';
  if (problem.message !== undefined) return `  ${where}${field} ${problem.message}`;
  const got = problem.got === undefined ? '' : `, got ${problem.got}`;
  return `  ${where}${field} expected ${problem.expected}${got}`;
}

/**
 * A short, one-line rendering of a value for messages. What would reorder or hide the terminal's
 * text (bidirectional controls, C1 controls, line separators) is shown escaped, as JSON shows
 * the C0 controls, so the message reads the same as the file.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  // JSON would print these as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'} ${truncate(json(value))}`;
  if (value !== null && typeof value === 'object') return `an object ${truncate(json(value))}`;
  if (typeof value === 'string' && value.length > 80) return `text of ${value.length.toLocaleString('en')} characters ${truncate(json(value))}`;
  return truncate(json(value));
}

/** JSON of at most a little more than a message needs: a huge value is cut before it is serialised whole. */
function json(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' && item.length > 80 ? item.slice(0, 80) : item));
  return escapeInvisible(text);
}

const escapeInvisible = (text: string) => text.replace(INVISIBLE, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);

const INVISIBLE = /[\p{Bidi_Control}\p{Cc}\u2028\u2029]/gu;

const truncate = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}...` : text);

/**
 * `['source', 'year']` → `source.year`; `['clusters', 2]` → `clusters[2]`. A key is an editor's
 * text too: a very long one is cut and invisible characters are shown escaped.
 */
export function fieldPath(segments: readonly (string | number)[]): string {
  return segments.reduce<string>((path, segment) => {
    if (typeof segment === 'number') return `${path}[${segment}]`;
    const key = escapeInvisible(segment.length > 80 ? `${segment.slice(0, 40)}… (a key of ${segment.length.toLocaleString('en')} characters)` : segment);
    return path ? `${path}.${key}` : key;
  }, '');
}
