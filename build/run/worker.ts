/** A render worker: pages in, their files written into the build's folder, their paths and sizes out. */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { writeFileFresh } from '../atomic-file.ts';
import { renderTally } from '../../site/render/markdown-body.ts';
import { renderPageTask } from '../../site/pages/registry.ts';
import { bodiesReused, buildBodies, useBodyStore } from './bodies.ts';
import type { WorkerReply, WorkerRequest, WorkerSetup, WrittenFile } from './pool.ts';

const { frame, folder, fresh, bodies } = workerData as WorkerSetup;
useBodyStore(bodies);
const madeDirs = new Set<string>();

function write(path: string, bytes: string | Uint8Array): WrittenFile {
  const target = join(folder, path);
  const dir = dirname(target);
  if (!madeDirs.has(dir)) {
    mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
  }
  // A new file in place of any there: the folder's files may be shared with the published one.
  writeFileFresh(target, bytes, !fresh);
  return [path, typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length];
}

parentPort!.on('message', ({ batch, jobs }: WorkerRequest) => {
  const before = renderTally();
  const reusedBefore = bodiesReused();
  const files = jobs.map((job) => renderPageTask(frame, job, buildBodies).map((file) => write(file.path, file.bytes)));
  const after = renderTally();
  const reply: WorkerReply = {
    batch,
    files,
    tally: { bodies: after.bodies - before.bodies, bodyMs: after.bodyMs - before.bodyMs },
    bodiesReused: bodiesReused() - reusedBefore,
  };
  parentPort!.postMessage(reply);
});
