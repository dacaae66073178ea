/**
 * `npm start [-- --port 8888] [--host ADDRESS] [--allowed-host NAME]...`: builds dist/ (`npm run
 * build`), then serves it with `netlify dev --offline`, the local Netlify runtime (functions,
 * redirects and headers as a deploy has them), on http://127.0.0.1:8888. Like `npm run dev`, it
 * listens on loopback unless `--host` says otherwise and answers only for its own address and
 * port and the hosts `--allowed-host` names (dev/netlify-dev.ts). `--port 0` takes a free port.
 * Ctrl-C stops it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { hostName, isLoopback, networkWarning } from '../dev/local-access.ts';
import { freePort, netlifyDevCommand } from '../dev/netlify-dev.ts';
import { parseStartArgs } from '../dev/options.ts';

const parsed = parseStartArgs(process.argv.slice(2));
if ('error' in parsed) {
  console.error(parsed.error);
  process.exit(2);
}
const { args } = parsed;

const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const port = args.port === 0 ? await freePort(args.host) : args.port;
const url = `http://${hostName(args.host)}:${port}`;
if (!isLoopback(args.host)) console.log(networkWarning(url, 'read the site and call its functions'));
console.log(`Serving ${url} with netlify dev; Ctrl-C stops.`);

const command = netlifyDevCommand({ port, host: args.host, allowedHosts: args.allowedHosts, command: 'start' });
const child = spawn(process.execPath, command.args, { stdio: 'inherit', env: command.env });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
