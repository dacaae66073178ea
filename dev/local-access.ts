/**
 * Who may talk to a server this project starts on the editor's machine (`npm run dev`, `npm run
 * cms`, and `netlify dev` behind `npm start` through dev/guard-preload.ts): one rule for all,
 * checked before anything else on every request, the live-reload stream and upgrades included.
 *
 * - Host: the request must name the server as it listens (127.0.0.1, localhost or [::1], or the
 *   address given with `--host`, with its port), or a host the user allowed with `--allowed-host`.
 *   A DNS-rebinding page sends its own name resolved to 127.0.0.1, so the browser takes the local
 *   server for the page's own origin; its Host gives it away (the hole Vite closed with
 *   `server.allowedHosts`, GHSA-vg6x-rcgg-rjx6, and webpack-dev-server with CVE-2025-30359 and
 *   CVE-2025-30360).
 * - Origin: a browser names the page that sent a request. A page of another site may neither
 *   read (drafts, build errors) nor write; a page of a loopback or allowed host may read. Only
 *   `npm start`, which serves what production does and writes nothing, lets any page read.
 * - Writes: where a request can change files (the editor's backend), a method other than GET, HEAD
 *   and OPTIONS needs this server's own origin (or `Sec-Fetch-Site: same-origin` without an Origin)
 *   and a JSON body, which no cross-site form can send without a preflight.
 *
 * Pure (but for `refuse` and `refuseSocket`, which answer): the rules and a request's headers in, a reason to refuse
 * (or none) out.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export interface AccessRules {
  /** The port the server listens on. */
  port: number;
  /** The address it listens on (`--host`). */
  host: string;
  /** Host names the user shares it under (`--allowed-host`), matched on any port. */
  allowedHosts: readonly string[];
  /** Whether a request can change files: then every other method than GET, HEAD and OPTIONS
   * must come from this server's own page, as JSON. */
  writes: boolean;
  /** Whether pages of other sites may read it: `npm start`'s API, as production's, is open to
   * every origin (DESIGN.md, CORS); it still answers only for its own names. */
  otherSitesRead?: boolean;
  /** The npm script that starts it (`dev`, `cms`, `start`), for the refusal's advice. */
  command: string;
}

/** The names of this machine's loopback interface, as a Host header writes them. */
export const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Addresses that mean "every interface": no request names them. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/** A host name or address as a Host header writes it: an IPv6 address in brackets, lower case. */
export function hostName(address: string): string {
  const name = address.toLowerCase();
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}

/** Whether the server is reachable from this machine only. */
export function isLoopback(address: string): boolean {
  const name = hostName(address);
  return (LOOPBACK_NAMES as readonly string[]).includes(name) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** `name[:port]` of a Host header, or undefined when it is anything else (a user name, a path, a
 * second colon outside brackets): nothing a URL parser could read another host out of. */
export function parseHost(value: string): { name: string; port?: number } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/i.exec(value);
  if (!match || Number(match[2] ?? 0) > 65535) return undefined;
  return { name: match[1].toLowerCase(), ...(match[2] === undefined ? {} : { port: Number(match[2]) }) };
}

/** What `--allowed-host` accepts: a name or address without scheme, port or path. */
export function allowedHostError(value: string): string | undefined {
  const parsed = parseHost(hostName(value));
  if (parsed && parsed.port === undefined) return undefined;
  return `--allowed-host: expected a host name such as editor.example or 192.168.1.20 (no scheme, port or path), got ${JSON.stringify(value)}`;
}

/** Loopback (or the address the server listens on) on its own port, or a host the user allowed on any. */
function allowsHost(rules: AccessRules, name: string, port: number | undefined): boolean {
  if (rules.allowedHosts.some((allowed) => hostName(allowed) === name)) return true;
  return listenNames(rules).includes(name) && (port === undefined || port === rules.port);
}

