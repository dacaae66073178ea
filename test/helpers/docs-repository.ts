/**
 * This project as test/helpers/docs-drift.ts sees it: its files, what git ignores, package.json's
 * scripts, and each script's options read from its own table.
 *
 * A script's options: package.json's command for it runs an entry file (`tsx scripts/dev.ts`,
 * `node scripts/bundled.mjs scripts/build.ts`); the entry imports an options module (a file named
 * `options.ts` or `*-options.ts`), which exports the table parseArgs reads as `<ENTRY>_OPTIONS`
 * (scripts/dev.ts → DEV_OPTIONS). A command with no entry of ours (vitest, tsc) takes no options
 * the documentation may name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fg from 'fast-glob';
import type { Repository } from './docs-drift.ts';

/** Files that may run as commands: every script and dev tool, beside their tests. */
const ENTRY_GLOBS = ['scripts/*.ts', 'dev/*.ts'];
/** An option table written out where parseArgs is called: `options: { name: { type: …`. */
const INLINE_TABLE = /\boptions:\s*\{\s*['\w-]+:\s*\{\s*type:/;
const OPTIONS_IMPORT = /from '(\.{1,2}\/[^']*(?:^|[/-])options\.ts)'/g;

/** The entry file of a package.json command: the TypeScript file its last command runs with tsx or
 * node (after Node's own flags and a launcher). */
export function entryOf(command: string): string | undefined {
  const last = command.split('&&').at(-1)!.trim();
  return /^(?:tsx|node(?: --\S+)*(?: \S+\.mjs)?) (\S+\.ts)\b/.exec(last)?.[1];
}

/** `.gitignore`'s rules as one test: a path, or a folder above it, that a rule matches. */
export function gitIgnored(gitignore: string): (path: string) => boolean {
  const rules = gitignore.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#')).map((line) => {
    const rule = line.replace(/^\//, '').replace(/\/$/, '');
    const anchored = line.startsWith('/') || rule.includes('/');
    const glob = rule.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*');
    return new RegExp(`${anchored ? '^' : '(^|/)'}${glob}(/|$)`);
  });
  return (path) => rules.some((rule) => rule.test(path.replace(/\/$/, '')));
}

export interface ProjectRepository extends Repository {
  /** What is wrong with the option tables themselves: an entry that parses inline, a table missing. */
  tableProblems: string[];
}

export async function projectRepository(root: string): Promise<ProjectRepository> {
  const isOutput = gitIgnored(readFileSync(join(root, '.gitignore'), 'utf8'));
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const topLevel = new Set(readdirSync(root).filter((name) => name !== '.git'));
  for (const line of readFileSync(join(root, '.gitignore'), 'utf8').split('\n')) {
    const first = line.replace(/^\//, '').split('/')[0];
    if (first && !first.includes('*')) topLevel.add(first);
  }
  const files = fg.sync('**', { cwd: root, dot: true, ignore: ['.git/**', 'node_modules/**'] }).filter((file) => !isOutput(file));
  const fileNames = new Set(files.map((file) => basename(file)));

  const tableProblems: string[] = [];
  const tables = new Map<string, ReadonlySet<string>>();
  const missing = new Map<string, string>();
  for (const entry of fg.sync(ENTRY_GLOBS, { cwd: root, ignore: ['**/*.test.ts'] })) {
    const source = readFileSync(join(root, entry), 'utf8');
    const modules = [...source.matchAll(OPTIONS_IMPORT)].map((match) => join(dirname(entry), match[1]));
    const name = `${basename(entry, '.ts').toUpperCase().replace(/-/g, '_')}_OPTIONS`;
    const found: Record<string, unknown>[] = [];
    for (const module of modules) {
      const exported = (await import(pathToFileURL(join(root, module)).href) as Record<string, Record<string, unknown>>)[name];
      if (exported) found.push(exported);
    }
    if (modules.length > 0 && found.length !== 1) missing.set(entry, `imports ${modules.join(', ')}, and ${found.length === 0 ? 'none exports' : 'more than one exports'} ${name}`);
    tables.set(entry, new Set(found.flatMap((table) => Object.keys(table))));
  }
  for (const [script, command] of Object.entries(scripts)) {
    const entry = entryOf(command);
    if (!entry) continue;
    if (!tables.has(entry)) tableProblems.push(`npm run ${script} runs ${entry}, which is not among ${ENTRY_GLOBS.join(', ')}`);
    else if (missing.has(entry)) tableProblems.push(`${entry} (npm run ${script}) ${missing.get(entry)}`);
    else if (INLINE_TABLE.test(readFileSync(join(root, entry), 'utf8'))) tableProblems.push(`${entry} (npm run ${script}) writes its option table inline: it belongs in an options module beside it`);
  }

  const fileOptions = (file: string): ReadonlySet<string> => tables.get(file) ?? new Set();
  return {
    exists: (path) => (path.includes('*') ? fg.sync(path, { cwd: root, dot: true, onlyFiles: false }).length > 0 : existsSync(join(root, path))),
    read: (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined),
    topLevel,
    fileNames,
    isOutput,
    scripts,
    scriptOptions: (script) => {
      if (!Object.hasOwn(scripts, script)) return undefined;
      const entry = entryOf(scripts[script]);
      return entry ? fileOptions(entry) : new Set();
    },
    fileOptions,
    tableProblems,
  };
}
