/**
 * Stoplight Prism as a client's validating gateway: `prism proxy openapi.json <upstream> --errors`,
 * started from the pinned package with the pinned Node, on a free loopback port, offline (it reads
 * the document from dist/ and forwards only to the test server), stopped by its process group.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from '../../dev/netlify-dev.ts';

export interface RunningProxy {
  url: string;
  /** Everything Prism printed, for a failure message. */
  output(): string;
  stop(): Promise<void>;
}

const STARTUP_LIMIT_MS = 60_000;
const STOP_LIMIT_MS = 5_000;

/** The CLI's JS entry, from the package's own `bin`, run with this process's (pinned) Node. */
function prismEntry(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@stoplight/prism-cli/package.json');
  const { bin } = require(manifest) as { bin: { prism: string } };
  return join(dirname(manifest), bin.prism);
}

export async function startPrismProxy(document: string, upstream: string): Promise<RunningProxy> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    // --no-cors: Prism would answer preflights itself; they must reach the service and be validated.
    [prismEntry(), 'proxy', document, upstream, '--errors', '--no-cors', '--host', '127.0.0.1', '--port', String(port), '--verboseLevel', 'warn'],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'test' } },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
      return true;
    } catch {
      return false;
    }
  };
  const stop = async () => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    signalGroup('SIGTERM');
    const timer = new Promise((resolve) => setTimeout(resolve, STOP_LIMIT_MS).unref());
    if ((await Promise.race([exited.then(() => 'exited'), timer])) !== 'exited') signalGroup('SIGKILL');
  };
  process.once('exit', () => signalGroup('SIGKILL'));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism proxy exited with ${child.exitCode}:\n${output}`);
    try {
      // Any answer means it listens: a path outside the document is Prism's own 404.
      const response = await fetch(`${url}/__prism-ready`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      return { url, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`prism proxy did not listen within ${STARTUP_LIMIT_MS / 1000} s:\n${output}`);
}
