/**
 * The catalog function's handler, in-process, on a built catalogue: latency per query kind, the
 * 304 path, and the bundled function's cold import in a fresh process.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { answerCatalog } from '../../core/catalog-answer.ts';
import { cachedCatalog, loadCatalog } from '../../runtime/catalog-source.ts';
import type { CatalogLayout } from '../../core/catalog-layout.ts';

export interface LatencyResult {
  name: string;
  p50Ms: number;
  p99Ms: number;
  perSecond: number;
  bytes: number;
}

const constantsOf = (layout: CatalogLayout) => ({
  buildVersion: '1.0.0+bench00',
  baseUrl: 'https://bench.example',
  documentationUrl: 'https://bench.example/docs/api',
  catalogLayout: layout,
});

export async function measureQueries(distDir: string, layout: CatalogLayout, iterations = 400): Promise<LatencyResult[]> {
  const catalog = cachedCatalog(() => loadCatalog([join(distDir, 'catalog.json')], layout));
  const constants = constantsOf(layout);
  await catalog();
  const cases: [string, string, HeadersInit?][] = [
    ['unfiltered', ''],
    ['cluster=pricing&limit=20', 'cluster=pricing&limit=20'],
    ['sort=title&limit=50', 'sort=title&limit=50'],
    ['sort=price_asc&limit=50', 'sort=price_asc&limit=50'],
    ['sort=price_desc&limit=50', 'sort=price_desc&limit=50'],
    ['sort=default&limit=50', 'sort=default&limit=50'],
    ['sort=title (all skills)', 'sort=title'],
    ['304 (If-None-Match)', '', { 'if-none-match': layout.etag }],
  ];
  const results: LatencyResult[] = [];
  for (const [name, query, headers] of cases) {
    const url = `https://bench.example/catalog.json${query ? `?${query}` : ''}`;
    const times: number[] = [];
    let bytes = 0;
    const budgetEnds = performance.now() + 3_000;
    for (let i = 0; i < iterations + 20 && (i < 40 || performance.now() < budgetEnds); i++) {
      const start = performance.now();
      const response = await answerCatalog(new Request(url, { headers }), catalog, constants);
      const body = new Uint8Array(await response.arrayBuffer());
      const elapsed = performance.now() - start;
      if (i >= 20) times.push(elapsed); // the first runs warm the JIT
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    const total = times.reduce((sum, t) => sum + t, 0);
    results.push({
      name,
      p50Ms: times[Math.floor(times.length * 0.5)],
      p99Ms: times[Math.floor(times.length * 0.99)],
      perSecond: Math.round((times.length / total) * 1000),
      bytes,
    });
  }
  return results;
}

/** Bundles functions/catalog.ts as Netlify's bundler would, then times its import and first answer
 * in a fresh Node process with dist/ as the working directory's catalogue. */
export async function measureColdStart(projectRoot: string, distDir: string, constantsFile: string, workDir: string) {
  const outfile = join(workDir, 'catalog-function.mjs');
  await esbuild({
    entryPoints: [join(projectRoot, 'functions/catalog.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
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
    const res = await mod.default(new Request('https://bench.example/catalog.json?limit=20'));
    await res.text();
    const firstRequestMs = performance.now() - t1;
    console.log(JSON.stringify({ importMs, firstRequestMs, status: res.status, rssMb: process.memoryUsage().rss / 1048576 }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', probe], {
    env: { ...process.env, CATALOG_DATA_PATH: join(distDir, 'catalog.json') },
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').pop()!) as { importMs: number; firstRequestMs: number; status: number; rssMb: number };
}

export function readLayout(constantsFile: string): CatalogLayout {
  return (JSON.parse(readFileSync(constantsFile, 'utf8')) as { catalogLayout: CatalogLayout }).catalogLayout;
}
