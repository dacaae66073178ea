/**
 * `npm run dev`: the editor's live preview. Builds, serves the site and its functions on
 * http://127.0.0.1:8888, watches content/, schema/ and the code, rebuilds on save (the build kept
 * loaded and its cache warm), and reloads the open page; a build that fails leaves the last good
 * one served, with the problem in this terminal and on every page. Options: see dev/options.ts.
 * Ctrl-C stops it, its build and its functions.
 */
import { join, resolve } from 'node:path';
import { DEFAULT_CACHE_DIR, HAND_HEADERS_FILE, PROJECT_ROOT } from '../build/index.ts';
import { PUBLISH_DIR } from '../build/function-constants.ts';
import { isLoopback, networkWarning } from '../dev/local-access.ts';
import { parseDevArgs } from '../dev/options.ts';
import { startDevServer } from '../dev/server.ts';

const parsed = parseDevArgs(process.argv.slice(2));
if ('error' in parsed) {
  console.error(parsed.error);
  process.exit(2);
}
const { args } = parsed;

const server = await startDevServer({
  projectRoot: PROJECT_ROOT,
  contentDir: resolve(args.content ?? join(PROJECT_ROOT, 'content')),
  outDir: resolve(args.out ?? join(PROJECT_ROOT, PUBLISH_DIR)),
  headersFile: HAND_HEADERS_FILE,
  cacheDir: args.cache === null ? null : resolve(args.cache ?? DEFAULT_CACHE_DIR),
  host: args.host,
  port: args.port,
  allowedHosts: args.allowedHosts,
  threads: args.threads,
  log: (line) => console.log(line),
});
if (!isLoopback(args.host)) console.log(networkWarning(server.url, 'read every draft and the build\'s errors'));
console.log(`Serving ${server.url} — watching for changes; Ctrl-C stops.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
