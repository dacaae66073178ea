import { describe, expect, it } from 'vitest';
import type { AccessRules } from './local-access.ts';
import { allowedHostError, isLoopback, networkWarning, parseHost, refusal } from './local-access.ts';

const EDITOR: AccessRules = { port: 8888, host: '127.0.0.1', allowedHosts: [], writes: true, command: 'cms' };
const DEV: AccessRules = { ...EDITOR, writes: false, command: 'dev' };
const OWN = { host: '127.0.0.1:8888', origin: 'http://127.0.0.1:8888', 'content-type': 'application/json' };

describe('Host', () => {
  it('answers loopback\'s names on the server\'s own port', () => {
    for (const host of ['127.0.0.1:8888', 'localhost:8888', 'LOCALHOST:8888', '[::1]:8888']) expect(refusal(DEV, 'GET', { host }), host).toBeUndefined();
  });

  it.each([
    'evil.example:8888', 'evil.example', '127.0.0.1:9999', 'localhost', 'localhost.:8888', '127.0.0.2:8888', '0.0.0.0:8888',
    'evil.example@127.0.0.1:8888', '127.0.0.1:8888/x', '127.0.0.1:8888:8888', '', '[::1]:99999',
  ])('refuses Host %j, saying how to allow a name', (host) => {
    const reason = refusal(DEV, 'GET', { host });
    expect(reason).toMatch(/^This server answers for 127\.0\.0\.1:8888, localhost:8888, \[::1\]:8888 only/);
    expect(reason).toMatch(/`npm run dev -- --allowed-host /);
  });

  it('refuses a request with no Host at all', () => {
    expect(refusal(DEV, 'GET', {})).toMatch(/--allowed-host NAME/);
  });

  it('answers a host the user allowed, on any port, and the address it listens on when that is one', () => {
    const shared = { ...DEV, host: '0.0.0.0', allowedHosts: ['Editor.Example', '192.168.1.20', '::1'] };
    for (const host of ['editor.example', 'editor.example:8888', 'EDITOR.example:443', '192.168.1.20:8888', '[::1]:1']) expect(refusal(shared, 'GET', { host }), host).toBeUndefined();
    expect(refusal(shared, 'GET', { host: '0.0.0.0:8888' })).toMatch(/not for 0\.0\.0\.0:8888/);
    expect(refusal({ ...DEV, host: '192.168.1.20' }, 'GET', { host: '192.168.1.20:8888' })).toBeUndefined();
    expect(refusal({ ...DEV, host: '192.168.1.20' }, 'GET', { host: '192.168.1.20:80' })).toBeDefined();
  });
});

describe('Origin', () => {
  it('lets pages of loopback and allowed hosts read, and refuses every other page, on every method', () => {
    for (const origin of ['http://127.0.0.1:8888', 'http://localhost:3000', 'http://[::1]:8888']) expect(refusal(DEV, 'GET', { host: OWN.host, origin }), origin).toBeUndefined();
    expect(refusal({ ...DEV, allowedHosts: ['editor.example'] }, 'GET', { host: OWN.host, origin: 'https://editor.example' })).toBeUndefined();
    for (const origin of ['http://evil.example:8888', 'null', 'file://', 'http://127.0.0.1.evil.example', 'http://evil.example@127.0.0.1:8888']) {
      for (const method of ['GET', 'POST']) expect(refusal(DEV, method, { host: OWN.host, origin }), `${method} ${origin}`).toMatch(/may not call this server/);
    }
  });

  it('lets any page read a server open to other sites (npm start), by its own name only', () => {
    const open = { ...DEV, otherSitesRead: true, command: 'start' };
    for (const origin of ['https://other.example', 'null']) expect(refusal(open, 'GET', { host: OWN.host, origin }), origin).toBeUndefined();
    expect(refusal(open, 'GET', { host: 'evil.example:8888', origin: 'http://evil.example:8888' })).toMatch(/`npm run start -- --allowed-host evil\.example`/);
  });

  it('lets a program with no Origin call a server that changes nothing (an MCP client on npm run dev)', () => {
    expect(refusal(DEV, 'POST', { host: OWN.host, 'content-type': 'text/plain' })).toBeUndefined();
  });
});

describe('writes (the editor\'s server)', () => {
  it('takes a JSON write from its own page', () => {
    expect(refusal(EDITOR, 'POST', OWN)).toBeUndefined();
    expect(refusal(EDITOR, 'PUT', { ...OWN, 'content-type': 'Application/JSON; charset=utf-8' })).toBeUndefined();
    expect(refusal(EDITOR, 'POST', { host: OWN.host, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' })).toBeUndefined();
    // Behind a proxy that speaks https for an allowed host.
    expect(refusal({ ...EDITOR, allowedHosts: ['editor.example'] }, 'POST', { ...OWN, host: 'editor.example', origin: 'https://editor.example' })).toBeUndefined();
  });

  it('refuses a write from another origin, even one of loopback', () => {
    for (const origin of ['http://localhost:8888', 'http://127.0.0.1:3000', 'http://[::1]:8888']) {
      expect(refusal(EDITOR, 'POST', { ...OWN, origin }), origin).toMatch(/^A POST must come from a page of this server/);
    }
  });

  it('refuses a write with neither Origin nor Sec-Fetch-Site: same-origin', () => {
    for (const site of [undefined, 'same-site', 'cross-site', 'none']) {
      expect(refusal(EDITOR, 'DELETE', { host: OWN.host, 'content-type': 'application/json', ...(site ? { 'sec-fetch-site': site } : {}) }), site).toMatch(/^A DELETE must come from a page of this server/);
    }
  });

  it('refuses a write that is not JSON, which a form of another site could send without asking', () => {
    for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'text/plain; application/json']) {
      expect(refusal(EDITOR, 'POST', { ...OWN, 'content-type': type }), type).toBe('A POST must send JSON (content-type: application/json).');
    }
  });

  it('lets reads through with neither', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(refusal(EDITOR, method, { host: OWN.host })).toBeUndefined();
  });
});

describe('names and addresses', () => {
  it('reads a Host header strictly', () => {
    expect(parseHost('Example.com:80')).toEqual({ name: 'example.com', port: 80 });
    expect(parseHost('[::1]')).toEqual({ name: '[::1]' });
    for (const value of ['a b', 'a:b', '::1', 'user@host', 'host/path', 'host:123456', '-x', 'x-']) expect(parseHost(value), value).toBeUndefined();
  });

  it('knows loopback from a network address', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopback(address), address).toBe(true);
    for (const address of ['0.0.0.0', '::', '192.168.1.20', 'example.com']) expect(isLoopback(address), address).toBe(false);
  });

  it('accepts a host name or address for --allowed-host, never a scheme, port or path', () => {
    for (const name of ['editor.example', '192.168.1.20', '::1', '[::1]']) expect(allowedHostError(name), name).toBeUndefined();
    for (const name of ['', 'editor.example:80', 'http://x', 'x/y', '*']) expect(allowedHostError(name), name).toMatch(/^--allowed-host: /);
  });

  it('warns who can do what once the server is open to the network', () => {
    expect(networkWarning('http://0.0.0.0:8888', 'read every draft')).toMatch(/^Warning: http:\/\/0\.0\.0\.0:8888 is open to the network: anyone who can reach this machine can read every draft\. .*--allowed-host/);
  });
});
