/**
 * What the documentation names must exist: the checker behind test/unit/docs-drift.test.ts, pure
 * (the project is a `Repository` it is handed), so it can be fed planted mistakes in memory.
 *
 * What counts, in README.md, docs/** and the comments of the hand-kept _headers:
 *
 * - A repository path is a code span, or a word of one, that is a relative path: letters, digits,
 *   `._-@` and `/`, and `*` for a glob (which must match something). It names the repository when
 *   it has a `/` and its first segment is a top-level entry of the tree (`core/headers.ts`,
 *   `content/`), or a `/` and a file extension (so a path under a folder that is gone still counts);
 *   a bare name with a code extension (`page-headers.ts`) must be some file's name. Anything else is
 *   not a repository path: a site address starts with `/` (`/skills/<slug>`, `/docs/api`), a
 *   template holds `<…>` or `{…}` (`content/skills/<slug>.md`), a URL has a scheme, a MIME type
 *   (`text/markdown`) names no top-level entry. Paths git ignores (dist/, node_modules/, …) are made
 *   by a build or a test and need not exist. Fenced code is not read for paths: it shows output.
 *   In _headers, the words of comment lines are read the same way.
 * - A script is any `npm run X`, `npm start`, `npm test` in the text: it is in package.json.
 * - An option is a `--name` after the `--` of `npm run X -- …`, after `npx tsx FILE`, or a code
 *   span that starts with one; it must be in the option table of the script it is given to (the
 *   scripts the paragraph, table row or list item names, else the section, else any script).
 * - A link between documents leads to a file that exists, and its `#anchor` to a heading of it, by
 *   GitHub's anchor rules.
 */
import { dirname, join, normalize } from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Nodes, Root } from 'mdast';

export interface Repository {
  /** Whether a path (or a glob, whether anything it matches) exists, relative to the root. */
  exists(path: string): boolean;
  /** The text of a file, or undefined. */
  read(path: string): string | undefined;
  /** Names a repository path may start with: the top-level entries of the tree. */
  topLevel: ReadonlySet<string>;
  /** The name of every file of the tree. */
  fileNames: ReadonlySet<string>;
  /** Whether git ignores the path: made by a build or a test, so it need not exist. */
  isOutput(path: string): boolean;
  /** package.json's scripts. */
  scripts: Readonly<Record<string, string>>;
  /** The option names a script accepts, from its own table (empty: none), or undefined when the script is unknown. */
  scriptOptions(script: string): ReadonlySet<string> | undefined;
  /** The option names a file run with tsx accepts. */
  fileOptions(file: string): ReadonlySet<string>;
}

