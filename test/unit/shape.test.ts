/**
 * The shape of the code, from the imports of its own files as TypeScript reads them (type-only and
 * dynamic imports included): no module imports one that imports it back, request-time code never
 * imports the build, the core never imports the runtime's adapters, the site layer (site/) is
 * pure: no build, runtime, dev or script code, and no Node module that does I/O, and the build
 * cache (build/store.ts) is opened by the build (build/index.ts) and used by the runner
 * (build/run/) alone.
 *
 * The rules hold for the code, not for its tests, which may read files and build to check what
 * they test; a test is in the cycle check all the same (nothing imports a test).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['build', 'site', 'core', 'runtime', 'functions', 'dev', 'scripts'];
/** Node's modules that reach outside the process: files, processes, threads, the network. */
const IO_MODULES = ['fs', 'fs/promises', 'child_process', 'worker_threads', 'net', 'http', 'https', 'http2', 'dgram', 'cluster'];

/** Each file (relative to the project, with `/`) and what it imports: project files by their path, anything else as written. */
function importGraph(): Map<string, string[]> {
  const files = fg.sync(FOLDERS.map((folder) => `${folder}/**/*.{ts,mts,mjs}`), { cwd: ROOT, ignore: ['**/node_modules/**', '**/*.d.ts', '**/*.d.mts'] });
  return new Map(files.sort().map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    const targets = importedFiles.map(({ fileName }) =>
      fileName.startsWith('./') || fileName.startsWith('../') ? relative(ROOT, resolve(ROOT, dirname(file), fileName)).split(sep).join('/') : fileName);
    return [file, [...new Set(targets)]];
  }));
}

/** The strongly connected groups of more than one file (or a file importing itself): each holds a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)!.includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const graph = importGraph();
const code = [...graph].filter(([file]) => !/\.test\.m?ts$/.test(file));
/** `file → import` for each import of a file under `from` that `forbidden` refuses. */
const imports = (from: string, forbidden: (target: string) => boolean) =>
  code.filter(([file]) => file.startsWith(`${from}/`)).flatMap(([file, targets]) => targets.filter(forbidden).map((target) => `${file} → ${target}`));

describe('the import graph', () => {
  it('is read whole: type-only and dynamic imports are edges', () => {
    expect(graph.size).toBeGreaterThan(200);
    // `import type { CatalogueModel } from '../model.ts'`
    expect(graph.get('site/pages/kind.ts')).toContain('site/model.ts');
    // `await import('../site/search-page.ts')`, loaded on the first page request only
    expect(graph.get('functions/search.ts')).toContain('site/search-page.ts');
  });

  it('has no cycle', () => {
    const found = cycles(graph);
    expect(found, found.map((group) => `a cycle runs through:\n  ${group.join('\n  ')}`).join('\n')).toEqual([]);
  });
});

describe('the layers', () => {
  it('functions/ and core/ import nothing from build/', () => {
    expect([...imports('functions', (target) => target.startsWith('build/')), ...imports('core', (target) => target.startsWith('build/'))]).toEqual([]);
  });

  it('nothing request-time code reaches, from functions/ through every import, is build, dev or script code', () => {
    // functions/ → runtime/ → build/ would break the rule with no import of build/ in functions/ itself.
    const reached = new Set<string>();
    const walk = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const next of graph.get(file) ?? []) if (graph.has(next)) walk(next);
    };
    for (const [file] of code) if (file.startsWith('functions/')) walk(file);
    const buildTime = (target: string) => /^(build|dev|scripts)\//.test(target);
    expect([...reached].flatMap((file) => graph.get(file)!.filter(buildTime).map((target) => `${file} → ${target}`))).toEqual([]);
    // The walk is about something: the functions reach the site layer and the core through the runtime.
    expect([...reached].filter((file) => /^(runtime|site|core)\//.test(file)).map((file) => file.split('/')[0])).toEqual(expect.arrayContaining(['runtime', 'site', 'core']));
  });

  it('core/ imports nothing from runtime/ (the interfaces it needs are its own)', () => {
    expect(imports('core', (target) => target.startsWith('runtime/'))).toEqual([]);
  });

  it('only the build, which opens it, and the runner (build/run/) import the build cache (build/store.ts)', () => {
    const cacheFile = (target: string) => target === 'build/store.ts' || target === 'build/search-parts.ts';
    const importers = code.filter(([file, targets]) => targets.some(cacheFile)).map(([file]) => file);
    expect(importers.filter((file) => !file.startsWith('build/run/') && !cacheFile(file) && file !== 'build/index.ts')).toEqual([]);
    // The rule is about something: the runner does open it.
    expect(importers).toContain('build/run/index.ts');
  });

  it('site/ imports only site/, core/, schema/ and packages, and no Node module that does I/O', () => {
    const impure = (target: string) => /^(build|runtime|dev|scripts|functions|test)\//.test(target) || IO_MODULES.includes(target.replace(/^node:/, ''));
    expect(imports('site', impure)).toEqual([]);
  });
});
