/**
 * The content editor on this machine, with no account: the built site served as static files on
 * loopback, and Decap's own local proxy server (the npm package `decap-server`, in its `fs` mode)
 * writing the files of the editor's folder. The editor reaches the proxy through the site's origin
 * (LOCAL_BACKEND_PATH), so the page runs under the same Content-Security-Policy as on Netlify.
 *
 * What guards the work tree: every request passes dev/local-access.ts first (its Host, its Origin,
 * and for a write this server's own page and a JSON body); every path of a backend call must lie
 * inside the editor's folder, as written (cms-paths.ts) and on disk (no symbolic link out of it);
 * and the proxy server itself runs with that folder as its whole repository, on a socket file no
 * web page can reach (cms-backend.mjs). A path it is given leaves nothing else within its reach.
 *
 * No functions: the editor and the pages it previews are static files, so `netlify dev` (half a
 * minute to start) is not needed. `npm run cms` (scripts/cms.ts) and the tests use this.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_DIR, EDITOR_ROOT, LOCAL_BACKEND_PATH } from '../site/admin-config.ts';
import { hostName, refusal, refuse } from '../dev/local-access.ts';
import type { AccessRules } from '../dev/local-access.ts';
import { DEFAULT_HOST } from '../dev/options.ts';
import { contentTypeOf, headersForPath, locateStatic, readHeaderRules } from '../dev/static.ts';
import type { HeaderRule } from '../dev/static.ts';
import { fromBackend, toBackend } from './cms-paths.ts';

const BACKEND_SCRIPT = fileURLToPath(new URL('./cms-backend.mjs', import.meta.url));
/** The proxy server's own limit on a call (express.json's `limit`), applied before it is read. */
const BODY_LIMIT = 50 * 1024 * 1024;

export interface CmsServer {
  /** The site's origin, e.g. `http://127.0.0.1:8888`; the editor is at `${url}/admin/`. */
  url: string;
  close(): Promise<void>;
}

export interface CmsOptions {
  /** The built site. */
  distDir: string;
  /** The folder holding `content/`: the repository root, or a copy of it in the tests. */
  repoDir: string;
  /** 0 for any free port. */
  port?: number;
  /** A loopback address (scripts/cms-options.ts refuses any other). */
  host?: string;
  /** Host names it also answers for (`--allowed-host`). */
  allowedHosts?: readonly string[];
}

/** What the static side answers a request: as `npm run dev` does (dev/static.ts), the file Netlify's
 * pretty URLs find, with the headers the site's own `_headers` gives it (the editor's policy under
 * /admin/, the pages' elsewhere). The editor is a tool for one person on this machine: nothing is
 * kept by the browser (`no-cache`). */
export function staticAnswer(distDir: string, rules: readonly HeaderRule[], method: string, pathname: string): { status: number; headers: Record<string, string>; file?: string } {
  if (pathname === `/${ADMIN_DIR}`) return { status: 301, headers: { location: `/${ADMIN_DIR}/` } };
  const readable = method === 'GET' || method === 'HEAD';
  const file = readable ? locateStatic(distDir, pathname) : undefined;
  if (!file) return { status: readable ? 404 : 405, headers: { 'content-type': 'text/plain; charset=utf-8' } };
  return { status: 200, headers: { 'content-type': contentTypeOf(file), ...headersForPath(rules, pathname), 'cache-control': 'no-cache' }, file };
}

/** The path a request asks for (its Host has been checked before, and plays no part). */
const pathOf = (req: IncomingMessage): string => new URL(req.url ?? '/', 'http://cms.invalid').pathname;

function serveStatic(distDir: string, rules: readonly HeaderRule[], req: IncomingMessage, res: ServerResponse): void {
  const answer = staticAnswer(distDir, rules, req.method ?? 'GET', pathOf(req));
  res.writeHead(answer.status, answer.headers);
  if (!answer.file) res.end(answer.status === 301 ? '' : 'Not found\n');
  else if (req.method === 'HEAD') res.end();
  else createReadStream(answer.file).pipe(res);
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, JSON_HEADERS).end(JSON.stringify(body));
}

/** The request's body, or undefined once it passed the limit (the rest is not read). */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Why `path` (inside `root`, which is a real path) leads out of it on disk, through a symbolic
 * link of the part that exists; undefined when it stays inside. */
async function leavesOnDisk(root: string, path: string): Promise<string | undefined> {
  let existing = resolve(root, path);
  for (;;) {
    try {
      await lstat(existing);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      existing = dirname(existing);
    }
  }
  const real = await realpath(existing).catch(() => undefined);
  if (real === undefined) return `${EDITOR_ROOT}/${path}: a symbolic link to nothing`;
  if (real !== root && !real.startsWith(`${root}${sep}`)) return `${EDITOR_ROOT}/${path}: a symbolic link leads out of ${EDITOR_ROOT}/`;
  return undefined;
}

