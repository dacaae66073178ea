/** A render worker: page jobs in, their files written into the staging folder, their names out. */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { objectName } from '../digest.ts';
import { writeFileFresh } from '../atomic-file.ts';
import { renderTally } from '../../site/render/markdown-body.ts';
import { bodiesReused, takeBodiesUsed, useBodyCache } from '../cache/bodies.ts';
import { renderJobFiles } from '../../site/pages/registry.ts';
import { buildBodies } from './bodies.ts';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './pool.ts';
import type { WrittenFile } from './reuse.ts';

const { frame, staging, inPlace, nameObjects, bodies: bodyCache } = workerData as WorkerSetup;
useBodyCache(bodyCache);
const madeDirs = new Set<string>();

function write(path: string, bytes: string | Uint8Array): WrittenFile {
  const target = join(staging, path);
  const dir = dirname(target);
  if (!madeDirs.has(dir)) {
    mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
  }
  // A new file: in a kept folder (output.ts) the old one may be linked under /v1 too.
  writeFileFresh(target, bytes, inPlace);
  return [path, nameObjects ? objectName(bytes) : undefined];
}

parentPort!.on('message', ({ batch, jobs }: WorkerRequest) => {
  const before = renderTally();
  const reusedBefore = bodiesReused();
  const bodies: string[][] = [];
  const files = jobs.map((job) => {
    const written = renderJobFiles(frame, job, buildBodies).map((file) => write(file.path, file.bytes));
    bodies.push(takeBodiesUsed());
    return written;
  });
  const after = renderTally();
  const reply: WorkerReply = {
    batch,
    files,
    bodies,
    tally: { bodies: after.bodies - before.bodies, bodyMs: after.bodyMs - before.bodyMs },
    bodiesReused: bodiesReused() - reusedBefore,
  };
  parentPort!.postMessage(reply);
});
