/**
 * The floor of `npm run bench`: the same files as the build, made in a straight line by nothing but
 * the site layer's render functions, so that what the build's architecture costs is a ratio.
 * Load, validate and model as the build does (the model needs valid content, so the floor checks
 * the content too), then on this thread alone every page and twin, llms-full.txt, every other
 * artifact, `_headers` and the `/v1` copies, each written with a plain fs call. What it leaves out:
 * the functions' constants file (beside dist/, one small JSON), render workers, the build cache and the body cache, the artifacts' reuse, the check of the
 * JSON files against their schemas, the locks, the staging folder and its swap.
 * What comes with the code rather than the content is read as the build reads it: the editor's
 * script is bundled once per code version (build/emit/admin.ts), for either.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { contentModel } from '../../build/index.ts';
import { deployContext } from '../../build/deploy-context.ts';
import { artifacts, emitHeaders } from '../../build/emit/index.ts';
import { renderArtifact } from '../../build/run/artifact.ts';
import { siteFrame } from '../../build/emit/assets.ts';
import { buildBodies } from '../../build/run/bodies.ts';
import { catalogueDocs, LLMS_FULL_SEPARATOR, llmsFullParts } from '../../build/run/pages.ts';
import { mirrorPlan } from '../../build/mirror.ts';
import type { StampEnvironment } from '../../build/stamp.ts';
import { llmsFullFiles } from '../../site/llms-full.ts';
import { cataloguePages, pageJobs, renderJobFiles } from '../../site/pages/registry.ts';
import type { OutputFile } from '../../site/types.ts';
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
  const timed = <T>(step: string, work: () => T): T => {
    const started = performance.now();
    try {
      return work();
    } finally {
      timings[step] = (timings[step] ?? 0) + performance.now() - started;
    }
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
  const write = (written: Iterable<OutputFile>) => {
    for (const { path, bytes } of written) writeFileSync(target(path), bytes);
  };

  // Made outside any step, as the build makes it (build/run/index.ts).
  const frame = siteFrame(model);
  timed('emit pages', () => {
    const jobs = pageJobs(model);
    write(cataloguePages(frame, model.catalog, model.index, catalogueDocs(model)));
    for (const job of jobs) write(renderJobFiles(frame, job, buildBodies));
    const { text, twins } = llmsFullParts(frame, model, jobs);
    for (const file of llmsFullFiles(text, twins, (path) => statSync(join(outDir, path)).size, LLMS_FULL_SEPARATOR)) {
      const fd = openSync(target(file.path), 'w');
      try {
        writeSync(fd, file.head);
        for (const twin of file.twins) writeSync(fd, Buffer.concat([Buffer.from(LLMS_FULL_SEPARATOR), readFileSync(join(outDir, twin))]));
      } finally {
        closeSync(fd);
      }
    }
  });
  for (const [name, artifact] of Object.entries(artifacts)) timed(`emit ${name}`, () => write(renderArtifact(name, artifact, model, frame)));
  timed('emit headers', () => write(emitHeaders(model, files)));
  // The copies are hard links, as in the build's folder (build/run/output.ts).
  timed('mirror majors', () => {
    const { folders, copied } = mirrorPlan();
    const originals = files.filter(copied);
    for (const folder of folders) for (const path of originals) linkSync(join(outDir, path), target(`${folder}/${path}`));
  });
  return { model, files, timings, modelPeakRssMb };
}
