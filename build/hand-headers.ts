/**
 * The top-level `_headers`: header rules kept by hand, in Netlify's format, for paths and names the
 * build does not decide (a `Cross-Origin-Opener-Policy`, say). The build appends them to the
 * `dist/_headers` it writes. A rule that sets a name the header modules own is refused (one source
 * per header), and so are a path Netlify would match more loosely than it reads and a line Netlify
 * would skip without a word; each problem names the line.
 */
import { readFileSync } from 'node:fs';
import type { ContentProblem } from './content-error.ts';
import { describeValue } from './content-error.ts';
import { ownedHeaderNames } from '../core/page-headers.ts';
import { FileReadError } from './build-errors.ts';
import type { HeaderRule } from '../site/model.ts';

/**
 * Netlify compiles a `*` inside a path segment as `(.*)` and leaves the rest of the segment as a
 * regular expression (site/headers.ts, `netlifyPathPattern`), so `/*.md` also matches the
 * page `/skills/cmd` and would give it a twin's headers. A whole `*` segment and exact paths mean
 * what they say.
 */
const isLooseSegment = (segment: string) => segment !== '*' && segment.includes('*') && /[.+?^${}()|[\]\\]/.test(segment);

const LOOSE_PATH_EXPECTED =
  'a path Netlify matches as written: it reads what shares a segment with "*" as a regular expression, so "/*.md" also matches the page "/skills/cmd"; ' +
  'use a whole "*" segment or exact paths (headers for Markdown twins and llms-full.txt come from core/page-headers.ts)';

export interface HandHeaders {
  rules: HeaderRule[];
  problems: ContentProblem[];
}

/** `file` is the path to name in problems; a missing file is no rules at all. */
export function readHandHeaders(path: string, file: string): HandHeaders {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { rules: [], problems: [] };
    throw new FileReadError(path, `could not read it: ${(error as Error).message}`, { cause: error });
  }
  return parseHandHeaders(text, file);
}

export function parseHandHeaders(text: string, file: string): HandHeaders {
  const owned = ownedHeaderNames();
  const rules: HeaderRule[] = [];
  const problems: ContentProblem[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    const at = { file, line: i + 1 };
    if (line === '' || line.startsWith('#')) return;
    if (line.startsWith('/')) {
      rules.push({ path: line, headers: {} });
      if (line.split('/').some(isLooseSegment)) {
        problems.push({ ...at, expected: LOOSE_PATH_EXPECTED, got: describeValue(line) });
      }
      return;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule) return problems.push({ ...at, expected: 'a path line starting with "/" before the first header', got: describeValue(line) });
    if (colon <= 0 || line.slice(colon + 1).trim() === '') {
      return problems.push({ ...at, expected: 'a header as "Name: value"', got: describeValue(line) });
    }
    const name = line.slice(0, colon).trim();
    if (owned.has(name.toLowerCase())) {
      return problems.push({ ...at, field: name, expected: 'a header the build does not set itself (this one comes from core/headers.ts or page-headers.ts; change it there)', got: describeValue(line) });
    }
    rule.headers[name] = line.slice(colon + 1).trim();
  });
  return { rules: rules.filter((rule) => Object.keys(rule.headers).length > 0), problems };
}
