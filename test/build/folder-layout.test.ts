/**
 * No folder of the published folder over Netlify's 54,000 files per directory, files and
 * sub-folders counted (site/layout.ts):
 * - at 50,000 skills and 5,000 bundles, the file list the build would write, named by the same code
 *   that names the files (the page kinds, the layout, the sitemap, llms-full.txt's plan and the
 *   majors' mirror), without rendering a page: the flat layout is over in skills/ and install/, the
 *   build's layout is not, anywhere, /v1 included;
 * - a build of the bench's synthetic catalogue of 120 skills with a limit small enough (though above
 *   the content editor's folder of 97 files) fans its skills out for real: the same bytes, the same
 *   headers, every address still answered by a file the Edge Function or the CDN finds;
 * - past the limit even then, the build stops before it renders a page, naming the limit, the folder
 *   and the count, and leaves no output.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, PROJECT_ROOT } from '../../build/index.ts';
import type { BuildResult } from '../../build/index.ts';
import { mirrorPlan, withMirrors } from '../../build/mirror.ts';
import { PAGE_LAYOUT_FILE } from '../../build/function-constants.ts';
import { siteFrame } from '../../build/emit/assets.ts';
import { FANOUT_DIR, FLAT_LAYOUT, pageFileIn, SECTION } from '../../core/page-paths.ts';
import { edgePatterns, markdownTwinPath, movedFile } from '../../core/negotiate.ts';
import { directoryEntries, DIRECTORY_MAX_ENTRIES, overfullFolders, pageLayout, plannedPageFiles } from '../../site/layout.ts';
import { PublishLimitError } from '../../site/errors.ts';
import { allPages } from '../../site/pages/registry.ts';
import { sitemapFiles } from '../../site/sitemap.ts';
import { clusterQuery } from '../../core/query.ts';
import { catalogQueryLength } from '../../core/catalog-layout.ts';
import { TEXT_FILE_MAX_BYTES } from '../../core/published-files.ts';
import { largeModel } from '../helpers/large-catalogue.ts';
import { llmsFullText } from '../../site/llms.ts';
import { llmsFullFiles } from '../../site/llms-full.ts';
import { headersForPath, readHeaderRules } from '../../dev/static.ts';
import { writeSyntheticContent } from '../../scripts/bench/synthetic-content.ts';

const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234', CONTEXT: 'production' };
const SKILLS = 50_000;
const BUNDLES = 5_000;
/** The bench corpus's typical Markdown twin (llms-at-scale.test.ts). */
const TYPICAL_TWIN_BYTES = 4_250;
/** A catalogue whose skills/ passes FANNED_LIMIT flat (three files a skill) and not fanned out, and
 * passes STOP_LIMIT in JSON twins alone; the largest folder of every build, admin's, is below both. */
const SMALL_SKILLS = 120;
const FANNED_LIMIT = 130;
const STOP_LIMIT = 100;

