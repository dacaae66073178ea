/**
 * Placeholders: the text `npm run new` writes where an editor has to write something, and what
 * `npm run check` says about one left in a published skill or bundle.
 *
 * A placeholder is a valid value on purpose (one line of text), so that a draft checks clean as
 * written and publishing one is refused for the placeholder itself, by field, rather than for a
 * shape the editor never chose. What marks it is a prefix, so the rest of the text can say what to
 * write there.
 */
import { describeValue, fieldPath } from './content-error.ts';
import type { ContentProblem } from './content-error.ts';

/** The one mark of a placeholder: text that starts with it. */
export const PLACEHOLDER_MARK = 'TODO:';

/** A placeholder saying what to write in its place: `placeholder("the skill's title")`. */
export const placeholder = (instruction: string): string => `${PLACEHOLDER_MARK} ${instruction}`;

export const isPlaceholder = (value: unknown): value is string => typeof value === 'string' && value.trimStart().startsWith(PLACEHOLDER_MARK);

/** Every text of a front matter that is still a placeholder, in the order written, with its path. */
export function placeholdersIn(data: unknown): { path: (string | number)[]; text: string }[] {
  const found: { path: (string | number)[]; text: string }[] = [];
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (isPlaceholder(value)) found.push({ path, text: value });
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(data, []);
  return found;
}

/**
 * The body's placeholder, when the first line of text after the front matter is one: that line
 * (counted in the whole file) and its text. `bodyStart` is where the body starts in `text`.
 */
export function bodyPlaceholder(text: string, bodyStart: number): { line: number; text: string } | undefined {
  const lines = text.slice(bodyStart).split(/\r\n|\r|\n/);
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0 || !isPlaceholder(lines[first])) return undefined;
  return { line: text.slice(0, bodyStart).split(/\r\n|\r|\n/).length + first, text: lines[first].trim() };
}

/**
 * The problem of one placeholder left in a published file: the field (`body` for the Markdown), and
 * what to write, taken from the placeholder itself.
 */
export function placeholderProblem(file: string, line: number | undefined, path: readonly (string | number)[] | 'body', text: string): ContentProblem {
  const instruction = text.trimStart().slice(PLACEHOLDER_MARK.length).trim();
  return {
    file,
    line,
    field: path === 'body' ? 'body' : fieldPath(path),
    expected: `the editor's own text, not a placeholder (text starting with "${PLACEHOLDER_MARK}", as npm run new writes it)`,
    got: describeValue(text),
    message: `still the placeholder from npm run new; write ${instruction || 'what belongs here'}`,
  };
}
