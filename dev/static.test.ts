import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { candidatePaths, contentTypeOf, headersForPath, locateStatic, readHeaderRules } from './static.ts';

const out = mkdtempSync(join(tmpdir(), 'dev-static-'));
for (const file of ['index.html', 'skills/a.html', 'skills/a.md', 'skills/index.html', 'assets/x.css', 'caf\u00e9.html']) {
  mkdirSync(join(out, file, '..'), { recursive: true });
  writeFileSync(join(out, file), file);
}
writeFileSync(join(out, '_headers'), '/*\n  x-every: 1\n/skills/*.md\n  content-type: text/markdown; charset=utf-8\n/skills/*\n  x-every: 2\n');
const outside = `${out}-secret`;
writeFileSync(outside, 'outside');
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(outside, { force: true });
});

describe('static files as Netlify finds them', () => {
  it('tries the path, then the page forms netlify-cli tries', () => {
    expect(candidatePaths('/')).toEqual(['/index.html']);
    expect(candidatePaths('/skills/')).toEqual(['/skills.html', '/skills/index.html']);
    expect(candidatePaths('/skills/a')).toEqual(['/skills/a', '/skills/a.html', '/skills/a/index.html']);
    expect(candidatePaths('/assets/x.css')).toEqual(['/assets/x.css']);
  });

  it('finds pages by their pretty path, files by theirs, percent-encoded names decoded', () => {
    expect(locateStatic(out, '/')).toBe(join(out, 'index.html'));
    expect(locateStatic(out, '/skills/a')).toBe(join(out, 'skills/a.html'));
    expect(locateStatic(out, '/skills/a.md')).toBe(join(out, 'skills/a.md'));
    expect(locateStatic(out, '/skills/')).toBe(join(out, 'skills/index.html'));
    expect(locateStatic(out, '/skills')).toBe(join(out, 'skills/index.html'));
    expect(locateStatic(out, '/caf%C3%A9')).toBe(join(out, 'caf\u00e9.html'));
    expect(locateStatic(out, '/skills/b')).toBeUndefined();
  });

  it('serves nothing outside the folder, nor the rules Netlify reads instead of publishing', () => {
    expect(locateStatic(out, `/../${out.split('/').pop()}-secret`)).toBeUndefined();
    expect(locateStatic(out, `/%2e%2e/${out.split('/').pop()}-secret`)).toBeUndefined();
    expect(locateStatic(out, '/_headers')).toBeUndefined();
    expect(locateStatic(out, '/%ZZ')).toBeUndefined();
  });

  it('gives a path the headers of every rule that matches it, later rules winning, as netlify-cli does', async () => {
    const { rules, errors } = await readHeaderRules(out);
    expect(errors).toEqual([]);
    expect(headersForPath(rules, '/skills/a.md')).toEqual({ 'x-every': '2', 'content-type': 'text/markdown; charset=utf-8' });
    expect(headersForPath(rules, '/')).toEqual({ 'x-every': '1' });
  });

  it('types what _headers does not', () => {
    expect(contentTypeOf('a/b.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('a/b.json')).toBe('application/json');
    expect(contentTypeOf('a/b.unknown')).toBe('application/octet-stream');
  });
});
