/**
 * `npm run dev`: build, serve, watch, rebuild what changed, reload the page.
 *
 * Our own small HTTP server rather than `netlify dev`: netlify-cli watches every function's
 * `included_files` (src/lib/functions/registry.ts, `buildFunctionAndWatchFiles` watches
 * `[...srcFiles, ...includedFiles]`, here dist/catalog.json, dist/404.html, the search index and the
 * twins) and rebuilds each function into `.netlify/functions-serve/<name>` on every change, and it
 * serves `publish` from the folder it was given. A build swaps dist/ for a new folder (build/swap.ts),
 * so each rebuild fires those watchers for every function at once, while the files they copy are
 * being renamed away: the function builds race in `.netlify/functions-serve` and the server dies
 * (ENOENT). Here no watcher looks at the output, the build stays loaded between saves, and the
 * functions run in-process over the new files after each build.
 *
 * What is served is what Netlify serves (dev/static.ts, dev/netlify-routing.ts), with three dev
 * differences: every answer is `cache-control: no-store` (so a reload shows the new build, where the
 * CDN's one-hour lifetime would keep the old page in the browser); HTML pages carry the live-reload
 * script; and while the last build failed, every HTML page is the error page. Everything else keeps
 * coming from the last good build, which stays on disk untouched.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { CACHE_NO_STORE } from '../core/headers.ts';
import { constantsFileFor } from '../build/function-constants.ts';
import { Builder } from './builder.ts';
import type { BuildFailure, BuildOutcome, WorkerBuildOptions } from './builder.ts';
import { FunctionsHost } from './functions-host.ts';
import { hostName, refusal, refuse } from './local-access.ts';
import type { AccessRules } from './local-access.ts';
import { DEV_PAGE_HEADERS, DEV_PATHS, DEV_PREFIX, errorPage, LIVE_RELOAD_SCRIPT, LiveReload, withLiveReload } from './live-reload.ts';
import { deployedFunctions, netlifyRewrites, resolve as route } from './netlify-routing.ts';
import type { DeployedFunction, Rewrite } from './netlify-routing.ts';
import { RebuildQueue } from './rebuild-queue.ts';
import type { ChangeKind } from './rebuild-queue.ts';
import { contentTypeOf, headersForPath, locateStatic, readHeaderRules } from './static.ts';
import type { HeaderRule } from './static.ts';
import { describeChanges, watchSources } from './watch.ts';

export interface DevServerOptions {
  projectRoot: string;
  contentDir: string;
  outDir: string;
  headersFile: string;
  cacheDir: string | null;
  host: string;
  port: number;
  /** Host names it also answers for (`--allowed-host`); see dev/local-access.ts. */
  allowedHosts?: readonly string[];
  threads?: number;
  /** The terminal: build phases, each rebuild, each failure. */
  log: (line: string) => void;
}

export interface DevServer {
  url: string;
  /** Resolves once no build runs and none is queued. */
  idle: () => Promise<void>;
  close: () => Promise<void>;
}

/** What the last build left: the state every answer is made from. */
interface BuildState {
  /** Builds finished, failed or not (one that only found a file changed under it does not count). */
  build: number;
  /** Builds started: what a program watches to know that a change started one, or did not. */
  started: number;
  /** Whether a build is running now. */
  building: boolean;
  failure?: BuildFailure;
  /** The last good build's header rules, or none before the first one. */
  rules?: HeaderRule[];
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { projectRoot, outDir, log } = options;
  const constantsFile = constantsFileFor(projectRoot, outDir);
  const buildOptions: WorkerBuildOptions = {
    contentDir: options.contentDir,
    outDir,
    headersFile: options.headersFile,
    cacheDir: options.cacheDir,
    threads: options.threads,
  };
  let routing = await readRouting();
  const state: BuildState = { build: 0, started: 0, building: false };
  const live = new LiveReload();
  let quietPhases = false;
  let firstSettled = () => {};
  const first = new Promise<void>((resolve) => (firstSettled = resolve));
  const builder = new Builder(buildOptions, { phase: (line) => quietPhases || log(line), notice: log });
  const functions = new FunctionsHost(
    () => ({ projectRoot, functions: routing.functions.map(({ name, mainFile }) => ({ name, mainFile })), constantsFile }),
    { CATALOG_DATA_PATH: join(outDir, 'catalog.json'), SEARCH_DATA_DIR: outDir },
    log,
  );

