/** A render worker: page jobs in, their files written into the staging folder, their names out. */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { objectName } from '../digest.ts';
import { writeFileFresh } from '../atomic-file.ts';
import { renderTally } from '../../site/render/markdown-body.ts';
import { bodiesReused, takeBodiesUsed, useBodyCache } from '../cache/bodies.ts';
import { indexCatalog } from '../../core/query.ts';
import type { Catalog } from '../../core/types.ts';
import { cataloguePages, renderJobFiles } from '../../site/pages/registry.ts';
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

parentPort!.on('message', (request: WorkerRequest) => {
  const before = renderTally();
  const reusedBefore = bodiesReused();
  let files: WrittenFile[][];
  const bodies: string[][] = [];
  if (request.kind === 'batch') {
    files = request.jobs.map((job) => {
      const written = renderJobFiles(frame, job, buildBodies).map((file) => write(file.path, file.bytes));
      bodies.push(takeBodiesUsed());
      return written;
    });
  } else {
    const catalog = JSON.parse(request.catalogJson) as Catalog;
    // Each page written as it is made: the next is not begun while the last is still held.
    files = [Array.from(cataloguePages(frame, catalog, indexCatalog(catalog), request.docs), (file) => write(file.path, file.bytes))];
  }
  const after = renderTally();
  const reply: WorkerReply = {
    kind: request.kind,
    batch: request.kind === 'batch' ? request.batch : 0,
    files,
    bodies,
    tally: { bodies: after.bodies - before.bodies, bodyMs: after.bodyMs - before.bodyMs },
    bodiesReused: bodiesReused() - reusedBefore,
  };
  parentPort!.postMessage(reply);
});
