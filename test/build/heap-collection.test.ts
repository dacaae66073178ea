/**
 * The build's one full collection of its heap (build/index.ts): once the model is made, where the
 * process allows one (`npm run build` starts it with `--expose-gc`) and the heap in use is over
 * the least worth collecting: once in every such build, since every build makes its model, and
 * never in one that stops at a problem of its content.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getHeapStatistics } from 'node:v8';
import { build, HEAP_COLLECTION_MIN_BYTES } from '../../build/index.ts';

const SMALL = fileURLToPath(new URL('../fixtures/content-small/', import.meta.url));
const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' };
const scope = globalThis as { gc?: () => void };

let work: string;
let before: (() => void) | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'heap-collection-'));
  before = scope.gc;
});

afterAll(async () => {
  scope.gc = before;
  await rm(work, { recursive: true, force: true });
});

describe("the build's collection of its heap", () => {
  it('happens once in each build, the one where nothing changed too, and not in one whose content has a problem', async () => {
    const gc = vi.fn();
    scope.gc = gc;
    // Every heap is over a least of one byte.
    const options = { contentDir: SMALL, outDir: join(work, 'dist'), cacheDir: join(work, 'cache'), constantsFile: null, env: ENV, heapCollectionMinBytes: 1 };
    await build(options);
    expect(gc).toHaveBeenCalledTimes(1);
    await build(options);
    expect(gc).toHaveBeenCalledTimes(2);
    await expect(build({ ...options, contentDir: join(work, 'missing') })).rejects.toThrow();
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it('is skipped for a heap under the least worth collecting', async () => {
    const gc = vi.fn();
    scope.gc = gc;
    expect(getHeapStatistics().used_heap_size).toBeLessThan(HEAP_COLLECTION_MIN_BYTES);
    await build({ contentDir: SMALL, outDir: join(work, 'small'), constantsFile: null, env: ENV });
    expect(gc).not.toHaveBeenCalled();
  });

  it('is skipped where the process allows none', async () => {
    scope.gc = undefined;
    await expect(build({ contentDir: SMALL, outDir: join(work, 'plain'), constantsFile: null, env: ENV })).resolves.toBeDefined();
  });
});