  /** `changes`: what the build is for (the files, or `start`), named in its line in the terminal. */
  const rebuild = async (codeChanged: boolean, changes: string[]): Promise<void> => {
    if (codeChanged) routing = await readRouting().catch((error: Error) => (log(`functions: ${error.message}`), routing));
    state.started += 1;
    state.building = true;
    live.send({ event: 'building', data: { started: state.started } });
    try {
      await settle(await builder.build(codeChanged), changes);
    } finally {
      state.building = false;
    }
    if (state.build > 0) firstSettled();
  };
  const settle = async (outcome: BuildOutcome, changes: string[]): Promise<void> => {
    const why = describeChanges(changes);
    if (outcome.type === 'failed' && outcome.failure.kind === 'changed') {
      // Not a problem to show: built again once saves pause, with the save that caused it. When
      // that save's own event has queued the next build already, that build is the one.
      log(`${why}: a file changed while it was being built; building again`);
      if (!queue.pending) watcher.again('content', changes);
      return;
    }
    state.build += 1;
    if (outcome.type === 'failed') {
      state.failure = outcome.failure;
      // A first build that fails still serves the output an earlier run left, if there is one.
      if (!state.rules && existsSync(join(outDir, '_headers'))) state.rules = (await readHeaderRules(outDir)).rules;
      log(`${why}: build failed in ${outcome.ms.toFixed(0)} ms; still serving the last good build\n${outcome.failure.message}`);
      live.send({ event: 'failed', data: { build: state.build, failure: outcome.failure } });
      return;
    }
    const headers = await readHeaderRules(outDir);
    for (const error of headers.errors) log(`${join(outDir, '_headers')}: ${error}`);
    state.rules = headers.rules;
    state.failure = undefined;
    functions.reload();
    log(`${why}: built in ${outcome.ms.toFixed(0)} ms (${outcome.files} files, ${outcome.rendered} page${outcome.rendered === 1 ? '' : 's'} rendered)`);
    live.send({ event: 'reload', data: { build: state.build, ms: outcome.ms } });
  };

  let pendingWhy = new Set<string>();
  const queue = new RebuildQueue(async (codeChanged) => {
    const changes = [...pendingWhy];
    pendingWhy = new Set();
    await rebuild(codeChanged, changes);
  });

  // Watching from before the first build, so a save during it is built next.
  const watcher = await watchSources(
    { projectRoot, contentDir: options.contentDir, headersFile: options.headersFile },
    (kind: ChangeKind, paths) => {
      for (const path of paths) pendingWhy.add(path);
      queue.request(kind);
    },
    (error) => log(`watch: ${error.message}`),
  );

  // The first build shows its phases, as `npm run build` does; later ones a line each. It is the
  // first that ends built or failed: one that found a file changed under it is built again.
  pendingWhy.add('start');
  queue.request('content');
  await first;
  quietPhases = true;

