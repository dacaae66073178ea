/**
 * Starts the real local Netlify runtime on a free loopback port, as `npm start` runs it
 * (dev/netlify-dev.ts: loopback only, foreign hosts refused), and stops it by its process group.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_GUARD } from '../../dev/host-guard.ts';
import { freePort, netlifyDevCommand } from '../../dev/netlify-dev.ts';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_LIMIT_MS = 120_000;

export async function startNetlifyDev(): Promise<RunningServer> {
  const port = await freePort();
  const functionsPort = await freePort();
  const staticPort = await freePort();
  const command = netlifyDevCommand({ ...DEFAULT_GUARD, port, functionsPort, staticPort });
  const child = spawn(process.execPath, command.args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: command.env });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = groupStopper(child);

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

/**
 * Stops a child spawned `detached` with its whole process group (netlify dev starts helpers of
 * its own that hold ports): SIGTERM, then SIGKILL after 5 s. Never outlives the test run, even
 * when it is interrupted.
 */
export function groupStopper(child: ChildProcess): () => Promise<void> {
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
  process.once('exit', () => signalGroup('SIGKILL'));
  return async () => {
    if (child.pid === undefined) return;
    signalGroup('SIGTERM');
    const deadline = Date.now() + 5_000;
    while (groupAlive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (groupAlive()) signalGroup('SIGKILL');
  };
}