let root: string;
let flat: BuildResult;
let fanned: BuildResult;
const flatDir = () => join(root, 'flat');
const fannedDir = () => join(root, 'fanned');
const build1 = (outDir: string, folderMaxEntries?: number, log?: (line: string) => void) =>
  build({ contentDir: join(root, 'content'), outDir, constantsFile: `${outDir}.function-constants.json`, env: ENV, cacheDir: null, threads: 1, folderMaxEntries, log });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'folder-layout-'));
  await writeSyntheticContent(join(root, 'content'), { skills: SMALL_SKILLS }, join(PROJECT_ROOT, 'test/fixtures/content-small'));
  flat = await build1(flatDir());
  fanned = await build1(fannedDir(), FANNED_LIMIT);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe(`at ${SKILLS.toLocaleString('en')} skills and ${BUNDLES.toLocaleString('en')} bundles`, () => {
  it('would put 150,000 entries in skills/ and 100,000 in install/ flat; the build\'s layout keeps every folder, /v1 included, within 54,000', () => {
    const model = largeModel(flat.model, SKILLS, BUNDLES);
    const flatPages = directoryEntries(plannedPageFiles(model, FLAT_LAYOUT));
    // Three files a skill, the index page, its twin and the folder of the listing's later pages.
    expect(flatPages.get(SECTION.skill)).toBe(3 * SKILLS + 3);
    expect(flatPages.get(SECTION.install)).toBe(2 * SKILLS);

    const layout = pageLayout(model);
    expect(layout.fannedOut).toEqual([SECTION.skill, SECTION.install]);
    // Every file the build writes: the pages and twins where the layout puts them, the sitemap and
    // llms-full.txt as their own code splits them at this size, and the rest as the sample's build
    // wrote it (none of it grows with the catalogue); then the majors' copies.
    const smallPages = new Set(plannedPageFiles(flat.model, FLAT_LAYOUT));
    const twins = allPages(model).filter((page) => page.kind === 'skill' || page.kind === 'bundle').map((page) => pageFileIn(layout, page.markdownFile));
    const { folders } = mirrorPlan();
    const files = withMirrors([
      ...flat.files.filter((file) => !smallPages.has(file) && !/^(sitemap|llms-full)/.test(file) && !folders.some((folder) => file.startsWith(`${folder}/`))),
      ...plannedPageFiles(model, layout),
      ...sitemapFiles(model.site.baseUrl, allPages(model)).map((file) => file.path),
      ...llmsFullFiles(llmsFullText(siteFrame(model), SKILLS, BUNDLES), twins, () => TYPICAL_TWIN_BYTES).map((file) => file.path),
    ]);
    expect(overfullFolders(files)).toEqual([]);
    const entries = directoryEntries(files);
    // The JSON twins stay, with the folder's index page, its twin, the folder of its later pages and the sub-folder.
    expect(entries.get(SECTION.skill)).toBe(SKILLS + 4);
    expect(entries.get(`v1/${SECTION.skill}`)).toBe(SKILLS + 4);
    expect(entries.get(SECTION.install)).toBe(1);
    expect(entries.get(`${SECTION.skill}/${FANOUT_DIR}`)).toBe(256);
    expect(Math.max(...[...entries].filter(([folder]) => folder.startsWith(`${SECTION.skill}/${FANOUT_DIR}/`)).map(([, count]) => count))).toBeLessThan(1_000);
  });

  it("leaves to the catalog function each cluster's JSON twin past 10 MB, and writes the others, each within it", () => {
    const model = largeModel(flat.model, SKILLS, BUNDLES);
    const layout = pageLayout(model);
    const sizes = model.clusters.map((cluster) => ({ id: cluster.id, bytes: catalogQueryLength(model.catalogFile.layout, clusterQuery(cluster.id)) }));
    expect(layout.queriedClusters).toEqual(sizes.filter(({ bytes }) => bytes > TEXT_FILE_MAX_BYTES).map(({ id }) => id));
    expect(layout.queriedClusters.length).toBeGreaterThan(0);
    const files = new Set(plannedPageFiles(model, layout));
    for (const { id, bytes } of sizes) expect(files.has(`${SECTION.cluster}/${id}.json`), id).toBe(bytes <= TEXT_FILE_MAX_BYTES);
    // The page and its twin stay; only the JSON twin is no file.
    for (const id of layout.queriedClusters) expect(files.has(`${SECTION.cluster}/${id}.html`)).toBe(true);
  });

  it('stops past the limit before a page is rendered, naming the limit, the folder and the count', () => {
    const model = largeModel(flat.model, DIRECTORY_MAX_ENTRIES, BUNDLES);
    expect(() => pageLayout(model)).toThrow(PublishLimitError);
    expect(() => pageLayout(model)).toThrow(/^skills\/ would hold 54,004 entries, over Netlify's limit of 54,000 files per directory .*the JSON twins must stay at their addresses\.$/);
  });
});

describe("a build whose clusters' JSON twins pass a text file's limit", () => {
  it('writes none of them, under /v1 neither, names them in its log, and writes every other file as before', async () => {
    const outDir = join(root, 'queried');
    const log: string[] = [];
    const queried = await build({ contentDir: join(root, 'content'), outDir, constantsFile: `${outDir}.function-constants.json`, env: ENV, cacheDir: null, threads: 1, textFileMaxBytes: 1, log: (line) => log.push(line) });
    const ids = queried.model.clusters.map((cluster) => cluster.id);
    expect(queried.model.layout.queriedClusters).toEqual(ids);
    expect(log.join('\n')).toContain(`the JSON twins of clusters ${ids.join(', ')} answered by the catalog function`);
    const twins = ids.flatMap((id) => [`${SECTION.cluster}/${id}.json`, `v1/${SECTION.cluster}/${id}.json`]);
    for (const twin of twins) expect(existsSync(join(outDir, twin)), twin).toBe(false);
    expect(queried.files.filter((file) => !file.startsWith('admin/') && file !== 'search-page.json.gz').sort())
      .toEqual(flat.files.filter((file) => !twins.includes(file) && !file.startsWith('admin/') && file !== 'search-page.json.gz').sort());
    rmSync(outDir, { recursive: true });
    rmSync(`${outDir}.function-constants.json`);
  });
});

describe('a build whose skills/ passes the limit', () => {
  const read = (dir: string, path: string) => readFileSync(join(dir, path));
  const skills = () => fanned.model.skills.map((entry) => entry.skill.slug);

  it('writes each skill\'s page and Markdown twin in the section\'s sub-folders, the same bytes, under /v1 too; the JSON twins and every other section stay', () => {
    expect(fanned.model.layout.fannedOut).toEqual([SECTION.skill, SECTION.install]);
    const written = new Set(fanned.files);
    for (const slug of skills()) {
      for (const prefix of ['', 'v1/']) {
        for (const extension of ['html', 'md']) {
          const file = `${SECTION.skill}/${slug}.${extension}`;
          const moved = pageFileIn(fanned.model.layout, file);
          expect(moved).toMatch(new RegExp(`^${SECTION.skill}/${FANOUT_DIR}/[0-9a-f]{2}/${slug}\\.${extension}$`));
          expect(written.has(`${prefix}${file}`), `${prefix}${file}`).toBe(false);
          expect(read(fannedDir(), `${prefix}${moved}`).equals(read(flatDir(), `${prefix}${file}`)), `${prefix}${moved}`).toBe(true);
        }
        expect(read(fannedDir(), `${prefix}${SECTION.skill}/${slug}.json`).equals(read(flatDir(), `${prefix}${SECTION.skill}/${slug}.json`))).toBe(true);
      }
    }
    const others = (files: readonly string[]) => files.filter((file) => !/^(v1\/)?(skills|install)\//.test(file) && file !== '_headers').sort();
    expect(others(fanned.files)).toEqual(others(flat.files));
    // The editor's page and the search page's frame carry the pages' frame, layout and all.
    expect(others(fanned.files).filter((file) => !read(fannedDir(), file).equals(read(flatDir(), file)))).toEqual(['admin/index.html', 'search-page.json.gz', 'v1/search-page.json.gz']);
    expect(overfullFolders(fanned.files, FANNED_LIMIT)).toEqual([]);
  });

  it('gives each moved file the headers its address had, and its address the same', async () => {
    const [before, after] = await Promise.all([readHeaderRules(flatDir()), readHeaderRules(fannedDir())]);
    expect(after.errors).toEqual([]);
    for (const slug of skills()) {
      for (const prefix of ['', '/v1']) {
        const page = `${prefix}/${SECTION.skill}/${slug}`;
        const twin = `${page}.md`;
        expect(headersForPath(after.rules, movedFile(page, fanned.model.layout)!), page).toEqual(headersForPath(before.rules, page));
        expect(headersForPath(after.rules, movedFile(twin, fanned.model.layout)!), twin).toEqual(headersForPath(before.rules, twin));
        expect(headersForPath(after.rules, twin), twin).toEqual(headersForPath(before.rules, twin));
      }
    }
  });

  it('tells the Edge Function where the pages are (for the published folder alone); the function routes the twins\' own paths of that section only', () => {
    const { layout } = fanned.model;
    expect(layout).toEqual({ fannedOut: [SECTION.skill, SECTION.install], queriedClusters: [] });
    // The sample's build into dist/ (the run's shared build) wrote its own; a build elsewhere leaves nothing beside its folder.
    expect(JSON.parse(readFileSync(join(PROJECT_ROOT, PAGE_LAYOUT_FILE), 'utf8'))).toEqual({ fannedOut: [], queriedClusters: [] });
    expect(readdirSync(root).sort()).toEqual(['content', 'fanned', 'fanned.function-constants.json', 'flat', 'flat.function-constants.json']);
    const routes = edgePatterns(layout).map((source) => new RegExp(source));
    const routed = (path: string) => routes.some((route) => route.test(path));
    const [slug] = skills();
    const written = new Set(fanned.files);
    for (const prefix of ['', '/v1']) {
      const page = `${prefix}/${SECTION.skill}/${slug}`;
      expect(routed(page) && routed(`${page}.md`) && !routed(`${page}.json`), page).toBe(true);
      // Every file the function asks the CDN for is there.
      for (const path of [page, `${page}/`, `${page}.md`, markdownTwinPath(page)!]) expect(written.has(movedFile(path, layout)!.slice(1)), path).toBe(true);
    }
    expect(routed(`/${SECTION.bundle}/x.md`)).toBe(false);
    expect(movedFile(`/${SECTION.bundle}/x`, layout)).toBeNull();
  });

  it('stops before rendering a page once even the JSON twins pass the limit, naming it, the folder and the count, and writes nothing', async () => {
    const log: string[] = [];
    const outDir = join(root, 'stopped');
    const failure = await build1(outDir, STOP_LIMIT, (line) => log.push(line)).then(() => undefined, (error: Error) => error);
    expect(failure).toBeInstanceOf(PublishLimitError);
    const expected = directoryEntries(plannedPageFiles(flat.model, fanned.model.layout)).get(SECTION.skill);
    expect(expected).toBeGreaterThan(STOP_LIMIT);
    expect(failure!.message).toContain(`skills/ would hold ${expected} entries, over Netlify's limit of ${STOP_LIMIT} files per directory`);
    expect(log.some((line) => line.startsWith('emit'))).toBe(false);
    expect(existsSync(outDir)).toBe(false);
  });
});
