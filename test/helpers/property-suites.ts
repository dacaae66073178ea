/** The property suites: every test file that imports fast-check, found rather than listed. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';

const IMPORTS_FAST_CHECK = /from ['"]fast-check['"]/;

/** Test files (and their helpers, with `helpers`) below root that use fast-check, sorted. */
export function propertySuites(root: string, { helpers = false } = {}): string[] {
  const patterns = helpers ? ['**/*.test.ts', 'test/helpers/**/*.ts'] : ['**/*.test.ts'];
  return fg
    .sync(patterns, { cwd: root, ignore: ['node_modules/**', 'bench/work/**', 'dist/**'] })
    .filter((file) => IMPORTS_FAST_CHECK.test(readFileSync(join(root, file), 'utf8')))
    .sort();
}
