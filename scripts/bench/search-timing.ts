/**
 * The search function on a built catalogue: the index's size, each query kind's latency through
 * the handler in process (parse, search, serialise), and the bundled function's cold import and
 * first answer (which loads the index) in a fresh process. `npm run bench` calls it per size; it
 * also runs alone on a built folder: `tsx scripts/bench/search-timing.ts <dist> <constants.json>`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureFunctionColdStart } from './cold-start.ts';
import { answerSearch } from '../../core/search-answer.ts';
import { cachedCatalog } from '../../runtime/catalog-source.ts';
import { readSearchIndex, readSearchPageFrame } from '../../runtime/search-source.ts';
import { searchRenderers } from '../../site/search-page.ts';
import type { PageFrame } from '../../site/pages/frame.ts';
import type { LatencyResult } from './query-timing.ts';
import { SEARCH_INDEX_DIR, SEARCH_PAGE_FRAME_FILE } from '../../core/published-files.ts';

/** Words of the synthetic catalogue (scripts/bench/synthetic-content.ts): whole, cut short, misspelt, several, filtered. */
export const SEARCH_CASES: readonly [string, string][] = [
  ['one word', 'q=pricing'],
  ['two words', 'q=customer%20interview'],
  ['a typo', 'q=pricng'],
  ['a partial word', 'q=onboard'],
  ['a title', 'q=bundle%2012'],
  ['a command', 'q=retention-41'],
  ['cluster and kind', 'q=launch&cluster=gtm&kind=command'],
  ['bundles only, limit 50', 'q=discovery&type=bundle&limit=50'],
];

export interface SearchFigures {
  /** The index's files (its manifest and every shard), in all, and gzipped one by one as the CDN would. */
  indexBytes: number;
  indexGzipBytes: number;
  /** How many files the index is: its manifest and its shards. */
  indexFiles: number;
  results: LatencyResult[];
  /** p50 of every query kind's p50. */
  p50Ms: number;
}

const constants = { buildVersion: '1.0.0+bench00', baseUrl: 'https://bench.example', documentationUrl: 'https://bench.example/docs/api' };

export async function measureSearch(distDir: string, iterations = 200): Promise<SearchFigures> {
  const resources = {
    search: cachedCatalog(() => readSearchIndex(distDir)),
    frame: cachedCatalog(() => readSearchPageFrame<PageFrame>(join(distDir, SEARCH_PAGE_FRAME_FILE))),
    renderers: async () => searchRenderers,
  };
  await resources.search();
  const results: LatencyResult[] = [];
  for (const [name, query] of SEARCH_CASES) {
    const request = () => new Request(`https://bench.example/search.json?${query}`);
    const times: number[] = [];
    let bytes = 0;
    const budgetEnds = performance.now() + 3_000;
    for (let i = 0; i < iterations + 20 && (i < 60 || performance.now() < budgetEnds); i++) {
      const start = performance.now();
      const response = await answerSearch(request(), resources, constants);
      const body = new Uint8Array(await response.arrayBuffer());
      const elapsed = performance.now() - start;
      if (response.status !== 200) throw new Error(`search ${query}: status ${response.status}`);
      if (i >= 20) times.push(elapsed); // the first runs warm the JIT
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    const total = times.reduce((sum, t) => sum + t, 0);
    results.push({ name: `${name} (${decodeURIComponent(query)})`, p50Ms: times[Math.floor(times.length * 0.5)], p99Ms: times[Math.floor(times.length * 0.99)], perSecond: Math.round((times.length / total) * 1000), bytes });
  }
  const p50s = results.map((r) => r.p50Ms).sort((a, b) => a - b);
  const files = readdirSync(join(distDir, SEARCH_INDEX_DIR)).map((name) => readFileSync(join(distDir, SEARCH_INDEX_DIR, name)));
  const sum = (sizes: number[]) => sizes.reduce((total, size) => total + size, 0);
  return { indexBytes: sum(files.map((file) => file.byteLength)), indexGzipBytes: sum(files.map((file) => gzipSync(file).byteLength)), indexFiles: files.length, results, p50Ms: p50s[Math.floor(p50s.length / 2)] };
}

/** Bundles functions/search.ts as Netlify's bundler would, then times its import and its first
 * answer (which reads and loads the index) in a fresh Node process. */
export const measureSearchColdStart = (projectRoot: string, distDir: string, constantsFile: string, workDir: string) =>
  measureFunctionColdStart({
    projectRoot, functionFile: 'functions/search.ts', constantsFile, workDir,
    url: 'https://bench.example/search.json?q=pricing', env: { SEARCH_DATA_DIR: distDir },
  });

if (import.meta.url === `file://${process.argv[1]}`) {
  const [distDir, constantsFile] = process.argv.slice(2);
  const figures = await measureSearch(distDir);
  const cold = await measureSearchColdStart(join(import.meta.dirname, '../..'), distDir, constantsFile, join(distDir, '..'));
  console.log(JSON.stringify({ ...figures, cold }, null, 2));
}
