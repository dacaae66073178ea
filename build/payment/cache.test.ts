import { describe, expect, it } from 'vitest';
import { createResultCache } from './cache.ts';

function setup(ttlMs = 60_000) {
  let time = 0;
  let runs = 0;
  const cache = createResultCache<number>({ ttlMs, now: () => time });
  const run = async () => ++runs;
  return { cache, run, at: (ms: number) => (time = ms), runs: () => runs };
}

describe('result cache', () => {
  it('keeps a result for its lifetime, then runs again', async () => {
    const { cache, run, at } = setup();
    expect(await cache.get('k', run)).toBe(1);
    at(59_999);
    expect(await cache.get('k', run)).toBe(1);
    at(60_000);
    expect(await cache.get('k', run)).toBe(2);
  });

  it('runs again at once when forced, and keeps that result', async () => {
    const { cache, run, at } = setup();
    await cache.get('k', run);
    at(10);
    expect(await cache.get('k', run, true)).toBe(2);
    expect(await cache.get('k', run)).toBe(2);
  });

  it('counts the lifetime from when the result arrived', async () => {
    let time = 0;
    const cache = createResultCache<string>({ ttlMs: 100, now: () => time });
    let finish!: (v: string) => void;
    const pending = cache.get('k', () => new Promise((resolve) => (finish = resolve)));
    time = 500;
    finish('slow');
    await pending;
    time = 550;
    expect(await cache.get('k', async () => 'again')).toBe('slow');
  });

  it('shares a running check', async () => {
    const { cache, run, runs } = setup();
    const [a, b] = await Promise.all([cache.get('k', run), cache.get('k', run)]);
    expect([a, b, runs()]).toEqual([1, 1, 1]);
  });

  it('never answers one key with the result of another', async () => {
    const { cache, run } = setup();
    expect(await cache.get('a', run)).toBe(1);
    expect(await cache.get('b', run)).toBe(2);
  });

  it('does not keep a failure', async () => {
    const { cache, run } = setup();
    await expect(cache.get('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('k', run)).toBe(1);
  });
});
