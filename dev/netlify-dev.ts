/**
 * `netlify dev` as this project runs it (`npm start`, `npm run lighthouse`, `npm run api-examples`,
 * the tests): offline, Edge Functions off (they need Deno from the network), every server of it
 * held to dev/local-access.ts by dev/guard-preload.ts, on loopback unless `host` says otherwise.
 */
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { GUARD_ENV, guardEnvValue } from './host-guard.ts';
import type { GuardConfig } from './host-guard.ts';

const NETLIFY_CLI = fileURLToPath(new URL('../node_modules/netlify-cli/bin/run.js', import.meta.url));
const PRELOAD = new URL('./guard-preload.ts', import.meta.url);

export interface NetlifyDevOptions extends GuardConfig {
  port: number;
  /** Its functions' and static files' servers, when they must not be left to chance. */
  functionsPort?: number;
  staticPort?: number;
}

/** The arguments (after `node`) and the environment that start it. */
export function netlifyDevCommand(options: NetlifyDevOptions, env: NodeJS.ProcessEnv = process.env): { args: string[]; env: NodeJS.ProcessEnv } {
  const { functionsPort, staticPort, ...guard } = options;
  return {
    args: [NETLIFY_CLI, 'dev', '--offline', '--no-open', '--internal-disable-edge-functions', '--port', String(options.port),
      ...(functionsPort === undefined ? [] : ['--functions-port', String(functionsPort)]),
      ...(staticPort === undefined ? [] : ['--staticServerPort', String(staticPort)])],
    env: {
      ...env,
      NETLIFY_TELEMETRY_DISABLED: '1',
      BROWSER: 'none',
      // A file URL: NODE_OPTIONS splits on spaces, a path may have some.
      NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import=${PRELOAD.href}`.trim(),
      [GUARD_ENV]: guardEnvValue(guard),
    },
  };
}

/** A port free on `host` now (`netlify dev` takes no port 0). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
