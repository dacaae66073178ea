import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MissingMarkersError, replaceMarkedSection, writeMarkedSection } from './marked-section.ts';

const PAGE = '# Performance\n\nKept by hand.\n\n<!-- bench:start -->\nold tables\n<!-- bench:end -->\n\nAlso kept.\n';

describe('a section a script writes', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('replaces only what lies between its markers, `$` sequences of the body written as they are', () => {
    expect(replaceMarkedSection(PAGE, 'bench', '| a | $1 | $& |\n', 'docs/performance.md'))
      .toBe('# Performance\n\nKept by hand.\n\n<!-- bench:start -->\n| a | $1 | $& |\n<!-- bench:end -->\n\nAlso kept.\n');
  });

  it('refuses a page without the markers, naming it', () => {
    expect(() => replaceMarkedSection('# Performance\n', 'bench', 'x', 'docs/performance.md')).toThrow(MissingMarkersError);
    expect(() => replaceMarkedSection(PAGE, 'api-examples', 'x', 'docs/api-examples.md')).toThrow(/docs\/api-examples\.md has no <!-- api-examples:start -->/);
  });

  it('writes the page on disk and leaves no temporary file', () => {
    dir = mkdtempSync(join(tmpdir(), 'marked-'));
    const path = join(dir, 'performance.md');
    writeFileSync(path, PAGE);
    writeMarkedSection(path, 'bench', 'new tables\n');
    expect(readFileSync(path, 'utf8')).toContain('<!-- bench:start -->\nnew tables\n<!-- bench:end -->');
    expect(readdirSync(dir)).toEqual(['performance.md']);
  });
});
