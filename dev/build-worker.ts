/**
 * The build, kept loaded in a worker thread between saves: its modules compiled once, its schemas
 * and validators made once, and the JIT warm, so a rebuild costs what the build cache cannot reuse
 * (one changed skill: its page, the catalogue's files), not Node's and tsx's start-up. A code
 * change ends this worker and starts another (dev/builder.ts): an ES module cannot be reloaded.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { build } from '../build/index.ts';
import type { BuildOptions } from '../build/index.ts';
import { ContentError } from '../build/content-error.ts';
import { EmittedJsonError } from '../build/emit/check-json.ts';
import { BuildLockedError } from '../build/lock.ts';
import { ContentChangedError } from '../build/load.ts';
import type { BuildFailure, BuildReply } from './builder.ts';

const options = workerData as Omit<BuildOptions, 'log'>;
const post = (reply: BuildReply) => parentPort!.postMessage(reply);

/** Content problems and the build's own refusals are what an editor fixes; anything else is a bug,
 * shown with its stack. */
export function describeFailure(error: unknown): BuildFailure {
  if (causes(error).some((cause) => cause instanceof ContentChangedError || (cause as Error)?.name === 'ContentChangedError')) {
    return { kind: 'changed', message: (error as Error).message };
  }
  if (error instanceof ContentError) return { kind: 'content', message: error.message, problems: [...error.problems] };
  if (error instanceof EmittedJsonError || error instanceof BuildLockedError) return { kind: 'refused', message: error.message };
  const failure = error instanceof Error ? error : new Error(String(error));
  return { kind: 'crash', message: failure.stack ?? failure.message };
}

/** The error and its causes: a page job wraps what went wrong in rendering it. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let at = error; at !== undefined && chain.length < 10; at = (at as Error)?.cause) chain.push(at);
  return chain;
}

parentPort!.on('message', async () => {
  const started = performance.now();
  try {
    const result = await build({ ...options, log: (line) => post({ type: 'log', line }) });
    post({ type: 'built', files: result.files.length, rendered: result.report.made, ms: performance.now() - started });
  } catch (error) {
    post({ type: 'failed', failure: describeFailure(error), ms: performance.now() - started });
  }
});
