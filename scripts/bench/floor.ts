/**
 * The floor of `npm run bench`: the same files as the build, made in a straight line by nothing but
 * the kinds' render functions, so that what the build's architecture costs is a ratio. Load,
 * validate and model as the build does (the model needs valid content, so the floor checks the
 * content too), then on this thread alone every task of every kind in the runner's order, each
 * file written with a plain fs call, and the `/v1` copies linked. What it leaves out: the
 * functions' constants file (beside dist/, one small JSON), render workers, the build cache, the
 * tasks' keys and their reuse, the locks, the working folder and its swap.
 */
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { contentModel } from '../../build/index.ts';
import { deployContext } from '../../build/deploy-context.ts';
import { KINDS } from '../../build/emit/index.ts';
import { makeKind } from '../../build/run/index.ts';
import { mirrorPlan } from '../../build/mirror.ts';
import type { StampEnvironment } from '../../build/stamp.ts';
import type { CatalogueModel } from '../../site/model.ts';

export interface FloorOptions {
  contentDir: string;
  /** Emptied first. */
  outDir: string;
  env: StampEnvironment;
}

/** What the floor wrote: the model, the paths written (relative to `outDir`), and the milliseconds
 * of each step, named as the build's steps that make the same files are (build/run/index.ts). */
export interface Floor {
  model: CatalogueModel;
  files: string[];
  timings: Record<string, number>;
  /** The process's peak RSS once the model was made, before any file: what load, validate and
   * model take alone, in MB. */
  modelPeakRssMb: number;
}

/** Writes the build's files for this content into `outDir`. */
export async function writeFloor({ contentDir, outDir, env }: FloorOptions): Promise<Floor> {
  const timings: Record<string, number> = {};
  const timed = (step: string, work: () => void) => {
    const started = performance.now();
    work();
    timings[step] = (timings[step] ?? 0) + performance.now() - started;
  };
  const started = performance.now();
  const model = await contentModel(resolve(contentDir), env, deployContext(env));
  timings['load, validate, model'] = performance.now() - started;
  const modelPeakRssMb = process.resourceUsage().maxRSS / 1024;
  rmSync(outDir, { recursive: true, force: true });
  const files: string[] = [];
  const dirs = new Set<string>();
  const target = (path: string) => {
    const file = join(outDir, path);
    const dir = dirname(file);
    if (!dirs.has(dir)) mkdirSync(dir, { recursive: true });
    dirs.add(dir);
    files.push(path);
    return file;
  };
  const made = { files, keyOf: () => '', size: (path: string) => statSync(join(outDir, path)).size, read: (path: string) => readFileSync(join(outDir, path)) };
  for (const kind of Object.values(KINDS)) {
    timed(kind.where === 'last' ? 'make last' : 'make', () => {
      for (const { path, bytes } of makeKind(kind, model, made)) writeFileSync(target(path), bytes);
    });
  }
  // The copies are hard links, as in the build's folder (build/output.ts).
  timed('write', () => {
    const { folders, copied } = mirrorPlan();
    const originals = files.filter(copied);
    for (const folder of folders) for (const path of originals) linkSync(join(outDir, path), target(`${folder}/${path}`));
  });
  return { model, files, timings, modelPeakRssMb };
}
