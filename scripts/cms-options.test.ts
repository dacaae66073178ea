import { describe, expect, it } from 'vitest';
import { parseCmsArgs } from './cms-options.ts';

describe('npm run cms options', () => {
  it('listens on 127.0.0.1:8888 by default, and takes --port, a loopback --host and --allowed-host', () => {
    expect(parseCmsArgs([])).toEqual({ args: { port: 8888, host: '127.0.0.1', allowedHosts: [] } });
    expect(parseCmsArgs(['--port', '0', '--host', '::1', '--allowed-host', 'editor.test', '--allowed-host', 'cms.test'])).toEqual({
      args: { port: 0, host: '::1', allowedHosts: ['editor.test', 'cms.test'] },
    });
    expect(parseCmsArgs(['--host', 'localhost'])).toMatchObject({ args: { host: 'localhost' } });
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'editor.example'])('refuses to share the editor on a network: --host %s', (host) => {
    const parsed = parseCmsArgs(['--host', host]);
    expect('error' in parsed && parsed.error).toMatch(new RegExp(`^--host ${host.replaceAll('.', '\\.')}: the editor listens on this machine only .*anyone who reached it could write content/`));
  });

  it('names a bad port, a bad allowed host and an unknown option', () => {
    expect(parseCmsArgs(['--port', 'x'])).toEqual({ error: '--port: expected a port number from 0 to 65535, got "x"' });
    expect(parseCmsArgs(['--allowed-host', 'a/b'])).toMatchObject({ error: expect.stringMatching(/^--allowed-host: expected a host name/) });
    const unknown = parseCmsArgs(['--hots', 'x']);
    expect('error' in unknown && unknown.error).toMatch(/--hots[\s\S]*usage: npm run cms/);
  });
});
