/** Starts the real local Netlify runtime on a free loopback port and stops it by its process group. */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_LIMIT_MS = 120_000;
const NETLIFY_CLI = fileURLToPath(new URL('../../node_modules/netlify-cli/bin/run.js', import.meta.url));
const LOOPBACK_ONLY = fileURLToPath(new URL('./loopback-only.cjs', import.meta.url));

export async function startNetlifyDev(env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const port = await freePort();
  const functionsPort = await freePort();
  const staticPort = await freePort();
  const child = spawn(
    process.execPath,
    [NETLIFY_CLI, 'dev', '--offline', '--no-open', '--internal-disable-edge-functions',
      '--port', String(port), '--functions-port', String(functionsPort), '--staticServerPort', String(staticPort)],
    {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NETLIFY_TELEMETRY_DISABLED: '1',
        BROWSER: 'none',
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${LOOPBACK_ONLY}`.trim(),
        ...env,
      },
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  // The whole process group goes: netlify dev starts helpers of its own that hold ports.
  const stop = async () => {
    if (child.pid === undefined) return;
    signalGroup('SIGTERM');
    const deadline = Date.now() + 5_000;
    while (groupAlive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (groupAlive()) signalGroup('SIGKILL');
  };
  // Never outlive the test run, even when it is interrupted.
  process.once('exit', () => signalGroup('SIGKILL'));

  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`netlify dev exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/version.json`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`netlify dev did not answer within ${STARTUP_LIMIT_MS / 1000} s:\n${output}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
