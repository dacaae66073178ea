/**
 * The HTTP client of `npm run verify`: node:http(s) rather than fetch, because fetch would add its own
 * `accept-encoding`, decode bodies out of sight and refuse an `Origin` header, and the checks need
 * to say exactly what was sent. Every request carries the tool's User-Agent and ends after the
 * timeout, whatever the server does; identical GETs are asked once.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from 'node:zlib';

/** What a browser asks a page for: HTML first, anything else after. */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

export interface Reply {
  method: string;
  /** The absolute URL asked for. */
  url: string;
  /** Request headers as sent (lower-case names). */
  sent: Readonly<Record<string, string>>;
  status: number;
  /** Lower-case names; a repeated header joined with ", ". */
  headers: Readonly<Record<string, string>>;
  /** The body as the server meant it: decoded from its content-encoding. */
  body: Buffer;
  /** Bytes on the wire, before decoding. */
  wireLength: number;
  text: string;
}

/** What went wrong when there is no reply to judge: refused, reset, timed out, undecodable. */
export class NoAnswer extends Error {
  constructor(readonly method: string, readonly url: string, readonly reason: string) {
    super(`${method} ${url}: ${reason}`);
  }
}

export interface ClientOptions {
  userAgent: string;
  timeoutMs: number;
  /** Requests in flight at once. */
  concurrency: number;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
}

export interface Client {
  /** Resolves to the reply or rejects with NoAnswer; never waits longer than the timeout. */
  request(url: string, options?: RequestOptions): Promise<Reply>;
  readonly requestCount: number;
}

export function createClient({ userAgent, timeoutMs, concurrency }: ClientOptions): Client {
  const slot = limiter(concurrency);
  const memo = new Map<string, Promise<Reply>>();
  let requestCount = 0;
  const send = (url: string, method: string, headers: Record<string, string>) =>
    slot(() => {
      requestCount += 1;
      return sendOnce(url, method, { ...lowerCased(headers), 'user-agent': userAgent }, timeoutMs);
    });
  return {
    request(url, { method = 'GET', headers = {} } = {}) {
      // Only a GET can be shared: it is safe, and the checks ask for the same page and twin again.
      if (method !== 'GET') return send(url, method, headers);
      const key = JSON.stringify([url, Object.entries(lowerCased(headers)).sort()]);
      let reply = memo.get(key);
      if (!reply) memo.set(key, (reply = send(url, method, headers)));
      return reply;
    },
    get requestCount() {
      return requestCount;
    },
  };
}

function sendOnce(url: string, method: string, headers: Record<string, string>, timeoutMs: number): Promise<Reply> {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : target.protocol === 'http:' ? httpRequest : undefined;
  if (!request) return Promise.reject(new NoAnswer(method, url, `unsupported protocol ${target.protocol}`));
  return new Promise<Reply>((resolve, reject) => {
    const fail = (reason: string) => reject(new NoAnswer(method, url, reason));
    const req = request(target, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => fail(error.message));
      res.on('end', () => {
        clearTimeout(deadline);
        const wire = Buffer.concat(chunks);
        let body: Buffer;
        try {
          body = decode(wire, res.headers['content-encoding']);
        } catch (error) {
          fail(`the body does not decode as ${res.headers['content-encoding']}: ${(error as Error).message}`);
          return;
        }
        resolve({ method, url, sent: headers, status: res.statusCode ?? 0, headers: joined(res), body, wireLength: wire.length, text: body.toString('utf8') });
      });
    });
    // One deadline for the whole exchange (connect, headers and body), not an idle timer that a
    // server trickling bytes could keep alive for ever.
    const deadline = setTimeout(() => req.destroy(new Error(`no complete answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      fail(error.code ? `${error.code} ${error.message}` : error.message);
    });
    req.end();
  });
}

const DECODERS: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
  zstd: zstdDecompressSync,
};

/** Codings are listed in the order they were applied (RFC 9110 §8.4), so they come off in reverse. */
function decode(bytes: Buffer, contentEncoding: string | undefined): Buffer {
  const codings = (contentEncoding ?? '').split(',').map((coding) => coding.trim().toLowerCase()).filter((coding) => coding && coding !== 'identity');
  return codings.reduceRight((body, coding) => {
    const decoder = DECODERS[coding];
    if (!decoder) throw new Error(`unknown content-coding ${coding}`);
    return body.length === 0 ? body : decoder(body);
  }, bytes);
}

function joined(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** At most `count` tasks at once; the rest wait in order. */
function limiter(count: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= count) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
