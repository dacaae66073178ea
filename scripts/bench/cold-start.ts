/**
 * A function's cold start as Netlify would run it: bundled alone with the build's constants, then
 * imported in a fresh Node process, timing the import and the first answer (which loads its data).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';

export interface ColdStart {
  importMs: number;
  firstRequestMs: number;
  status: number;
  rssMb: number;
}

export interface ColdStartCase {
  projectRoot: string;
  /** The function's module, from the project root: `functions/catalog.ts`. */
  functionFile: string;
  /** The build's constants the bundle inlines in place of the deployed ones. */
  constantsFile: string;
  workDir: string;
  /** The first request, absolute. */
  url: string;
  /** Where the function finds the built data (CATALOG_DATA_PATH, SEARCH_DATA_DIR). */
  env: Record<string, string>;
}

export async function measureFunctionColdStart({ projectRoot, functionFile, constantsFile, workDir, url, env }: ColdStartCase): Promise<ColdStart> {
  const outfile = join(workDir, `${functionFile.replace(/[^a-z0-9]+/gi, '-')}.mjs`);
  await esbuild({
    entryPoints: [join(projectRoot, functionFile)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outfile,
    logLevel: 'error',
    // Packages that are CommonJS inside an ES module bundle need a require of their own.
    banner: { js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);" },
    plugins: [{
      name: 'constants',
      setup(build) {
        build.onResolve({ filter: /function-constants\.json$/ }, () => ({ path: constantsFile }));
      },
    }],
  });
  const probe = `
    const t0 = performance.now();
    const mod = await import(${JSON.stringify(outfile)});
    const importMs = performance.now() - t0;
    const t1 = performance.now();
    const res = await mod.default(new Request(${JSON.stringify(url)}));
    await res.text();
    const firstRequestMs = performance.now() - t1;
    console.log(JSON.stringify({ importMs, firstRequestMs, status: res.status, rssMb: process.memoryUsage().rss / 1048576 }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', probe], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').pop()!) as ColdStart;
}