const CODE_EXTENSION = /\.(ts|mts|mjs|cjs)$/;
const FILE_EXTENSION = /\.[a-z]{1,5}$/;
const PATH_LIKE = /^[\w.@*/-]+$/;
const SHELL_FENCES = new Set(['sh', 'bash', 'shell', 'console', '']);
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** `npm run X`, `npm start`, `npm test`: the script, and what follows it on the line. */
const NPM_COMMAND = /\bnpm (?:run ([\w:.-]+)|(start|test)\b)([^\n`]*)/g;
/** `npx tsx FILE …` and `tsx FILE …`: the file run, and what follows it. */
const TSX_COMMAND = /\b(?:npx )?tsx ([\w./-]+\.ts)\b([^\n`]*)/g;
/** A command ends where the shell starts another. */
const COMMAND_END = /&&|\|\||[|;#)]|\s-\s/;

export type Problem = string;

/** The repository path a word names, if it names one. */
export function repositoryPath(word: string, repo: Repository): string | undefined {
  if (!PATH_LIKE.test(word) || /^[/~@-]/.test(word)) return undefined;
  const first = word.split('/')[0];
  // A dot-file of the tree (.nvmrc, .ci/run), not one of a user's or a tool's (.claude/, .vscode/).
  if (first.startsWith('.') && !repo.topLevel.has(first)) return undefined;
  if (word.includes('/')) {
    const last = word.replace(/\/$/, '').split('/').at(-1)!;
    return repo.topLevel.has(first) || FILE_EXTENSION.test(last) ? word : undefined;
  }
  return CODE_EXTENSION.test(word) || repo.topLevel.has(word) ? word : undefined;
}

function pathProblem(word: string, repo: Repository): string | undefined {
  const path = repositoryPath(word, repo);
  if (path === undefined || repo.isOutput(path)) return undefined;
  if (!path.includes('/') && CODE_EXTENSION.test(path)) return repo.fileNames.has(path) ? undefined : `names ${path}, and no file of the tree has that name`;
  return repo.exists(path) ? undefined : `names ${path}, which does not exist`;
}

/** The `--name`s of a command's arguments: after `--` for npm, all of them for a file run directly. */
function optionNames(args: string, afterSeparator: boolean): string[] {
  const words = args.split(COMMAND_END)[0].replace(/[[\]]/g, ' ').split(/\s+/).filter(Boolean);
  const from = afterSeparator ? words.indexOf('--') : -1;
  if (afterSeparator && from === -1) return [];
  return words.slice(from + 1).filter((word) => /^--[a-z]/.test(word)).map((word) => word.slice(2).split('=')[0]);
}

interface Command {
  /** `npm run X` → X; `npx tsx FILE` → FILE. */
  target: string;
  kind: 'script' | 'file';
  options: string[];
}

export function commandsIn(text: string): Command[] {
  const commands: Command[] = [];
  for (const [, run, builtIn, rest] of text.matchAll(NPM_COMMAND)) commands.push({ target: run ?? builtIn, kind: 'script', options: optionNames(rest, true) });
  for (const [, file, rest] of text.matchAll(TSX_COMMAND)) commands.push({ target: file, kind: 'file', options: optionNames(rest, false) });
  return commands;
}

function accepted(command: Pick<Command, 'target' | 'kind'>, repo: Repository): ReadonlySet<string> | undefined {
  return command.kind === 'script' ? repo.scriptOptions(command.target) : repo.fileOptions(command.target);
}

function commandProblems(text: string, repo: Repository): string[] {
  const problems: string[] = [];
  for (const command of commandsIn(text)) {
    const name = command.kind === 'script' ? `npm run ${command.target}` : command.target;
    if (command.kind === 'script' && !Object.hasOwn(repo.scripts, command.target)) {
      problems.push(`names ${name}, and package.json has no script "${command.target}"`);
      continue;
    }
    if (command.kind === 'file' && !repo.exists(command.target)) {
      problems.push(`runs ${command.target}, which does not exist`);
      continue;
    }
    const options = accepted(command, repo) ?? new Set();
    for (const option of command.options) if (!options.has(option)) problems.push(`gives ${name} --${option}, which it does not accept${list(options)}`);
  }
  return problems;
}

const list = (options: ReadonlySet<string>) => (options.size === 0 ? ' (it takes no options)' : ` (it takes ${[...options].sort().map((o) => `--${o}`).join(', ')})`);

const anchorsOf = new Map<string, Set<string>>();

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const known = anchorsOf.get(markdown);
  if (known) return known;
  const anchors = new Set<string>();
  anchorsOf.set(markdown, anchors);
  const seen = new Map<string, number>();
  visit(parse(markdown), (node) => {
    if (node.type !== 'heading') return;
    const base = plainText(node).toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  });
  return anchors;
}

function plainText(node: Nodes): string {
  if ('value' in node && (node.type === 'text' || node.type === 'inlineCode')) return node.value;
  return 'children' in node ? node.children.map((child) => plainText(child as Nodes)).join('') : '';
}

const parse = (markdown: string): Root => unified().use(remarkParse).use(remarkGfm).parse(markdown);

function visit(node: Nodes, enter: (node: Nodes, ancestors: readonly Nodes[]) => void, ancestors: Nodes[] = []): void {
  enter(node, ancestors);
  if ('children' in node) for (const child of node.children) visit(child as Nodes, enter, [...ancestors, node]);
}

/**
 * Every problem of one Markdown document at `file` (relative to the root), each as
 * `file:line what is wrong`.
 */
