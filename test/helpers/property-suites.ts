/** The property suites: every test file that imports fast-check, or the run's seed (a fixed sample
 * of a property, sent over HTTP), found rather than listed. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';

const USES_PROPERTIES = /from ['"](?:fast-check|(?:\.\.?\/)+(?:test\/)?helpers\/property\.ts)['"]/;

/** Test files (and their helpers, with `helpers`) below root that use fast-check or its seed, sorted. */
export function propertySuites(root: string, { helpers = false } = {}): string[] {
  const patterns = helpers ? ['**/*.test.ts', 'test/helpers/**/*.ts'] : ['**/*.test.ts'];
  return fg
    .sync(patterns, { cwd: root, ignore: ['node_modules/**', 'bench/work/**', 'dist/**'] })
    .filter((file) => USES_PROPERTIES.test(readFileSync(join(root, file), 'utf8')))
    .sort();
}
