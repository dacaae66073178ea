/**
 * Decap's local proxy server (the npm package `decap-server`, its file-system mode) in a process of
 * its own, listening on a socket file rather than a port: `node scripts/cms-backend.mjs <root>
 * <socket>`. Its repository is <root>, the folder the editor owns (content/), so whatever it is
 * asked it cannot reach another file, and no web page can reach it at all: only `npm run cms`'s
 * server (scripts/cms-server.ts), which checks each request first, talks to it.
 *
 * Plain JavaScript, started by `node` itself: it only joins the package's own parts. It stops when
 * the process that started it does (the IPC channel closes).
 */
import { createRequire } from 'node:module';

const [root, socket] = process.argv.slice(2);
if (!root || !socket) {
  console.error('usage: node scripts/cms-backend.mjs <root> <socket>');
  process.exit(2);
}
// The package reads its repository from the environment when its routes are registered.
process.env.GIT_REPO_DIRECTORY = root;
const require = createRequire(createRequire(import.meta.url).resolve('decap-server'));
const express = require('express');
const { registerLocalFs } = require('./middlewares.js');

const app = express();
await registerLocalFs(app, { logLevel: 'warn' });
const server = app.listen(socket, () => process.send?.('ready'));
server.on('error', (error) => {
  console.error(`decap-server: ${error.message}`);
  process.exit(1);
});
process.on('disconnect', () => process.exit(0));
