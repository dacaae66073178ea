/**
 * The rules dev/guard-preload.ts holds a process's servers to when this project did not write them
 * (`netlify dev` behind `npm start`, `npm run lighthouse`, `npm run api-examples` and the tests):
 * what its environment variable may say, where a server asked for a port without an address
 * listens, and which dev/local-access.ts rules a request is judged by. Pure.
 *
 * `netlify dev` is several servers in one process: its proxy, on the port the user chose, passes
 * requests on to its static and functions servers with the Host they came with. So a request may
 * name any port a server of the process listens on; a name that is neither loopback, the address
 * given with `--host`, nor allowed is refused by every one of them. Pages of other sites may read,
 * as they may read production's API (CORS, DESIGN.md); nothing served there writes a file.
 */
import { allowedHostError, parseHost } from './local-access.ts';
import type { AccessRules } from './local-access.ts';
import { DEFAULT_HOST } from './options.ts';

/** Where the preload finds its options: inherited by every process `netlify dev` starts. */
export const GUARD_ENV = 'SKILL_SHELF_LOCAL_ACCESS';

export interface GuardConfig {
  /** The address the server on `port` listens on (`--host`); every other one listens on loopback. */
  host: string;
  /** The port the user chose, if any. */
  port?: number;
  /** Host names every server answers for (`--allowed-host`), on any port. */
  allowedHosts: string[];
  /** The npm script that takes `--allowed-host`, for the refusal's advice. */
  command: string;
}

export const DEFAULT_GUARD: GuardConfig = { host: DEFAULT_HOST, allowedHosts: [], command: 'start' };

/** The preload's options from its environment variable (unset: the defaults); an error naming the variable when they are not valid. */
export function readGuardConfig(value: string | undefined): GuardConfig {
  if (value === undefined || value === '') return DEFAULT_GUARD;
  const fail = (what: string): never => {
    throw new Error(`${GUARD_ENV}: ${what}, in ${JSON.stringify(value.slice(0, 200))}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    return fail(`not JSON (${(error as Error).message})`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return fail('expected an object');
  const { host = DEFAULT_GUARD.host, port, allowedHosts = [], command = DEFAULT_GUARD.command, ...rest } = parsed as Record<string, unknown>;
  if (Object.keys(rest).length > 0) fail(`unknown field ${Object.keys(rest).join(', ')}`);
  if (typeof host !== 'string' || host.trim() === '') fail('host: expected an address such as 127.0.0.1');
  if (port !== undefined && !(Number.isInteger(port) && (port as number) > 0 && (port as number) <= 65535)) fail('port: expected a port number from 1 to 65535');
  if (!Array.isArray(allowedHosts) || !allowedHosts.every((name) => typeof name === 'string')) fail('allowedHosts: expected a list of host names');
  for (const name of allowedHosts as string[]) {
    const error = allowedHostError(name);
    if (error) fail(error);
  }
  if (typeof command !== 'string' || !/^[a-z][a-z0-9:-]*$/.test(command)) fail('command: expected the name of an npm script');
  return { host: host as string, ...(port === undefined ? {} : { port: port as number }), allowedHosts: allowedHosts as string[], command: command as string };
}

/** The environment variable's value for these options (what `readGuardConfig` reads back). */
export const guardEnvValue = (config: GuardConfig): string => JSON.stringify(config);

const isPort = (value: unknown): boolean => typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value));

/**
 * `server.listen`'s arguments with an address added where they ask for a port (or any port) and
 * none: Node would listen on every interface. The user's port gets `--host`, any other loopback.
 * A path, a file descriptor or a handle is left as it is.
 */
export function listenArgs(args: readonly unknown[], config: GuardConfig): unknown[] {
  const hostFor = (port: unknown) => (config.port !== undefined && Number(port) === config.port ? config.host : DEFAULT_HOST);
  const [first, ...rest] = args;
  if (first !== null && typeof first === 'object') {
    const options = first as Record<string, unknown>;
    const bound = ['host', 'path', 'fd', 'handle'].some((key) => options[key] !== undefined) || '_handle' in options;
    return bound ? [...args] : [{ ...options, host: hostFor(options.port) }, ...rest];
  }
  if (first === undefined || typeof first === 'function') return [0, DEFAULT_HOST, ...(first === undefined ? rest : args)];
  if (isPort(first) && typeof rest[0] !== 'string') return [first, hostFor(first), ...rest];
  return [...args];
}

/**
 * The rules a request that reached `localPort` is judged by: that port's, or, when its Host names
 * another port a server of this process listens on (a request the proxy passed on), that one's.
 */
export function accessRules(config: GuardConfig, localPort: number, ports: readonly number[], hostHeader: string | undefined): AccessRules {
  const named = parseHost(hostHeader ?? '')?.port;
  const port = named !== undefined && ports.includes(named) ? named : localPort;
  return { port, host: config.host, allowedHosts: config.allowedHosts, writes: false, otherSitesRead: true, command: config.command };
}
