import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST, DEFAULT_PORT, parseDevArgs, parseStartArgs } from './options.ts';

describe('npm run dev options', () => {
  it('listens on loopback, port 8888, by default', () => {
    expect(parseDevArgs([])).toEqual({ args: { port: DEFAULT_PORT, host: DEFAULT_HOST, content: undefined, out: undefined, cache: undefined, threads: undefined, allowedHosts: [] } });
    expect([DEFAULT_HOST, DEFAULT_PORT]).toEqual(['127.0.0.1', 8888]);
  });

  it('takes --port, --host and the build options', () => {
    expect(parseDevArgs(['--port', '9000', '--host', '0.0.0.0', '--content', 'c', '--out', 'o', '--no-cache', '--threads', '2'])).toEqual({
      args: { port: 9000, host: '0.0.0.0', content: 'c', out: 'o', cache: null, threads: 2, allowedHosts: [] },
    });
    expect(parseDevArgs(['--port', '0'])).toMatchObject({ args: { port: 0 } });
  });

  it('takes --allowed-host, as often as needed', () => {
    expect(parseDevArgs(['--allowed-host', 'editor.example', '--allowed-host', '192.168.1.20'])).toMatchObject({ args: { allowedHosts: ['editor.example', '192.168.1.20'] } });
  });

  it.each([
    [['--allowed-host', 'editor.example:8888'], '--allowed-host: expected a host name such as editor.example or 192.168.1.20 (no scheme, port or path), got "editor.example:8888"'],
    [['--allowed-host', 'http://editor.example'], '--allowed-host: expected a host name such as editor.example or 192.168.1.20 (no scheme, port or path), got "http://editor.example"'],
    [['--port', 'eighty'], '--port: expected a port number from 0 to 65535, got "eighty"'],
    [['--port', '70000'], '--port: expected a port number from 0 to 65535, got "70000"'],
    [['--port', '1.5'], '--port: expected a port number from 0 to 65535, got "1.5"'],
    [['--host', ''], '--host: expected an address such as 127.0.0.1 or 0.0.0.0, got nothing'],
    [['--threads', '0'], '--threads: expected a whole number, 1 or more, got "0"'],
    [['--cache', 'x', '--no-cache'], '--cache and --no-cache: give one of them'],
  ])('refuses %j, saying what it expected', (argv, message) => {
    expect(parseDevArgs(argv)).toEqual({ error: message });
  });

  it('names an unknown option and shows the usage', () => {
    const parsed = parseDevArgs(['--prot', '1']);
    expect('error' in parsed && parsed.error).toMatch(/--prot[\s\S]*usage: npm run dev/);
  });
});

describe('npm start options', () => {
  it('listens on loopback, port 8888, by default, and takes the same --port, --host and --allowed-host as npm run dev', () => {
    expect(parseStartArgs([])).toEqual({ args: { port: DEFAULT_PORT, host: DEFAULT_HOST, allowedHosts: [] } });
    expect(parseStartArgs(['--port', '0', '--host', '0.0.0.0', '--allowed-host', 'a.example', '--allowed-host', 'b.example'])).toEqual({
      args: { port: 0, host: '0.0.0.0', allowedHosts: ['a.example', 'b.example'] },
    });
  });

  it('refuses what npm run dev refuses, and the build\'s options, showing its usage', () => {
    expect(parseStartArgs(['--allowed-host', 'http://editor.example'])).toEqual({ error: expect.stringMatching(/^--allowed-host: expected a host name/) });
    expect(parseStartArgs(['--host', ' '])).toEqual({ error: '--host: expected an address such as 127.0.0.1 or 0.0.0.0, got nothing' });
    const parsed = parseStartArgs(['--content', 'c']);
    expect('error' in parsed && parsed.error).toMatch(/--content[\s\S]*usage: npm start/);
  });
});
