/**
 * An HTTP client that sends exactly the headers it is given (fetch cannot send an arbitrary Origin)
 * and keeps what came back: status, headers (lower-case names; repeated ones joined), raw header
 * lines and the body bytes.
 */
import { request } from 'node:http';

export interface Reply {
  method: string;
  /** Path and query as sent. */
  path: string;
  status: number;
  headers: Record<string, string>;
  /** Name, value, name, value… as received, to see repeated headers. */
  rawHeaders: string[];
  body: Buffer;
  text: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const TIMEOUT_MS = 20_000;

/** `target` is an absolute URL; its path and query are sent as the URL parser spells them. */
export function httpRequest(target: string, { method = 'GET', headers = {}, body: sent }: RequestOptions = {}): Promise<Reply> {
  const url = new URL(target);
  const path = `${url.pathname}${url.search}`;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method, headers, agent: false, timeout: TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const joined: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) joined[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          const body = Buffer.concat(chunks);
          resolve({ method, path, status: res.statusCode ?? 0, headers: joined, rawHeaders: res.rawHeaders, body, text: body.toString('utf8') });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(sent);
  });
}

/** The body as JSON, with the request named when it is not JSON. */
export function jsonOf<T = unknown>(reply: Reply): T {
  try {
    return JSON.parse(reply.text) as T;
  } catch {
    throw new Error(`${reply.method} ${reply.path} answered ${reply.status} with a body that is not JSON: ${reply.text.slice(0, 200)}`);
  }
}
