/**
 * The code of each kind of task (build/run/task.ts): the project's files its modules import,
 * found by esbuild's own resolver rather than listed, with every schema (several kinds read them
 * as files at run time), the locked dependencies and Node's major. A task's key holds its kind's
 * code digest, so an edit re-runs exactly the tasks whose code imports what it touched: a layout
 * edit re-renders the pages and parses no body, since the body renderer imports no layout.
 *
 * `npm run build` runs from a bundle of its code (scripts/bundled.mjs), whose making resolved
 * every import already: the launcher hands over that graph, and the closures are walked in it.
 * Anywhere else (tsx), or for a module the bundle does not hold, esbuild resolves them here.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import fg from 'fast-glob';
import { hashText } from './digest.ts';
import importGraph from './import-graph.json' with { type: 'json' };

/** Bumped when what a code digest covers changes. */
const CODE_FORMAT = 1;

/** A module as a path from the project root, whether given so or as its `import.meta.url`. */
export function modulePath(projectRoot: string, module: string): string {
  const path = module.startsWith('file:') ? fileURLToPath(module) : module;
  return (isAbsolute(path) ? relative(projectRoot, path) : path).split(sep).join('/');
}

/**
 * For each module (a path from the project root), the project files it imports, directly or not
 * (JSON included), sorted: one pass of esbuild over them all. Packages stay out: package-lock.json
 * stands for them.
 */
export function importedFiles(projectRoot: string, modules: readonly string[]): string[][] {
  if (modules.length === 0) return [];
  const { metafile } = buildSync({
    absWorkingDir: projectRoot,
    entryPoints: modules.map((module, index) => ({ in: join(projectRoot, module), out: `entry-${index}` })),
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    outdir: join(projectRoot, '.code'),
    logLevel: 'silent',
  });
  const files: string[][] = modules.map(() => []);
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    const entry = /entry-(\d+)\.js$/.exec(output);
    if (entry) files[Number(entry[1])] = Object.keys(inputs).map((input) => modulePath(projectRoot, join(projectRoot, input))).sort();
  }
  return files;
}

/** The files `module` imports, directly or not, itself among them, in an import graph. */
function closureIn(graph: Readonly<Record<string, readonly string[]>>, module: string): string[] {
  const seen = new Set<string>([module]);
  for (const file of seen) for (const imported of graph[file] ?? []) seen.add(imported);
  return [...seen].sort();
}

/** What this process worked out, per project: code does not change under a running build, and a
 * process that builds many times (npm run dev) starts a new one after a code edit. */
const known = new Map<string, { imports: Map<string, string[]>; digests: Map<string, string> }>();

/** The code digest of each set of modules (paths from the project root, or `import.meta.url`s):
 * the files they import, every schema, the locked dependencies and Node's major. */
export function codeDigests(projectRoot: string, sets: readonly (readonly string[])[]): string[] {
  let memo = known.get(projectRoot);
  if (!memo) known.set(projectRoot, (memo = { imports: new Map(), digests: new Map() }));
  const { imports, digests } = memo;
  const paths = sets.map((set) => set.map((module) => modulePath(projectRoot, module)));
  const graph = (globalThis as Record<symbol, Record<string, string[]> | undefined>)[Symbol.for(importGraph.global)];
  for (const module of new Set(paths.flat())) if (!imports.has(module) && graph?.[module]) imports.set(module, closureIn(graph, module));
  const missing = [...new Set(paths.flat())].filter((module) => !imports.has(module));
  importedFiles(projectRoot, missing).forEach((files, i) => imports.set(missing[i], files));
  const shared = [...fg.sync('schema/**/*.json', { cwd: projectRoot }).sort(), 'package-lock.json'];
  const digestOfFile = (file: string) => {
    let digest = digests.get(file);
    if (digest === undefined) digests.set(file, (digest = hashText(readFileSync(join(projectRoot, file)))));
    return digest;
  };
  const node = process.versions.node.split('.')[0];
  return paths.map((set) => {
    const files = [...new Set(set.flatMap((module) => imports.get(module)!))].sort();
    return hashText(`code ${CODE_FORMAT} node ${node}\n`, ...[...files, ...shared].map((file) => `${file} ${digestOfFile(file)}\n`));
  });
}
