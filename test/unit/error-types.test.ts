/**
 * Every failure the site's code raises is one of the project's error types, each saying whose it
 * is to fix (the content's, the environment's, the build's own definitions, a broken invariant),
 * never a bare `Error` a reader must guess the meaning of.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../build/index.ts';

const SOURCES = ['build/**/*.ts', 'site/**/*.ts', 'core/**/*.ts', 'runtime/**/*.ts', 'functions/**/*.ts'];

describe('the code', () => {
  it('throws no bare Error', () => {
    const files = fg.sync(SOURCES, { cwd: PROJECT_ROOT, ignore: ['**/*.test.ts', '**/*.generated.ts'] });
    expect(files.length).toBeGreaterThan(50);
    const bare = files.flatMap((file) =>
      readFileSync(join(PROJECT_ROOT, file), 'utf8').split('\n').flatMap((line, i) => (/\bnew Error\(/.test(line) ? [`${file}:${i + 1}`] : [])));
    expect(bare).toEqual([]);
  });
});
