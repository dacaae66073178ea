/**
 * A test's way to stop `npm run dev`'s build worker from outside, as a crash that no build catches
 * would stop it. Loaded into every thread with `node --import tsx --import <this file>`; in the
 * build worker (dev/build-worker.ts, known by the build options it is handed) a build asked for
 * while the file named by STOP_WORKER_ENV exists ends the thread with exit code 1 instead.
 */
import { existsSync } from 'node:fs';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

export const STOP_WORKER_ENV = 'DEV_TEST_STOP_WORKER_FILE';

const marker = process.env[STOP_WORKER_ENV];
const options = workerData as { contentDir?: unknown; headersFile?: unknown } | undefined;
const isBuildWorker = !isMainThread && typeof options?.contentDir === 'string' && typeof options.headersFile === 'string';
if (marker && isBuildWorker) {
  // Added before the worker's own listener (its module runs after this one), so it runs first.
  parentPort!.on('message', () => {
    if (existsSync(marker)) process.exit(1);
  });
}
