/** `npm run cms`'s static server: which file a path names, and which headers it gets. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY } from '../core/page-headers.ts';
import { fileFor, headersFor } from './cms-server.ts';

const dist = mkdtempSync(join(tmpdir(), 'cms-server-'));
for (const file of ['index.html', 'skills/x.html', 'skills/index.html', 'admin/index.html', 'admin/config.yml']) {
  mkdirSync(join(dist, file, '..'), { recursive: true });
  writeFileSync(join(dist, file), file);
}
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('fileFor', () => {
  it('finds pages as Netlify\'s pretty URLs do', () => {
    expect(fileFor(dist, '/')).toBe(join(dist, 'index.html'));
    expect(fileFor(dist, '/skills/x')).toBe(join(dist, 'skills/x.html'));
    expect(fileFor(dist, '/skills/')).toBe(join(dist, 'skills/index.html'));
    expect(fileFor(dist, '/admin/')).toBe(join(dist, 'admin/index.html'));
    expect(fileFor(dist, '/admin/config.yml')).toBe(join(dist, 'admin/config.yml'));
    expect(fileFor(dist, '/skills/missing')).toBeUndefined();
  });

  it('never leaves the folder it serves, and refuses malformed escapes', () => {
    expect(fileFor(dist, '/../package.json')).toBeUndefined();
    expect(fileFor(dist, '/%2e%2e/%2e%2e/etc/passwd')).toBeUndefined();
    expect(fileFor(dist, '/%ZZ')).toBeUndefined();
  });
});

describe('headersFor', () => {
  it('gives /admin/ the editor\'s policy and noindex, every other file the pages\' policy', () => {
    expect(headersFor('/admin/', 'index.html')).toMatchObject({ 'content-security-policy': ADMIN_CONTENT_SECURITY_POLICY, 'x-robots-tag': 'noindex', 'content-type': 'text/html; charset=utf-8' });
    expect(headersFor('/skills/x', 'x.html')).toMatchObject({ 'content-security-policy': CONTENT_SECURITY_POLICY });
    expect(headersFor('/skills/x', 'x.html')).not.toHaveProperty('x-robots-tag');
    expect(headersFor('/admin/config.yml', 'config.yml')['content-type']).toBe('text/yaml; charset=utf-8');
  });
});
