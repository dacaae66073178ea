/**
 * `npm run cms [-- --port 8888] [--allowed-host NAME]`: build the site, then serve it with the
 * content editor at /admin/ on the local proxy server, writing straight into this work tree's
 * content/ (no account, no commit: review with `git diff`, then commit and push as usual). It
 * listens on loopback only (scripts/cms-options.ts says why). Ctrl-C stops both servers.
 */
import { join } from 'node:path';
import { build, PROJECT_ROOT } from '../build/index.ts';
import { ADMIN_DIR, EDITOR_ROOT } from '../site/admin-config.ts';
import { parseCmsArgs } from './cms-options.ts';
import { startCms } from './cms-server.ts';

const parsed = parseCmsArgs(process.argv.slice(2));
if ('error' in parsed) {
  console.error(parsed.error);
  process.exit(2);
}
const { args } = parsed;

await build({ log: (line) => console.log(line) });
const server = await startCms({ distDir: join(PROJECT_ROOT, 'dist'), repoDir: PROJECT_ROOT, port: args.port, host: args.host, allowedHosts: args.allowedHosts });
console.log(`\nContent editor: ${server.url}/${ADMIN_DIR}/  (site: ${server.url}/)`);
console.log(`Saved entries are written to ${EDITOR_ROOT}/; run \`npm run build\` to see them on the site. Ctrl-C stops.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.exit(0));
  });
}
