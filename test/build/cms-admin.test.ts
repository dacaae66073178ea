/**
 * The content editor in the built dist/: /admin/ is a noindex page loading only files of this
 * deploy (Decap's pinned bundle, byte for byte, and the editor's own script), its config.yml is
 * what the generator makes from schema/, and no list of the site names it: not the sitemap,
 * llms.txt, llms-full.txt, the catalogue or the search index.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readSchema } from '../../build/ajv.ts';
import { ADMIN_DIR, adminConfig } from '../../site/admin-config.ts';
import { DECAP_FOLDER } from '../../build/emit/admin.ts';
import { adminHeaders } from '../../core/page-headers.ts';
import type { Cluster } from '../../core/types.ts';
import { CONTENT, DIST, elements, exists, files, parseHtml, read } from '../pages/dist.ts';
import { EDITOR_DATA_ID } from '../../build/emit/admin-editor.ts';

const page = () => elements(parseHtml(`${ADMIN_DIR}/index.html`));

describe('/admin/ in dist/', () => {
  it('is a page search engines are told not to index', () => {
    const robots = page().find((element) => element.tagName === 'meta' && element.properties.name === 'robots');
    expect(robots?.properties.content).toBe('noindex');
  });

  it('loads its scripts from this deploy only, with no inline script: the build\'s data is a JSON block, which no browser runs', () => {
    const all = page().filter((element) => element.tagName === 'script');
    const data = all.filter((element) => element.properties.type === 'application/json');
    expect(data.map((element) => element.properties.id)).toEqual([EDITOR_DATA_ID]);
    const text = data[0].children.map((child) => (child.type === 'text' ? child.value : '')).join('');
    expect(Object.keys(JSON.parse(text) as object).sort()).toEqual(['bodyHeading', 'formats', 'frame', 'localBackendPath']);
    const scripts = all.filter((element) => !data.includes(element));
    expect(scripts.length).toBe(2);
    for (const script of scripts) {
      const src = String(script.properties.src ?? '');
      expect(src, 'a script file of /admin/').toMatch(new RegExp(`^/${ADMIN_DIR}/`));
      expect(exists(src.slice(1)), src).toBe(true);
      expect(script.children).toEqual([]);
    }
  });

  it('ships Decap CMS as the pinned npm package built it', () => {
    const require = createRequire(import.meta.url);
    const original = readFileSync(require.resolve('decap-cms/dist/decap-cms.js'));
    expect(Buffer.compare(readFileSync(join(DIST, DECAP_FOLDER, 'decap-cms.js')), original)).toBe(0);
    expect(files(`${DECAP_FOLDER}/*.map`)).toEqual([]);
  });

  it('holds the configuration generated from schema/content', () => {
    const clusters = parse(readFileSync(join(CONTENT, 'clusters.yaml'), 'utf8')) as Cluster[];
    const expected = adminConfig({ readSchema, clusterLabels: Object.fromEntries(clusters.map((cluster) => [cluster.id, cluster.label])) });
    const written = parse(read(`${ADMIN_DIR}/config.yml`)) as typeof expected;
    expect(written.collections).toEqual(expected.collections);
    expect(written.local_backend).toBe(true);
    expect(written.backend).toMatchObject({ name: 'github', base_url: 'https://api.netlify.com', auth_endpoint: 'auth' });
  });

  it('gets its own Content-Security-Policy and noindex from dist/_headers, from one rule', async () => {
    const { headers } = await parseAllHeaders({ headersFiles: [join(DIST, '_headers')], configHeaders: [], minimal: false });
    for (const path of [`/${ADMIN_DIR}/`, `/${ADMIN_DIR}/index.html`, `/${ADMIN_DIR}/config.yml`]) {
      const matching = (headers as { forRegExp: RegExp; values: Record<string, string> }[]).filter((rule) => rule.forRegExp.test(path));
      const csp = matching.flatMap((rule) => Object.entries(rule.values).filter(([name]) => name.toLowerCase() === 'content-security-policy').map(([, value]) => value));
      expect(csp, path).toEqual([adminHeaders()['content-security-policy']]);
      expect(matching.some((rule) => rule.values['x-robots-tag'] === 'noindex'), path).toBe(true);
    }
  });

  it('is listed nowhere: not in the sitemap, llms.txt, llms-full.txt, the catalogue or the search index', () => {
    const mention = new RegExp(`/${ADMIN_DIR}(/|\\b)`);
    for (const file of ['sitemap.xml', 'llms.txt', 'llms-full.txt', 'catalog.json']) expect(read(file), file).not.toMatch(mention);
    for (const file of files('**/*.{html,md,json}').filter((path) => !path.startsWith(`${ADMIN_DIR}/`))) {
      expect(read(file), file).not.toMatch(new RegExp(`href="/${ADMIN_DIR}`));
    }
  });
});
