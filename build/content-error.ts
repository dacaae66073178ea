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
  const got = problem.got === undefined ? '' : `, got ${problem.got}`;
  return `  ${where}${field} expected ${problem.expected}${got}`;
}

/** A short, one-line rendering of a value for messages. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'} ${truncate(JSON.stringify(value))}`;
  if (value !== null && typeof value === 'object') return `an object ${truncate(JSON.stringify(value))}`;
  return truncate(JSON.stringify(value));
}

const truncate = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}...` : text);

/** `['source', 'year']` → `source.year`; `['clusters', 2]` → `clusters[2]`. */
export function fieldPath(segments: readonly (string | number)[]): string {
  return segments.reduce<string>(
    (path, segment) => (typeof segment === 'number' ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment),
    '',
  );
}