export function markdownProblems(file: string, markdown: string, repo: Repository): Problem[] {
  const problems: Problem[] = [];
  const at = (node: Nodes, message: string) => problems.push(`${file}:${node.position?.start.line ?? 0} ${message}`);
  const source = (node: Nodes) => markdown.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
  const tree = parse(markdown);
  // Each section's text, for an option whose own block names no script.
  const sections: { start: number; text: string }[] = [];
  const lines = markdown.split('\n');
  for (const node of tree.children) {
    if (node.type === 'heading') sections.push({ start: node.position!.start.line, text: '' });
  }
  const sectionText = (line: number) => {
    const index = sections.findLastIndex((section) => section.start <= line);
    const start = index === -1 ? 1 : sections[index].start;
    const end = index + 1 < sections.length ? sections[index + 1].start - 1 : lines.length;
    return lines.slice(start - 1, end).join('\n');
  };
  // Scripts named anywhere in the text exist, in prose as in code.
  for (const [index, line] of lines.entries()) {
    for (const command of commandsIn(line)) {
      if (command.kind === 'script' && !Object.hasOwn(repo.scripts, command.target)) {
        problems.push(`${file}:${index + 1} names npm run ${command.target}, and package.json has no script "${command.target}"`);
      }
    }
  }
  visit(tree, (node, ancestors) => {
    if (node.type === 'inlineCode') {
      for (const word of node.value.split(/\s+/)) {
        const problem = pathProblem(word, repo);
        if (problem) at(node, problem);
      }
      for (const problem of commandProblems(node.value, repo)) if (!problem.includes('package.json has no script')) at(node, problem);
      const bare = /^(?:-- )?--([a-z][\w-]*)/.exec(node.value);
      if (bare) {
        const block = [...ancestors].reverse().find((a) => ['paragraph', 'tableRow', 'listItem', 'heading'].includes(a.type));
        const named = (text: string) => commandsIn(text).filter((c) => c.kind === 'file' || Object.hasOwn(repo.scripts, c.target));
        let context = block ? named(source(block)) : [];
        if (context.length === 0) context = named(sectionText(node.position!.start.line));
        const tables = context.length > 0
          ? context.map((command) => accepted(command, repo) ?? new Set<string>())
          : Object.keys(repo.scripts).map((script) => repo.scriptOptions(script) ?? new Set<string>());
        if (!tables.some((options) => options.has(bare[1]))) {
          const who = context.length > 0 ? [...new Set(context.map((c) => (c.kind === 'script' ? `npm run ${c.target}` : c.target)))].join(', ') : 'no script';
          at(node, `names --${bare[1]}, which ${who} does not accept`);
        }
      }
    } else if (node.type === 'code' && SHELL_FENCES.has(node.lang ?? '')) {
      for (const problem of commandProblems(node.value, repo)) if (!problem.includes('package.json has no script')) at(node, problem);
    } else if (node.type === 'link' || node.type === 'definition') {
      const problem = linkProblem(file, markdown, node.url, repo);
      if (problem) at(node, problem);
    }
  });
  return problems;
}

function linkProblem(file: string, markdown: string, url: string, repo: Repository): string | undefined {
  if (SCHEME.test(url) || url.startsWith('/')) return undefined;
  const [pathPart, anchor] = url.split('#', 2) as [string, string | undefined];
  if (pathPart === '') return headingAnchors(markdown).has(anchor!) ? undefined : `links to ${url}, and ${file} has no heading with the anchor #${anchor}`;
  const target = pathPart === '' ? file : normalize(join(dirname(file), decodeURIComponent(pathPart))).replace(/\/$/, '');
  if (target.startsWith('..')) return `links to ${url}, outside the repository`;
  if (!repo.exists(target)) return `links to ${url}, and ${target} does not exist`;
  if (anchor === undefined || !target.endsWith('.md')) return undefined;
  const text = repo.read(target);
  if (text === undefined) return `links to ${url}, and ${target} cannot be read`;
  return headingAnchors(text).has(anchor) ? undefined : `links to ${url}, and ${target} has no heading with the anchor #${anchor}`;
}

/** The words of the comment lines of a file in Netlify's _headers format that name repository paths. */
export function headersCommentProblems(file: string, text: string, repo: Repository): Problem[] {
  const problems: Problem[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (!line.trimStart().startsWith('#')) continue;
    for (const raw of line.replace(/^\s*#/, '').split(/\s+/)) {
      const word = raw.replace(/^["'(]+/, '').replace(/["'),.;:]+$/, '');
      const problem = pathProblem(word, repo);
      if (problem) problems.push(`${file}:${index + 1} ${problem}`);
    }
  }
  return problems;
}
