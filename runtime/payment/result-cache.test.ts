import { describe, expect, it } from 'vitest';
import { createResultCache } from './result-cache.ts';

function setup({ ttlMs = 60_000, forceIntervalMs = 10_000 } = {}) {
  let time = 0;
  let runs = 0;
  const cache = createResultCache<number>({ ttlMs, forceIntervalMs, now: () => time });
  const run = async () => ++runs;
  const get = async (key: string, force = false) => (await cache.get(key, run, { force })).value;
  return { cache, run, get, at: (ms: number) => (time = ms), runs: () => runs };
}

/** A run that finishes only when told to. */
function pending<T>() {
  let finish!: (value: T) => void;
  let runs = 0;
  const run = () => {
    runs += 1;
    return new Promise<T>((resolve) => (finish = resolve));
  };
  return { run, finish: (value: T) => finish(value), runs: () => runs };
}

describe('result cache', () => {
  it('keeps a result for its lifetime, then runs again', async () => {
    const { get, at } = setup();
    expect(await get('k')).toBe(1);
    at(59_999);
    expect(await get('k')).toBe(1);
    at(60_000);
    expect(await get('k')).toBe(2);
  });

  it('honours force only once the kept result is as old as the force interval, and keeps what it ran', async () => {
    const { get, at } = setup();
    await get('k');
    at(9_999);
    expect(await get('k', true)).toBe(1);
    at(10_000);
    expect(await get('k', true)).toBe(2);
    // The interval counts again from the forced result.
    at(19_999);
    expect(await get('k', true)).toBe(2);
    expect(await get('k')).toBe(2);
    at(20_000);
    expect(await get('k', true)).toBe(3);
  });

  it('runs forced checks at most once per interval, however often force is asked', async () => {
    const { get, at, runs } = setup();
    for (let ms = 0; ms < 60_000; ms += 250) {
      at(ms);
      await get('k', true);
    }
    expect(runs()).toBe(6);
  });

  it('with a force interval of 0, force always runs again', async () => {
    const { get } = setup({ forceIntervalMs: 0 });
    await get('k');
    expect(await get('k', true)).toBe(2);
  });

  it('refuses a force interval longer than the lifetime', () => {
    expect(() => createResultCache({ ttlMs: 1000, forceIntervalMs: 1001 })).toThrow(/forceIntervalMs must be from 0 to ttlMs \(1000\), got 1001/);
  });

  it('says when the kept result was made', async () => {
    const { cache, run, at } = setup();
    at(1_000);
    await cache.get('k', run);
    at(31_000);
    expect(await cache.get('k', run)).toEqual({ value: 1, settledAt: 1_000 });
  });

  it('counts the lifetime from when the result arrived', async () => {
    let time = 0;
    const cache = createResultCache<string>({ ttlMs: 100, forceIntervalMs: 10, now: () => time });
    const slow = pending<string>();
    const first = cache.get('k', slow.run);
    time = 500;
    slow.finish('slow');
    expect(await first).toEqual({ value: 'slow', settledAt: 500 });
    time = 550;
    expect((await cache.get('k', async () => 'again')).value).toBe('slow');
  });

  it('shares one running check among every caller, forced or not (single flight)', async () => {
    const { cache } = setup();
    const slow = pending<number>();
    const callers = Array.from({ length: 500 }, (_, i) => cache.get('k', slow.run, { force: i % 2 === 0 }));
    slow.finish(7);
    const results = await Promise.all(callers);
    expect(slow.runs()).toBe(1);
    expect(new Set(results.map((r) => r.value))).toEqual(new Set([7]));
  });

  it('never answers one key with the result of another, even while it runs', async () => {
    const { cache } = setup();
    const a = pending<number>();
    const first = cache.get('a', a.run);
    const second = cache.get('b', async () => 2);
    a.finish(1);
    expect((await first).value).toBe(1);
    expect((await second).value).toBe(2);
  });

  it('does not keep a failure, whether the run rejects or throws at once', async () => {
    const { cache, get } = setup();
    await expect(cache.get('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(
      cache.get('k', () => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(await get('k')).toBe(1);
  });
});
