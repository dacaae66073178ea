/** The functions worker is not started by a build: a save's rebuild never shares the cores with it. */
import { afterEach, describe, expect, it } from 'vitest';
import { FunctionsHost } from './functions-host.ts';

const hosts: FunctionsHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

describe('FunctionsHost', () => {
  it('starts no worker when a build reloads it, however many builds follow', () => {
    const host = new FunctionsHost(() => ({}) as never, {}, () => {});
    hosts.push(host);
    host.reload();
    host.reload();
    host.reload();
    expect(host.started).toBe(0);
  });
});
