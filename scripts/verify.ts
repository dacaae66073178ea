/**
 * `npm run verify -- <base-url> [--local] [--max n | --all] [--timeout s]`: checks a deployed site
 * from outside against the catalogue read API's contract and prints a pass/fail table. Exit code 0
 * when every check passed (skips are named and explained), 1 when one failed, 2 for a wrong command
 * line. See scripts/verify/options.ts for every option.
 */
import { readFileSync } from 'node:fs';
import { createClient } from './verify/client.ts';
import { parseOptions, UsageError, USAGE } from './verify/options.ts';
import { exitCodeOf, foldResults, formatTable, summaryLine } from './verify/report.ts';
import { verify } from './verify/run.ts';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

let options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`verify: ${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (options === 'help') {
  console.log(USAGE);
  process.exit(0);
}

// The specification asks clients for a User-Agent through which they can be reached: the tool, its
// version and the site it checks, whose operators run it.
const client = createClient({
  userAgent: `${pkg.name}-verify/${pkg.version} (+${options.base})`,
  timeoutMs: options.timeoutMs,
  concurrency: options.concurrency,
});

console.log(`Verifying ${options.base}${options.local ? ' (--local: the checks netlify dev cannot pass are skipped)' : ''}\n`);
const { results, notes } = await verify(options, client);
console.log(formatTable(foldResults(results), options.base));
console.log('');
for (const note of notes) console.log(`Note: ${note}`);
console.log(summaryLine(results, client.requestCount));
process.exitCode = exitCodeOf(results);
