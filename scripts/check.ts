/**
 * `npm run check`: validate the content and print every problem at once, grouped by file.
 * Writes nothing. Options: --content DIR (default content/). Exits 1 when there is a problem.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { checkContent, PROJECT_ROOT } from '../build/index.ts';
import { ContentError, formatProblem } from '../build/content-error.ts';
import type { ContentProblem } from '../build/content-error.ts';
import { CHECK_OPTIONS } from './check-options.ts';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Problem files are named relative to the project root; a terminal wants them relative to where
 * the command runs, so that `file:line` opens with a click. Outside that folder the absolute path
 * is clearer than a chain of `../`.
 */
export function displayPath(file: string, cwd = process.cwd()): string {
  const absolute = resolve(PROJECT_ROOT, file);
  const fromCwd = relative(cwd, absolute);
  return fromCwd && !fromCwd.startsWith('..') && !isAbsolute(fromCwd) ? fromCwd : absolute;
}

/** Every problem, grouped by file in the order the files were checked, whole-file problems first. */
export function renderProblems(problems: readonly ContentProblem[], display: (file: string) => string = displayPath): string {
  const byFile = new Map<string, ContentProblem[]>();
  for (const problem of problems) byFile.set(problem.file, [...(byFile.get(problem.file) ?? []), problem]);
  const groups = [...byFile].map(([file, found]) => {
    const sorted = [...found].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    const lines = sorted.map((problem) => formatProblem({ ...problem, file: display(problem.file) }));
    return [`${display(file)} (${plural(found.length, 'problem')})`, ...lines].join('\n');
  });
  const summary = `${plural(problems.length, 'content problem')} in ${plural(byFile.size, 'file')}.`;
  return [...groups, summary].join('\n\n');
}

async function main(): Promise<number> {
  let contentDir: string | undefined;
  try {
    contentDir = parseArgs({ options: CHECK_OPTIONS }).values.content;
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: npm run check [-- --content DIR]`);
    return 1;
  }
  try {
    const valid = await checkContent(contentDir);
    console.log(`${plural(valid.skills.length, 'skill')}, ${plural(valid.bundles.length, 'bundle')}: no problems`);
    return 0;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(renderProblems(error.problems));
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
