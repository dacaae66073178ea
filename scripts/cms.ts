/**
 * `npm run cms [-- --port 8888]`: build the site, then serve it with the content editor at
 * /admin/ on the local proxy server, writing straight into this work tree's content/ (no account,
 * no commit: review with `git diff`, then commit and push as usual). Ctrl-C stops both servers.
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { build, PROJECT_ROOT } from '../build/index.ts';
import { ADMIN_DIR } from '../site/admin-config.ts';
import { startCms } from './cms-server.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8888' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port: expected a port number (0 to 65535), got ${JSON.stringify(values.port)}`);
  process.exit(2);
}

await build({ log: (line) => console.log(line) });
const server = await startCms({ distDir: join(PROJECT_ROOT, 'dist'), repoDir: PROJECT_ROOT, port });
console.log(`\nContent editor: ${server.url}/${ADMIN_DIR}/  (site: ${server.url}/)`);
console.log('Saved entries are written to content/; run `npm run build` to see them on the site. Ctrl-C stops.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.exit(0));
  });
}
