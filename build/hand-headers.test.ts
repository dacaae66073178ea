/** The hand-kept `_headers`: read as Netlify reads it, refused where it would fight the build. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseHandHeaders, readHandHeaders } from './hand-headers.ts';
import { build, HAND_HEADERS_FILE } from './index.ts';
import { ContentError } from './content-error.ts';

const dir = mkdtempSync(join(tmpdir(), 'hand-headers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the project’s _headers', () => {
  it('has no problem and reads as Netlify’s own parser reads it', async () => {
    const ours = readHandHeaders(HAND_HEADERS_FILE, '_headers');
    expect(ours.problems).toEqual([]);
    const netlify = await parseAllHeaders({ headersFiles: [HAND_HEADERS_FILE], configHeaders: [], minimal: true });
    expect(netlify.errors).toEqual([]);
    expect(netlify.headers.map((rule) => ({ path: rule.for, headers: rule.values }))).toEqual(ours.rules);
  });
});

describe('parseHandHeaders', () => {
  it('refuses a header the build sets itself, naming the line', () => {
    const { problems } = parseHandHeaders('/assets/*\n  Cache-Control: public, max-age=31536000\n  X-Example: yes\n  X-Robots-Tag: noindex\n\n/*\n  vary: Cookie\n', '_headers');
    expect(problems.map((p) => `${p.line} ${p.field}`)).toEqual(['2 Cache-Control', '4 X-Robots-Tag', '7 vary']);
    expect(problems[0].expected).toMatch(/core\/headers\.ts/);
  });

  it('refuses a path that Netlify would compile into a looser pattern than it reads, naming the line', () => {
    const { problems } = parseHandHeaders('/*.md\n  X-One: 1\n/skills/*.json\n  X-Two: 2\n/a+b*\n  X-Three: 3\n', '_headers');
    expect(problems.map((p) => p.line)).toEqual([1, 3, 5]);
    expect(problems[0].expected).toMatch(/regular expression.*"\/skills\/cmd"/);
    expect(problems[0].got).toContain('/*.md');
  });

  it('keeps a whole * segment, a * among plain letters, :placeholders and exact paths', () => {
    const { problems, rules } = parseHandHeaders('/assets/*\n  X-A: 1\n/files/report*\n  X-B: 2\n/u/:name/x\n  X-C: 3\n/llms.txt\n  X-D: 4\n', '_headers');
    expect(problems).toEqual([]);
    expect(rules.map((rule) => rule.path)).toEqual(['/assets/*', '/files/report*', '/u/:name/x', '/llms.txt']);
  });

  it('refuses lines Netlify would skip without a word', () => {
    const { problems } = parseHandHeaders('X-Early: yes\n/ok\n  no colon here\n  X-Empty:\n', '_headers');
    expect(problems.map((p) => p.line)).toEqual([1, 3, 4]);
  });

  it('keeps rules, values and comments apart', () => {
    const { rules, problems } = parseHandHeaders('# a comment\n/a\n  X-One: 1\n  X-Url: https://a.example/x\n\n/b/*\n  X-Two: 2\n', '_headers');
    expect(problems).toEqual([]);
    expect(rules).toEqual([{ path: '/a', headers: { 'X-One': '1', 'X-Url': 'https://a.example/x' } }, { path: '/b/*', headers: { 'X-Two': '2' } }]);
  });
});

describe('a build with a wrong _headers', () => {
  it('names its problems with the content’s, and writes nothing', async () => {
    const headersFile = join(dir, '_headers');
    writeFileSync(headersFile, '/*\n  Cache-Control: no-cache\n');
    const outDir = join(dir, 'dist');
    const error = await build({ contentDir: join(import.meta.dirname, '../test/fixtures/bad-content/three-clusters'), headersFile, outDir, constantsFile: null }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    const files = (error as ContentError).problems.map((problem) => problem.file);
    expect(files.some((file) => file.endsWith('_headers'))).toBe(true);
    expect(files.some((file) => file.endsWith('alpha.md'))).toBe(true);
    expect(existsSync(outDir)).toBe(false);
  });
});
