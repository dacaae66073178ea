/**
 * `npm start` end to end: the real command (build, then `netlify dev` with dev/guard-preload.ts) in
 * a copy of the tree, so the project's dist/ and .netlify/ are not touched, on a free port. It
 * answers its own loopback names and the host allowed with --allowed-host, on pages, the
 * catalogue and a function (and, as production, lets pages of other sites read); a foreign Host gets 403 with the advice, on GET, on a POST to a real
 * function and on an upgrade; and every server of it listens on loopback only. Every wait is
 * bounded; the whole process group is stopped after.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback } from '../../dev/local-access.ts';
import { BUILD_ENV } from '../helpers/build-process.ts';
import { httpRequest } from '../helpers/http.ts';
import { copyTree, ROOT } from '../helpers/tree-copy.ts';
import { groupStopper } from '../setup/netlify-dev.ts';

const WAIT_MS = 150_000;
const MCP_PING = { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' };

const copy = mkdtempSync(join(tmpdir(), 'npm-start-'));
let child: ChildProcess;
let stop: () => Promise<void> = async () => {};
let terminal = '';
let base = '';
let port = '';

beforeAll(async () => {
  copyTree(copy);
  child = spawn('npm', ['start', '--', '--port', '0', '--allowed-host', 'editor.test'], {
    cwd: copy,
    detached: true,
    env: { ...process.env, ...BUILD_ENV, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stop = groupStopper(child);
  child.stdout!.on('data', (chunk: Buffer) => (terminal += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (terminal += chunk));
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${terminal}`);
    if (Date.now() > deadline) throw new Error(`npm start did not answer within ${WAIT_MS / 1000} s:\n${terminal}`);
    base ||= /^Serving (http:\/\/127\.0\.0\.1:\d+) /m.exec(terminal)?.[1] ?? '';
    const ready = base && (await fetch(`${base}/version.json`, { signal: AbortSignal.timeout(2_000) }).then((response) => response.ok, () => false));
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  port = new URL(base).port;
}, WAIT_MS + 10_000);

afterAll(async () => {
  await stop();
  rmSync(copy, { recursive: true, force: true });
});

/** Every listening TCP socket of the process group, as `address:port` (Linux's /proc). */
function listeningSockets(group: number): string[] {
  const inodes = new Set<string>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2] !== String(group)) continue;
      for (const fd of readdirSync(`/proc/${pid}/fd`)) inodes.add(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  const sockets: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] !== '0A' || !inodes.has(fields[9])) continue;
      const [address, hexPort] = fields[1].split(':');
      // Each 32-bit word in the machine's byte order (little-endian here).
      const bytes = Buffer.from(address, 'hex');
      for (let word = 0; word < bytes.length; word += 4) bytes.subarray(word, word + 4).reverse();
      const name = bytes.length === 4 ? [...bytes].join('.') : new URL(`http://[${bytes.toString('hex').match(/.{4}/g)!.join(':')}]/`).hostname;
      sockets.push(`${name}:${parseInt(hexPort, 16)}`);
    }
  }
  return sockets;
}

const otherAddress = Object.values(networkInterfaces()).flat().find((one) => one && !one.internal && one.family === 'IPv4')?.address;

describe('npm start', () => {
  it('answers its own loopback names and an allowed host: pages, the catalogue, a function', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'editor.test']) {
      for (const path of ['/', '/catalog.json', '/search.json?q=x']) expect([host, path, (await httpRequest(`${base}${path}`, { headers: { host } })).status]).toEqual([host, path, 200]);
    }
    // A page of another site may read, by the server's own name, as it may read production's API (CORS).
    const read = await httpRequest(`${base}/catalog.json`, { headers: { host: `127.0.0.1:${port}`, origin: 'https://other.example' } });
    expect([read.status, read.headers['access-control-allow-origin']]).toEqual([200, '*']);
    const mcp = await httpRequest(`${base}/mcp`, { ...MCP_PING, headers: { ...MCP_PING.headers, host: `127.0.0.1:${port}` } });
    expect(mcp.status).toBe(200);
  });

  it('refuses a foreign Host with 403 on GET, POST and an upgrade, saying how to allow it', async () => {
    const host = `evil.example:${port}`;
    const replies = [
      await httpRequest(`${base}/`, { headers: { host } }),
      await httpRequest(`${base}/catalog.json`, { headers: { host } }),
      await httpRequest(`${base}/mcp`, { ...MCP_PING, headers: { ...MCP_PING.headers, host } }),
      await httpRequest(`${base}/`, { headers: { host, connection: 'Upgrade', upgrade: 'websocket' } }),
    ];
    for (const reply of replies) {
      expect([reply.method, reply.path, reply.status, reply.headers['content-type']]).toEqual([reply.method, reply.path, 403, 'text/plain; charset=utf-8']);
      expect(reply.text).toContain(`only, not for ${host}.`);
      expect(reply.text).toContain('`npm run start -- --allowed-host evil.example`');
    }
  });

  it.skipIf(!existsSync('/proc/net/tcp'))('listens on loopback only, every server of it', () => {
    const sockets = listeningSockets(child.pid!);
    expect(sockets).toContain(`127.0.0.1:${port}`);
    // The proxy, the static files' server and the functions' server at least.
    expect(sockets.length, sockets.join(', ')).toBeGreaterThanOrEqual(3);
    expect(sockets.filter((socket) => !isLoopback(socket.slice(0, socket.lastIndexOf(':'))))).toEqual([]);
  });

  it.skipIf(otherAddress === undefined)('cannot be reached on this machine\'s network address', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect({ host: otherAddress, port: Number(port), timeout: 5_000 });
      socket.on('connect', () => (socket.destroy(), resolve('connected')));
      socket.on('timeout', () => (socket.destroy(), resolve('timeout')));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    expect(outcome).toBe('ECONNREFUSED');
  });
});
