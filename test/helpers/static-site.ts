/**
 * The built dist/ served on loopback as the CDN serves it (dev/static.ts: the file at the path, its
 * type and its `_headers`), for a function that asks the site for a file (the MCP function's twins,
 * runtime/twin-source.ts). Records the paths asked; stopped by `close`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentTypeOf, headersForPath, locateStatic, readHeaderRules } from '../../dev/static.ts';
import { DIST } from './dist.ts';

export interface StaticSite {
  origin: string;
  /** Every path asked, in order. */
  asked: string[];
  close: () => Promise<void>;
}

export async function serveDist(dir = DIST): Promise<StaticSite> {
  const { rules } = await readHeaderRules(dir);
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    asked.push(path);
    const file = locateStatic(dir, path);
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': contentTypeOf(file), ...headersForPath(rules, path) }).end(request.method === 'HEAD' ? undefined : readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}