  // Set once the server listens, before any request can arrive. Nothing served here changes a
  // file: the functions are the site's read-only API (POST /mcp reads), so a program with no
  // Origin, an MCP client, may call them; a page of another site may not (local-access.ts).
  let access: AccessRules | undefined;
  const server = createServer((request, response) => {
    const reason = access ? refusal(access, request.method ?? 'GET', request.headers) : 'not listening yet';
    if (reason) return refuse(response, reason);
    answer(request, response).catch((error: Error) => {
      log(`${request.method} ${request.url}: ${error.stack ?? error.message}`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE_NO_STORE });
      response.end(`dev server error: ${error.message}\n`);
    });
  });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const method = request.method ?? 'GET';
    if (url.pathname.startsWith(DEV_PREFIX)) return devEndpoint(url.pathname, response);

    const { owner } = route(routing.functions, routing.rewrites, url.pathname, method, (path) => locateStatic(outDir, path) !== undefined);
    if (owner.kind === 'function') {
      const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(request);
      const headers = Object.entries(request.headers).flatMap(([name, value]): [string, string][] =>
        value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((one): [string, string] => [name, one]));
      const reply = await functions.call({ name: owner.name, method, url: url.href, headers, body });
      if ('error' in reply) throw new Error(`function ${owner.name}: ${reply.error}`);
      return send(response, method, reply.status, Object.fromEntries(reply.headers), Buffer.from(reply.body));
    }
    if (owner.kind === 'file' && state.rules) {
      const file = locateStatic(outDir, owner.path)!;
      const headers = { 'content-type': contentTypeOf(file), ...headersForPath(state.rules, url.pathname) };
      return send(response, method, 200, headers, await readFile(file));
    }
    // Nothing built yet (the first build failed): an HTML answer, so that send() shows the error page.
    if (!state.rules) return send(response, method, 503, { 'content-type': 'text/html; charset=utf-8' }, Buffer.from('<!doctype html><title>Not built</title><p>Nothing is built yet.</p>'));
    // A method no function takes, on a static file: what Netlify answers.
    return send(response, method, 405, { 'content-type': 'text/plain; charset=utf-8' }, Buffer.from('Method Not Allowed\n'));
  }

  function send(response: ServerResponse, method: string, status: number, headers: Record<string, string>, body: Buffer): void {
    const html = /^text\/html\b/i.test(headers['content-type'] ?? '');
    if (html && state.failure) {
      const page = Buffer.from(errorPage(state.failure));
      response.writeHead(500, { ...DEV_PAGE_HEADERS, 'content-length': page.length });
      response.end(method === 'HEAD' ? undefined : page);
      return;
    }
    const bytes = html ? Buffer.from(withLiveReload(body.toString('utf8'))) : body;
    const out: Record<string, string | number> = { ...headers, 'cache-control': CACHE_NO_STORE };
    // The page grew by the script, and an encoding of the original no longer applies.
    if (html) delete out['content-encoding'];
    if (status !== 204 && status !== 304) out['content-length'] = bytes.length;
    response.writeHead(status, out);
    response.end(method === 'HEAD' || status === 204 || status === 304 ? undefined : bytes);
  }

  function devEndpoint(pathname: string, response: ServerResponse): void {
    if (pathname === DEV_PATHS.events) return live.connect(response);
    if (pathname === DEV_PATHS.script) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': CACHE_NO_STORE });
      response.end(LIVE_RELOAD_SCRIPT);
      return;
    }
    if (pathname === DEV_PATHS.status) {
      const body = JSON.stringify({ build: state.build, started: state.started, building: state.building, ok: !state.failure, failure: state.failure ?? null });
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': CACHE_NO_STORE });
      response.end(body);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(`No dev endpoint at ${pathname}\n`);
  }

  await listen(server, options.port, options.host);
  const { port } = server.address() as AddressInfo;
  access = { port, host: options.host, allowedHosts: options.allowedHosts ?? [], writes: false, command: 'dev' };
  const shownHost = hostName(options.host);

  return {
    url: `http://${shownHost}:${port}`,
    idle: () => queue.idle(),
    close: async () => {
      await watcher.close();
      live.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await Promise.all([builder.close(), functions.close()]);
    },
  };

  async function readRouting(): Promise<{ functions: DeployedFunction[]; rewrites: Rewrite[] }> {
    return { functions: await deployedFunctions(), rewrites: netlifyRewrites() };
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
}

async function readBody(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
