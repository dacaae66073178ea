import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { accessRules, DEFAULT_GUARD, GUARD_ENV, guardEnvValue, listenArgs, readGuardConfig } from './host-guard.ts';
import type { GuardConfig } from './host-guard.ts';
import { refusal, refuseSocket } from './local-access.ts';
import { netlifyDevCommand } from './netlify-dev.ts';

const SHARED: GuardConfig = { host: '0.0.0.0', port: 8888, allowedHosts: ['editor.example'], command: 'start' };
const cb = () => {};

describe('the preload\'s options', () => {
  it('are loopback, no other host, `npm start`\'s advice, when the variable is unset', () => {
    expect(readGuardConfig(undefined)).toEqual({ host: '127.0.0.1', allowedHosts: [], command: 'start' });
    expect(readGuardConfig('')).toBe(DEFAULT_GUARD);
  });

  it('read back what netlifyDevCommand writes', () => {
    expect(readGuardConfig(guardEnvValue(SHARED))).toEqual(SHARED);
    const { args, env } = netlifyDevCommand({ ...SHARED, port: 8888, functionsPort: 9001 }, { NODE_OPTIONS: '--max-old-space-size=4096' });
    expect(readGuardConfig(env[GUARD_ENV])).toEqual(SHARED);
    expect(env.NODE_OPTIONS).toMatch(/^--max-old-space-size=4096 --import=file:\/\/\S+\/dev\/guard-preload\.ts$/);
    expect(args.slice(1)).toEqual(['dev', '--offline', '--no-open', '--internal-disable-edge-functions', '--port', '8888', '--functions-port', '9001']);
  });

  it.each([
    ['{', /^SKILL_SHELF_LOCAL_ACCESS: not JSON/],
    ['[]', /expected an object/],
    ['{"hosts":[]}', /unknown field hosts/],
    ['{"host":""}', /host: expected an address/],
    ['{"port":0}', /port: expected a port number/],
    ['{"port":"8888"}', /port: expected a port number/],
    ['{"allowedHosts":"a"}', /allowedHosts: expected a list/],
    ['{"allowedHosts":["evil.example:80"]}', /--allowed-host: expected a host name/],
    ['{"command":"start; rm -rf /"}', /command: expected the name of an npm script/],
  ])('refuse %s, naming the variable and what was wrong', (value, message) => {
    expect(() => readGuardConfig(value)).toThrow(message);
    expect(() => readGuardConfig(value)).toThrow(GUARD_ENV);
  });
});

describe('where a server listens', () => {
  it.each([
    ['a port alone', [3000], [3000, '127.0.0.1']],
    ['a port as text, a backlog and a callback', ['3000', 511, cb], ['3000', '127.0.0.1', 511, cb]],
    ['nothing (any port)', [], [0, '127.0.0.1']],
    ['a callback alone', [cb], [0, '127.0.0.1', cb]],
    ['options with a port', [{ port: 3000 }, cb], [{ port: 3000, host: '127.0.0.1' }, cb]],
    ['options without a port', [{}], [{ host: '127.0.0.1' }]],
    ['the user\'s port, which gets --host', [{ port: 8888 }], [{ port: 8888, host: '0.0.0.0' }]],
    ['the user\'s port as a number', [8888, cb], [8888, '0.0.0.0', cb]],
  ])('on loopback when asked for %s without an address', (_, args, expected) => {
    expect(listenArgs(args, SHARED)).toEqual(expected);
  });

  it.each([
    ['an address', [3000, 'localhost', cb]],
    ['options with an address', [{ port: 3000, host: '::1' }]],
    ['a socket path', ['/tmp/x.sock', cb]],
    ['options with a path', [{ path: '/tmp/x.sock' }]],
    ['a file descriptor', [{ fd: 3 }]],
    ['a handle', [{ _handle: {} }]],
  ])('where it asked when it names %s', (_, args) => {
    expect(listenArgs(args, SHARED)).toEqual(args);
  });
});

describe('which rules a request is judged by', () => {
  const ports = [8888, 34567, 3999];

  it('those of a port of this process its Host names: the proxy passes requests on with their Host', () => {
    expect(accessRules(DEFAULT_GUARD, 34567, ports, '127.0.0.1:8888')).toEqual({ port: 8888, host: '127.0.0.1', allowedHosts: [], writes: false, otherSitesRead: true, command: 'start' });
    expect(refusal(accessRules(DEFAULT_GUARD, 34567, ports, 'localhost:8888'), 'POST', { host: 'localhost:8888' })).toBeUndefined();
  });

  it('those of the port it reached otherwise, so a foreign name or another port is refused', () => {
    expect(accessRules(DEFAULT_GUARD, 3999, ports, '127.0.0.1:5000').port).toBe(3999);
    expect(accessRules(DEFAULT_GUARD, 3999, ports, 'evil.example').port).toBe(3999);
    expect(accessRules(DEFAULT_GUARD, 3999, ports, undefined).port).toBe(3999);
    for (const host of ['evil.example:8888', '127.0.0.1:5000', '10.0.0.1:8888']) {
      expect(refusal(accessRules(DEFAULT_GUARD, 3999, ports, host), 'GET', { host }), host).toMatch(/`npm run start -- --allowed-host /);
    }
  });

  it('let pages of other sites read, as production\'s API does, but only by the server\'s own name', () => {
    const origin = 'https://evil.example';
    expect(refusal(accessRules(DEFAULT_GUARD, 8888, ports, '127.0.0.1:8888'), 'GET', { host: '127.0.0.1:8888', origin })).toBeUndefined();
    expect(refusal(accessRules(DEFAULT_GUARD, 8888, ports, 'evil.example:8888'), 'GET', { host: 'evil.example:8888', origin })).toMatch(/^This server answers for /);
  });

  it('let in an allowed host and the address given with --host on every server', () => {
    const config = { ...SHARED, host: '192.168.1.20' };
    for (const host of ['editor.example', '192.168.1.20:8888']) expect(refusal(accessRules(config, 34567, ports, host), 'GET', { host }), host).toBeUndefined();
  });
});

describe('a refused upgrade', () => {
  it('gets the same 403 on its bare connection, which then closes', async () => {
    const socket = new PassThrough();
    refuseSocket(socket, 'no.');
    const text = Buffer.concat(await socket.toArray()).toString();
    expect(text).toBe('HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain; charset=utf-8\r\ncache-control: no-store\r\nx-content-type-options: nosniff\r\n'
      + 'content-length: 19\r\nconnection: close\r\n\r\n403 Forbidden: no.\n');
  });
});
