import { describe, expect, it } from 'vitest';
import { RebuildQueue } from './rebuild-queue.ts';

/** A build the test finishes by hand, so what happens while one runs can be observed. */
function manualBuilds() {
  const runs: { code: boolean; finish: () => void }[] = [];
  let running = 0;
  let most = 0;
  const queue = new RebuildQueue(
    (code) =>
      new Promise<void>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        runs.push({ code, finish: () => ((running -= 1), resolve()) });
      }),
  );
  return { queue, runs, most: () => most };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('RebuildQueue', () => {
  it('starts a build at once when none runs', async () => {
    const { queue, runs } = manualBuilds();
    queue.request('content');
    await tick();
    expect(runs.map((run) => run.code)).toEqual([false]);
  });

  it('says whether a build is queued behind the one that runs', async () => {
    const { queue, runs } = manualBuilds();
    queue.request('content');
    await tick();
    expect(queue.pending).toBe(false);
    queue.request('content');
    expect(queue.pending).toBe(true);
    runs[0].finish();
    await tick();
    expect(queue.pending).toBe(false);
    expect(runs).toHaveLength(2);
  });

  it('never runs two builds at once, and queues exactly one more for every change made during a build', async () => {
    const { queue, runs, most } = manualBuilds();
    queue.request('content');
    await tick();
    queue.request('content');
    queue.request('content');
    queue.request('content');
    await tick();
    expect(runs).toHaveLength(1);
    runs[0].finish();
    await tick();
    expect(runs).toHaveLength(2);
    runs[1].finish();
    await queue.idle();
    expect(runs).toHaveLength(2);
    expect(most()).toBe(1);
  });

  it('remembers a code change among content changes, so the next build loads fresh modules', async () => {
    const { queue, runs } = manualBuilds();
    queue.request('content');
    await tick();
    queue.request('content');
    queue.request('code');
    queue.request('content');
    runs[0].finish();
    await tick();
    expect(runs.map((run) => run.code)).toEqual([false, true]);
    runs[1].finish();
    await queue.idle();
  });

  it('idle() waits for the queued build too', async () => {
    const { queue, runs } = manualBuilds();
    queue.request('content');
    await tick();
    queue.request('content');
    let idle = false;
    const done = queue.idle().then(() => (idle = true));
    runs[0].finish();
    await tick();
    expect(idle).toBe(false);
    runs[1].finish();
    await done;
    expect(idle).toBe(true);
  });
});
