/**
 * The catalog function's handler, in-process, on a built catalogue: latency per query kind, the
 * 304 path, and the bundled function's cold import in a fresh process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureFunctionColdStart } from './cold-start.ts';
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
export const measureColdStart = (projectRoot: string, distDir: string, constantsFile: string, workDir: string) =>
  measureFunctionColdStart({
    projectRoot, functionFile: 'functions/catalog.ts', constantsFile, workDir,
    url: 'https://bench.example/catalog.json?limit=20', env: { CATALOG_DATA_PATH: join(distDir, 'catalog.json') },
  });

export function readLayout(constantsFile: string): CatalogLayout {
  return (JSON.parse(readFileSync(constantsFile, 'utf8')) as { catalogLayout: CatalogLayout }).catalogLayout;
}
