/**
 * The content editor on this machine, with no account: the built site served as static files on
 * 127.0.0.1, and Decap's own local proxy server (the npm package `decap-server`, in its `fs` mode)
 * writing the files of a content folder. The editor reaches the proxy through the site's origin
 * (LOCAL_BACKEND_PATH), so the page runs under the same Content-Security-Policy as on Netlify.
 *
 * No functions: the editor and the pages it previews are static files, so `netlify dev` (half a
 * minute to start) is not needed. `npm run cms` (scripts/cms.ts) and the browser test use this.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { ADMIN_DIR, LOCAL_BACKEND_PATH } from '../site/admin-config.ts';
import { contentTypeOf, headersForPath, locateStatic, readHeaderRules } from '../dev/static.ts';
import type { HeaderRule } from '../dev/static.ts';

const HOST = '127.0.0.1';

export interface CmsServer {
  /** The site's origin, e.g. `http://127.0.0.1:8888`; the editor is at `${url}/admin/`. */
  url: string;
  /** Where the proxy server listens (on 127.0.0.1 only). */
  proxyUrl: string;
  close(): Promise<void>;
}

export interface CmsOptions {
  /** The built site. */
  distDir: string;
  /** The folder holding `content/`: the repository root, or a copy of it in the tests. */
  repoDir: string;
  /** 0 for any free port. */
  port?: number;
  proxyPort?: number;
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

function serveStatic(distDir: string, rules: readonly HeaderRule[], req: IncomingMessage, res: ServerResponse): void {
  const { pathname } = new URL(req.url ?? '/', `http://${HOST}`);
  const answer = staticAnswer(distDir, rules, req.method ?? 'GET', pathname);
  res.writeHead(answer.status, answer.headers);
  if (!answer.file) res.end(answer.status === 301 ? '' : 'Not found\n');
  else if (req.method === 'HEAD') res.end();
  else createReadStream(answer.file).pipe(res);
}

/** Passes the editor's backend calls on to the proxy server, whose only route is `/api/v1`. */
function forward(proxyPort: number, req: IncomingMessage, res: ServerResponse): void {
  const upstream = request({
    host: HOST,
    port: proxyPort,
    path: '/api/v1',
    method: req.method,
    // The proxy allows requests from local origins only; this one is local.
    headers: { 'content-type': req.headers['content-type'] ?? 'application/json', origin: `http://${HOST}` },
  }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
    answer.pipe(res);
  });
  upstream.on('error', (error) => res.writeHead(502, { 'content-type': 'text/plain' }).end(`local proxy server: ${error.message}\n`));
  req.pipe(upstream);
}

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, HOST, () => done());
  });
  return (server.address() as AddressInfo).port;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe, 0);
  await new Promise((done) => probe.close(done));
  return port;
}

/** Starts `decap-server` and waits until it answers; it stops with the returned process. */
async function startProxy(repoDir: string, port: number): Promise<ChildProcess> {
  const entry = createRequire(import.meta.url).resolve('decap-server');
  const child = spawn(process.execPath, [entry], {
    // It reads a .env from its working folder; the content copy has none.
    cwd: repoDir,
    env: { ...process.env, PORT: String(port), BIND_HOST: HOST, MODE: 'fs', GIT_REPO_DIRECTORY: repoDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<never>((_, fail) => child.once('exit', (code) => fail(new Error(`decap-server stopped (exit ${code}) before it answered on ${HOST}:${port}`))));
  const ready = (async () => {
    for (;;) {
      try {
        const answer = await fetch(`http://${HOST}:${port}/api/v1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"info"}' });
        if (answer.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((done) => setTimeout(done, 100));
    }
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    child.kill();
    throw error;
  }
  return child;
}

export async function startCms({ distDir, repoDir, port = 0, proxyPort }: CmsOptions): Promise<CmsServer> {
  if (!existsSync(join(distDir, ADMIN_DIR, 'index.html'))) throw new Error(`${distDir}: no ${ADMIN_DIR}/index.html; build the site first (npm run build)`);
  if (!existsSync(join(repoDir, 'content'))) throw new Error(`${repoDir}: no content/ folder for the editor to write`);
  const { rules, errors } = await readHeaderRules(distDir);
  if (errors.length > 0) throw new Error(`${distDir}/_headers: ${errors.join('; ')}`);
  const backendPort = proxyPort ?? (await freePort());
  const proxy = await startProxy(resolve(repoDir), backendPort);
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', `http://${HOST}`);
    if (pathname === LOCAL_BACKEND_PATH) forward(backendPort, req, res);
    else serveStatic(distDir, rules, req, res);
  });
  let sitePort: number;
  try {
    sitePort = await listen(server, port);
  } catch (error) {
    proxy.kill();
    throw error;
  }
  return {
    url: `http://${HOST}:${sitePort}`,
    proxyUrl: `http://${HOST}:${backendPort}/api/v1`,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      if (proxy.exitCode === null) {
        const gone = new Promise((done) => proxy.once('exit', done));
        proxy.kill();
        await gone;
      }
    },
  };
}
