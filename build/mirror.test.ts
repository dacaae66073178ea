/** The copies under each major's prefix: every original once per major, nothing else. */
import { describe, expect, it } from 'vitest';
import { mirrorPlan, withMirrors } from './mirror.ts';
import { mirrored } from '../site/headers.ts';

describe('the copies under each major', () => {
  it('are every original once per major, never a copy of a copy, and leave _headers and the editor at the top', () => {
    const files = ['index.html', 'skills/a.json', '_headers', 'admin/index.html'];
    expect(withMirrors(files, { 1: {}, 2: {} }).sort()).toEqual([
      '_headers', 'admin/index.html', 'index.html', 'skills/a.json', 'v1/index.html', 'v1/skills/a.json', 'v2/index.html', 'v2/skills/a.json',
    ]);
    const { folders, copied } = mirrorPlan({ 1: {}, 2: {} });
    expect(folders).toEqual(['v1', 'v2']);
    expect(['v1/index.html', 'v2/skills/a.json'].some(copied)).toBe(false);
  });

  it('keep at the top what Netlify reads there and the content editor', () => {
    expect(['_headers', 'admin', 'admin/config.yml', 'admin/*'].filter(mirrored)).toEqual([]);
    expect(['index.html', 'skills/*', 'administrator.html'].every(mirrored)).toBe(true);
  });
});