/** The names the server has without being told: loopback's, and the address it listens on. */
function listenNames(rules: AccessRules): string[] {
  return [...new Set([...LOOPBACK_NAMES, ...(WILDCARDS.has(hostName(rules.host)) ? [] : [hostName(rules.host)])])];
}

/** The hosts a request may name, as the refusal lists them. */
function answersFor(rules: AccessRules): string[] {
  return listenNames(rules).map((name) => `${name}:${rules.port}`).concat(rules.allowedHosts.map(hostName));
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443 };

/** The Origin header as scheme, name and port, or undefined for `null` and anything not http(s). */
function parseOrigin(value: string): { scheme: string; name: string; port: number } | undefined {
  const match = /^(https?):\/\/([^/?#]+)$/i.exec(value);
  const host = match ? parseHost(match[2]) : undefined;
  if (!match || !host) return undefined;
  const scheme = match[1].toLowerCase();
  return { scheme, name: host.name, port: host.port ?? DEFAULT_PORTS[scheme] };
}

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(', ') : value);

/** Why this request is refused, in a line for the person who sent it; undefined when it may go on. */
export function refusal(rules: AccessRules, method: string, headers: IncomingHttpHeaders): string | undefined {
  const hostHeader = one(headers.host) ?? '';
  const host = parseHost(hostHeader);
  if (!host || !allowsHost(rules, host.name, host.port ?? DEFAULT_PORTS.http)) {
    const named = host ? hostHeader : JSON.stringify(hostHeader.slice(0, 100));
    const allow = host ? `npm run ${rules.command} -- --allowed-host ${host.name}` : `npm run ${rules.command} -- --allowed-host NAME`;
    return `This server answers for ${answersFor(rules).join(', ')} only, not for ${named}. `
      + `If you mean to reach it by that name, restart it with \`${allow}\`.`;
  }
  const originHeader = one(headers.origin);
  const origin = originHeader === undefined ? undefined : parseOrigin(originHeader);
  if (originHeader !== undefined && !rules.otherSitesRead && (!origin || !allowsHost(rules, origin.name, undefined))) {
    return `A page of ${JSON.stringify(originHeader.slice(0, 100))} may not call this server; only its own pages may.`;
  }
  if (!rules.writes || SAFE_METHODS.has(method)) return undefined;
  // Behind a proxy that speaks https, the Host header has https's default port.
  const sameOrigin = origin
    ? origin.name === host.name && origin.port === (host.port ?? DEFAULT_PORTS[origin.scheme])
    : one(headers['sec-fetch-site']) === 'same-origin';
  if (!sameOrigin) return `A ${method} must come from a page of this server (its Origin, or Sec-Fetch-Site: same-origin).`;
  if (!/^application\/json\s*(;|$)/i.test(one(headers['content-type']) ?? '')) return `A ${method} must send JSON (content-type: application/json).`;
  return undefined;
}

const REFUSAL_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;
const refusalBody = (reason: string): string => `403 Forbidden: ${reason}\n`;

/** Answers a refused request: 403, plain text, never stored. */
export function refuse(response: ServerResponse, reason: string): void {
  response.writeHead(403, REFUSAL_HEADERS);
  response.end(refusalBody(reason));
}

/** The same answer on the bare connection of an upgrade or a CONNECT, which has no response object; then it closes. */
export function refuseSocket(socket: Duplex, reason: string): void {
  const body = Buffer.from(refusalBody(reason));
  const headers = { ...REFUSAL_HEADERS, 'content-length': String(body.length), connection: 'close' };
  const head = `HTTP/1.1 403 Forbidden\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  socket.end(Buffer.concat([Buffer.from(head), body]));
}

/** What a server listening on another interface than loopback prints: who can now do what. */
export function networkWarning(url: string, what: string): string {
  return `Warning: ${url} is open to the network: anyone who can reach this machine can ${what}. `
    + 'Their requests must still name an allowed host: add --allowed-host with the name or address they use.';
}