/**
 * An editor's backend call: read, checked path by path, moved under the editor's folder and passed
 * to the proxy server with the Origin this server checked (never one of its own), and its answer
 * named as the repository does again.
 */
async function backendCall(root: string, socket: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') return sendJson(res, 405, { error: `${req.method} ${LOCAL_BACKEND_PATH}: the editor's backend takes POST only` });
  const bytes = await readBody(req);
  if (!bytes) return sendJson(res, 413, { error: `a backend call is at most ${BODY_LIMIT} bytes` });
  let call: unknown;
  try {
    call = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    return sendJson(res, 400, { error: `the body is not JSON: ${(error as Error).message}` });
  }
  const checked = toBackend(call);
  if ('error' in checked) return sendJson(res, 403, { error: checked.error });
  for (const path of checked.paths) {
    const leaves = await leavesOnDisk(root, path);
    if (leaves) return sendJson(res, 403, { error: leaves });
  }
  const body = Buffer.from(JSON.stringify(checked.body));
  const answer = await new Promise<{ status: number; text: string }>((done, fail) => {
    const upstream = request({
      socketPath: socket,
      path: '/api/v1',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length, ...(req.headers.origin ? { origin: req.headers.origin } : {}) },
    }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('error', fail);
      reply.on('end', () => done({ status: reply.statusCode ?? 502, text: Buffer.concat(chunks).toString('utf8') }));
    });
    upstream.on('error', fail);
    upstream.end(body);
  }).catch((error: Error) => ({ status: 502, text: JSON.stringify({ error: `local proxy server: ${error.message}` }) }));
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    return sendJson(res, 502, { error: `local proxy server answered ${answer.status} with a body that is not JSON` });
  }
  sendJson(res, answer.status, answer.status === 200 ? fromBackend(checked.body.action as string, parsed) : parsed);
}

async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Starts the proxy server on a socket file and waits until it listens; it stops with the returned process. */
async function startProxy(root: string, socket: string): Promise<ChildProcess> {
  const child = fork(BACKEND_SCRIPT, [root, socket], { cwd: root, execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    await new Promise<void>((done, fail) => {
      child.once('message', (message) => (message === 'ready' ? done() : fail(new Error(`decap-server: unexpected message ${JSON.stringify(message)}`))));
      child.once('exit', (code) => fail(new Error(`decap-server stopped (exit ${code}) before it listened on ${socket}`)));
    });
  } catch (error) {
    child.kill();
    throw error;
  }
  return child;
}

export async function startCms({ distDir, repoDir, port = 0, host = DEFAULT_HOST, allowedHosts = [] }: CmsOptions): Promise<CmsServer> {
  if (!existsSync(join(distDir, ADMIN_DIR, 'index.html'))) throw new Error(`${distDir}: no ${ADMIN_DIR}/index.html; build the site first (npm run build)`);
  if (!existsSync(join(repoDir, EDITOR_ROOT))) throw new Error(`${repoDir}: no ${EDITOR_ROOT}/ folder for the editor to write`);
  const { rules, errors } = await readHeaderRules(distDir);
  if (errors.length > 0) throw new Error(`${distDir}/_headers: ${errors.join('; ')}`);
  const root = realpathSync(join(repoDir, EDITOR_ROOT));
  // A folder only this user can enter (mkdtemp's mode is 0700), removed on close.
  const socketDir = mkdtempSync(join(tmpdir(), 'cms-backend-'));
  const socket = join(socketDir, 'decap.sock');
  let proxy: ChildProcess;
  try {
    proxy = await startProxy(root, socket);
  } catch (error) {
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  let access: AccessRules | undefined;
  const server = createServer((req, res) => {
    const reason = access ? refusal(access, req.method ?? 'GET', req.headers) : 'not listening yet';
    if (reason) return refuse(res, reason);
    if (pathOf(req) !== LOCAL_BACKEND_PATH) return serveStatic(distDir, rules, req, res);
    backendCall(root, socket, req, res).catch((error: Error) => {
      if (!res.headersSent) sendJson(res, 500, { error: error.message });
      else res.destroy();
    });
  });
  let sitePort: number;
  try {
    sitePort = await listen(server, port, host);
  } catch (error) {
    proxy.kill();
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  access = { port: sitePort, host, allowedHosts, writes: true, command: 'cms' };
  return {
    url: `http://${hostName(host)}:${sitePort}`,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      if (proxy.exitCode === null && proxy.signalCode === null) {
        const gone = new Promise((done) => proxy.once('exit', done));
        proxy.kill();
        await gone;
      }
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
