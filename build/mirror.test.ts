/** The copies under each major's prefix: every original once per major, nothing else. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mirrorMajors } from './mirror.ts';
import { mirrored } from '../site/headers.ts';
import { OutputFolder } from './run/output.ts';

const root = mkdtempSync(join(tmpdir(), 'mirror-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('mirrorMajors', () => {
  it('copies every original under each major, never a copy of a copy, and keeps _headers and the editor at the top', () => {
    const output = new OutputFolder(join(root, 'dist'));
    for (const path of ['index.html', 'skills/a.json', '_headers', 'admin/index.html']) output.add({ path, bytes: path });
    expect(mirrorMajors(output, { 1: {}, 2: {} })).toBe(4);
    expect(output.files.sort()).toEqual([
      '_headers', 'admin/index.html', 'index.html', 'skills/a.json', 'v1/index.html', 'v1/skills/a.json', 'v2/index.html', 'v2/skills/a.json',
    ]);
    expect(readFileSync(join(output.staging, 'v2/skills/a.json'), 'utf8')).toBe('skills/a.json');
    output.abort();
  });

  it('keeps at the top what Netlify reads there and the content editor', () => {
    expect(['_headers', 'admin', 'admin/config.yml', 'admin/*'].filter(mirrored)).toEqual([]);
    expect(['index.html', 'skills/*', 'administrator.html'].every(mirrored)).toBe(true);
  });
});
