/** `npm run cms`'s static side: the files Netlify's pretty URLs find, with the headers of the
 * site's own `_headers` (the editor's policy under /admin/, the pages' elsewhere). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHeaderRules } from '../site/headers.ts';
import { ADMIN_CONTENT_SECURITY_POLICY, adminHeaders, contentSecurityHeaders, CONTENT_SECURITY_POLICY } from '../core/page-headers.ts';
import { readHeaderRules } from '../dev/static.ts';
import type { HeaderRule } from '../dev/static.ts';
import { staticAnswer } from './cms-server.ts';

const dist = mkdtempSync(join(tmpdir(), 'cms-server-'));
let rules: HeaderRule[];
beforeAll(async () => {
  for (const file of ['index.html', 'skills/x.html', 'skills/index.html', 'admin/index.html', 'admin/config.yml']) {
    mkdirSync(join(dist, file, '..'), { recursive: true });
    writeFileSync(join(dist, file), file);
  }
  // The rules the build writes for these entries (site/headers.ts), in Netlify's format.
  writeFileSync(join(dist, '_headers'), formatHeaderRules([
    { path: '/', headers: contentSecurityHeaders() }, { path: '/index.html', headers: contentSecurityHeaders() },
    { path: '/skills/*', headers: contentSecurityHeaders() }, { path: '/admin/*', headers: adminHeaders() },
  ]));
  ({ rules } = await readHeaderRules(dist));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const answer = (pathname: string, method = 'GET') => staticAnswer(dist, rules, method, pathname);

describe('staticAnswer', () => {
  it('finds pages as Netlify\'s pretty URLs do, and sends /admin to /admin/', () => {
    expect(answer('/').file).toBe(join(dist, 'index.html'));
    expect(answer('/skills/x').file).toBe(join(dist, 'skills/x.html'));
    expect(answer('/skills/').file).toBe(join(dist, 'skills/index.html'));
    expect(answer('/admin/').file).toBe(join(dist, 'admin/index.html'));
    expect(answer('/admin')).toMatchObject({ status: 301, headers: { location: '/admin/' } });
    expect(answer('/skills/missing').status).toBe(404);
    expect(answer('/skills/x', 'POST').status).toBe(405);
  });

  it('never leaves the folder it serves, never serves _headers, and refuses malformed escapes', () => {
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/%ZZ', '/_headers']) expect(answer(path).status, path).toBe(404);
  });

  it('gives /admin/ the editor\'s policy and noindex from _headers, every page the pages\' policy', () => {
    expect(answer('/admin/').headers).toMatchObject({ 'content-security-policy': ADMIN_CONTENT_SECURITY_POLICY, 'x-robots-tag': 'noindex', 'content-type': 'text/html; charset=utf-8' });
    expect(answer('/skills/x').headers).toMatchObject({ 'content-security-policy': CONTENT_SECURITY_POLICY });
    expect(answer('/skills/x').headers).not.toHaveProperty('x-robots-tag');
    expect(answer('/admin/config.yml').headers['content-type']).toBe('text/yaml; charset=utf-8');
  });
});
