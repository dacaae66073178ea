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
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { ADMIN_DIR, LOCAL_BACKEND_PATH } from '../build/emit/admin-config.ts';
import { adminHeaders, securityHeaders } from '../core/page-headers.ts';

const HOST = '127.0.0.1';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

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

/** The file a request path names in the built site, as Netlify's pretty URLs find it, or undefined. */
export function fileFor(distDir: string, pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const root = resolve(distDir);
  const target = resolve(root, `.${path}`);
  if (target !== root && !target.startsWith(root + sep)) return undefined;
  const candidates = path.endsWith('/') ? [join(target, 'index.html')] : [target, `${target}.html`, join(target, 'index.html')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** The headers a static file gets: the editor's under /admin/, the pages' security set elsewhere. */
export function headersFor(pathname: string, file: string): Record<string, string> {
  const admin = pathname === `/${ADMIN_DIR}` || pathname.startsWith(`/${ADMIN_DIR}/`);
  return {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
    ...securityHeaders(),
    ...(admin ? adminHeaders() : {}),
  };
}

function serveStatic(distDir: string, req: IncomingMessage, res: ServerResponse): void {
  const { pathname } = new URL(req.url ?? '/', `http://${HOST}`);
  if (pathname === `/${ADMIN_DIR}`) {
    res.writeHead(301, { location: `/${ADMIN_DIR}/` }).end();
    return;
  }
  const file = req.method === 'GET' || req.method === 'HEAD' ? fileFor(distDir, pathname) : undefined;
  if (!file) {
    res.writeHead(req.method === 'GET' || req.method === 'HEAD' ? 404 : 405, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    return;
  }
  res.writeHead(200, headersFor(pathname, file));
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
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
  const backendPort = proxyPort ?? (await freePort());
  const proxy = await startProxy(resolve(repoDir), backendPort);
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', `http://${HOST}`);
    if (pathname === LOCAL_BACKEND_PATH) forward(backendPort, req, res);
    else serveStatic(distDir, req, res);
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
