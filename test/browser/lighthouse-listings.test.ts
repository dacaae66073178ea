/**
 * Lighthouse, phone preset, on the listing pages of a catalogue of 10,000 skills and 1,000 bundles:
 * the sample built into a folder of its own, its skills and bundles then copied under new slugs
 * (test/helpers/large-catalogue.ts) and the pages made from the whole catalogue written over it by
 * the build's own renderer (cataloguePages), with the `_headers` the build writes for such a
 * catalogue. The folder is served as Netlify serves static files (dev/static.ts: pretty URLs and
 * `_headers`), on loopback. `/skills/`, a later page of the largest cluster and the overview score
 * at least 95 in every category.
 */
import { createReadStream, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, PROJECT_ROOT } from '../../build/index.ts';
import { siteFrame } from '../../build/emit/assets.ts';
import { catalogueDocs } from '../../build/run/pages.ts';
import { HEADERS_FILE } from '../../core/published-files.ts';
import { contentTypeOf, headersForPath, locateStatic, readHeaderRules } from '../../dev/static.ts';
import { emitHeaders } from '../../site/headers.ts';
import { allPages, cataloguePages } from '../../site/pages/registry.ts';
import type { CatalogueModel } from '../../site/model.ts';
import { auditPages, CATEGORIES, MIN_SCORE, scoreTable, shortfalls } from '../../scripts/lighthouse/audit.ts';
import { TEST_BUILD_EPOCH } from '../setup/shared.ts';
import { largeModel } from '../helpers/large-catalogue.ts';

const SKILLS = 10_000;
const BUNDLES = 1_000;
const AUDIT_LIMIT_MS = 10 * 60_000;

let folder: string;
let server: Server | undefined;
let base = '';
let large: CatalogueModel;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)));

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'lighthouse-listings-'));
  const dist = join(folder, 'dist');
  const { model } = await build({
    contentDir: join(PROJECT_ROOT, 'content'),
    outDir: dist,
    constantsFile: null,
    env: { ...process.env, CONTEXT: 'production', SOURCE_DATE_EPOCH: TEST_BUILD_EPOCH },
  });
  large = largeModel(model, SKILLS, BUNDLES);
  for (const file of cataloguePages(siteFrame(large), large.catalog, large.index, catalogueDocs(large))) {
    mkdirSync(dirname(join(dist, file.path)), { recursive: true });
    writeFileSync(join(dist, file.path), file.bytes);
  }
  const [headers] = emitHeaders(large, filesUnder(dist).filter((file) => file !== HEADERS_FILE));
  writeFileSync(join(dist, HEADERS_FILE), headers.bytes);
  const { rules, errors } = await readHeaderRules(dist);
  expect(errors).toEqual([]);
  server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://listings.invalid').pathname;
    const file = req.method === 'GET' || req.method === 'HEAD' ? locateStatic(dist, pathname) : undefined;
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    res.writeHead(200, { 'content-type': contentTypeOf(file), ...headersForPath(rules, pathname) });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe(`Lighthouse, mobile preset, on the listings of ${SKILLS.toLocaleString('en')} skills`, () => {
  it(`scores /skills/, a cluster's second page and the overview at least ${MIN_SCORE} in every category`, async () => {
    // A cluster's second page: a later page, with its links both ways.
    const later = allPages(large).filter((page) => page.kind === 'cluster' && page.path.endsWith('/page/2/'));
    expect(later.length).toBeGreaterThan(0);
    const pages = [
      { name: 'skills', path: '/skills/' },
      { name: 'cluster p2', path: later[0].path },
      { name: 'home', path: '/' },
    ];
    const results = await auditPages(base, pages);
    console.log(scoreTable(results));
    for (const result of results) expect(Object.keys(result.scores)).toEqual([...CATEGORIES]);
    expect(shortfalls(results)).toEqual([]);
  }, AUDIT_LIMIT_MS);
});
