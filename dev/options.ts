/** `npm run dev`'s and `npm start`'s command lines, read without side effects: options, or what is wrong with them. */
import { parseArgs } from 'node:util';
import type { ParseArgsOptionsConfig } from 'node:util';
import { allowedHostError } from './local-access.ts';

/** `npm start`'s port, so bookmarks and the documentation's examples work with either. */
export const DEFAULT_PORT = 8888;
/** Loopback only: a preview of unpublished content is nobody else's business. `--host 0.0.0.0` shares it. */
export const DEFAULT_HOST = '127.0.0.1';

export interface DevArgs extends ServerArgs {
  content?: string;
  out?: string;
  /** Undefined: the build's default cache; null: no cache. */
  cache?: string | null;
  threads?: number;
}

export const DEV_USAGE = `npm run dev [-- --port N] [--host ADDRESS] [--allowed-host NAME]... [--content DIR] [--out DIR] [--cache DIR | --no-cache] [--threads N]`;

/** The options every local server takes: where it listens, and which other host names it answers for. */
export const SERVER_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
} as const;

export interface ServerArgs {
  port: number;
  host: string;
  /** Host names the server also answers for (dev/local-access.ts). */
  allowedHosts: string[];
}

/** `--port` (0 asks the system for a free port, what the tests do), `--host` and `--allowed-host`, or what is wrong with them. */
export function serverArgs(values: { port?: string; host?: string; 'allowed-host'?: string[] }): ServerArgs | { error: string } {
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || !/^\d+$/.test(values.port ?? '0')) {
    return { error: `--port: expected a port number from 0 to 65535, got "${values.port}"` };
  }
  const allowedHosts = values['allowed-host'] ?? [];
  for (const name of allowedHosts) {
    const error = allowedHostError(name);
    if (error) return { error };
  }
  if (values.host !== undefined && values.host.trim() === '') return { error: '--host: expected an address such as 127.0.0.1 or 0.0.0.0, got nothing' };
  return { port, host: values.host ?? DEFAULT_HOST, allowedHosts };
}

/** `npm run dev`'s: the server's, and the build's. */
export const DEV_OPTIONS = {
  ...SERVER_OPTIONS,
  content: { type: 'string' },
  out: { type: 'string' },
  cache: { type: 'string' },
  'no-cache': { type: 'boolean', default: false },
  threads: { type: 'string' },
} as const;

/** `npm start`'s: the server's alone (scripts/start.ts hands them to netlify dev). */
export const START_OPTIONS = SERVER_OPTIONS;

export const START_USAGE = 'npm start [-- --port N] [--host ADDRESS] [--allowed-host NAME]...';

/** A command line read with an option table, or what is wrong with it and the usage line. */
function readOptions<T extends ParseArgsOptionsConfig>(argv: readonly string[], options: T, usage: string) {
  try {
    return { values: parseArgs({ args: [...argv], options, strict: true }).values };
  } catch (error) {
    return { error: `${(error as Error).message}\nusage: ${usage}` };
  }
}

/** A command line of the server options alone (`npm start`'s, `npm run cms`'s), `usage` shown when it has others. */
export function parseServerArgs(argv: readonly string[], usage: string): { args: ServerArgs } | { error: string } {
  const read = readOptions(argv, SERVER_OPTIONS, usage);
  if (read.error !== undefined) return { error: read.error };
  const server = serverArgs(read.values);
  return 'error' in server ? server : { args: server };
}

/** `npm start`: where `netlify dev` listens, and which other host names it answers for. */
export const parseStartArgs = (argv: readonly string[]) => parseServerArgs(argv, START_USAGE);

export function parseDevArgs(argv: readonly string[]): { args: DevArgs } | { error: string } {
  const read = readOptions(argv, DEV_OPTIONS, DEV_USAGE);
  if (read.error !== undefined) return { error: read.error };
  const { values } = read;
  const server = serverArgs(values);
  if ('error' in server) return server;
  const threads = values.threads === undefined ? undefined : Number(values.threads);
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) return { error: `--threads: expected a whole number, 1 or more, got "${values.threads}"` };
  if (values['no-cache'] && values.cache !== undefined) return { error: '--cache and --no-cache: give one of them' };
  return {
    args: {
      port: server.port,
      host: server.host,
      content: values.content,
      out: values.out,
      cache: values['no-cache'] ? null : values.cache,
      threads,
      allowedHosts: server.allowedHosts,
    },
  };
}
