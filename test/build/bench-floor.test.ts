/**
 * The bench's floor (scripts/bench/floor.ts) makes the same files as the build, byte for byte, so
 * its time is the time of the build's own work without the build's machinery: the ratio `npm run
 * bench` prints is the machinery's cost and nothing else. Built here with render workers, as a
 * cold build at scale renders, and for a preview with drafts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { build, PROJECT_ROOT } from '../../build/index.ts';
import { writeFloor } from '../../scripts/bench/floor.ts';
import { RECORD_FILE } from '../../build/output.ts';
import { TEST_BUILD_EPOCH } from '../setup/shared.ts';

const work = mkdtempSync(join(tmpdir(), 'bench-floor-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every file, the function's included, but for the build's record of its folder, which the floor keeps none of. */
const filesOf = (dir: string) => fg.sync('**/*', { cwd: dir, dot: true }).filter((path) => path !== RECORD_FILE).sort();

const CASES = [
  { name: 'the sample content', contentDir: join(PROJECT_ROOT, 'content'), CONTEXT: 'production' },
  { name: 'the small fixture', contentDir: join(PROJECT_ROOT, 'test/fixtures/content-small'), CONTEXT: 'production' },
  { name: 'a preview with drafts', contentDir: join(PROJECT_ROOT, 'test/fixtures/content-drafts'), CONTEXT: 'deploy-preview' },
];

describe('the bench\'s floor', () => {
  for (const { name, contentDir, CONTEXT } of CASES) {
    it(`writes the build's files with the build's bytes, for ${name}`, async () => {
      const env = { SOURCE_DATE_EPOCH: TEST_BUILD_EPOCH, COMMIT_REF: 'abc1234', CONTEXT };
      const built = join(work, `${name}-build`);
      const floor = join(work, `${name}-floor`);
      // Every page job on the render workers: the path a cold build of a large catalogue takes.
      const result = await build({ contentDir, outDir: built, cacheDir: null, constantsFile: null, env, threads: 2, workerThreshold: 1 });
      expect(result.report.threads).toBe(2);
      const { files, timings, modelPeakRssMb } = await writeFloor({ contentDir, outDir: floor, env });
      const paths = filesOf(built);
      expect(filesOf(floor)).toEqual(paths);
      expect([...files].sort()).toEqual([...result.files].sort());
      const differing = paths.filter((path) => !readFileSync(join(built, path)).equals(readFileSync(join(floor, path))));
      expect(differing).toEqual([]);
      if (CONTEXT !== 'production') expect(result.model.drafts.skills.length).toBeGreaterThan(0);
      // Each of its steps is one of the build's, by name (the bench sets them side by side), and
      // its memory once the model is made is measured.
      const buildSteps = Object.keys(result.timings);
      expect(Object.keys(timings).filter((step) => step !== 'load, validate, model' && !buildSteps.includes(step))).toEqual([]);
      expect(Object.keys(timings)).toEqual(['load, validate, model', 'make', 'make last', 'write']);
      expect(modelPeakRssMb).toBeGreaterThan(0);
    });
  }
});
