/**
 * `npm run lighthouse`: Lighthouse scores of the overview and one skill, bundle and cluster page, on
 * the phone preset, printed as a table; exits 1 when a score is under the bound.
 *
 *   npm run lighthouse                          build the sample content, serve it with netlify dev, audit
 *   npm run lighthouse -- http://127.0.0.1:8888 audit a server already running (npm start), as it is
 */
import { build, DEFAULT_CACHE_DIR } from '../build/index.ts';
import type { Catalog } from '../core/types.ts';
import { startNetlifyDev } from '../test/setup/netlify-dev.ts';
import { auditPages, MIN_SCORE, pagesToAudit, scoreTable, shortfalls } from './lighthouse/audit.ts';

const [target, ...extra] = process.argv.slice(2);
if (extra.length > 0 || (target !== undefined && !/^https?:\/\//.test(target))) {
  console.error('usage: npm run lighthouse [-- BASE_URL]   (BASE_URL such as http://127.0.0.1:8888; without it the sample is built and served)');
  process.exit(2);
}

let server: { url: string; stop(): Promise<void> } | undefined;
try {
  let base = target?.replace(/\/+$/, '');
  if (!base) {
    await build({ cacheDir: DEFAULT_CACHE_DIR });
    server = await startNetlifyDev();
    base = server.url;
  }
  const response = await fetch(`${base}/catalog.json`);
  if (!response.ok) throw new Error(`${base}/catalog.json answered ${response.status}: nothing to choose pages from`);
  const pages = pagesToAudit((await response.json()) as Catalog);
  const results = await auditPages(base, pages);
  console.log(`Lighthouse, mobile preset, simulated throttling, against ${base}:\n`);
  console.log(scoreTable(results));
  const low = shortfalls(results);
  console.log(low.length === 0 ? `\nEvery score is at least ${MIN_SCORE}.` : `\nUnder ${MIN_SCORE}:\n${low.map((line) => `  ${line}`).join('\n')}`);
  process.exitCode = low.length === 0 ? 0 : 1;
} finally {
  await server?.stop();
}
