/** Every JSON file the build wrote into dist/ is valid against the response schema of its route. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { apiValidator } from '../../build/ajv.ts';
import type { ApiSchemaName } from '../../core/schema-files.ts';
import type { Bundle, Catalog, ClusterId, Doc, Skill } from '../../core/types.ts';
import { CLUSTER_IDS } from '../../core/types.ts';
import { catalogFor, indexCatalog } from '../../core/query.ts';
import { CATALOG_FILE, CLUSTER_LIST_FILE, FEEDS_DIR, OPENAPI_FILE, STATIC_CATALOG_FILE, VERSION_FILE } from '../../core/published-files.ts';
import { majorPrefixes } from '../../core/headers.ts';

const dist = join(import.meta.dirname, '../../dist');
const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(join(dist, path), 'utf8')) as T;

function expectValid(name: ApiSchemaName, value: unknown, where: string) {
  const validate = apiValidator(name);
  const valid = validate(value);
  expect(valid, `${where}: ${JSON.stringify(validate.errors, null, 1)}`).toBe(true);
}

describe('JSON twins in dist/', async () => {
  const catalog = await readJson<Catalog>('catalog.json');
  const skillFiles = (await fg('skills/*.json', { cwd: dist })).sort();
  const bundleFiles = (await fg('bundles/*.json', { cwd: dist })).sort();

  it('index.json, the static twin of /, holds the bytes of catalog.json', async () => {
    expect(await readFile(join(dist, 'index.json'))).toEqual(await readFile(join(dist, 'catalog.json')));
  });

  it('catalog.json is a valid Catalog of every published skill and bundle', () => {
    expectValid('Catalog', catalog, 'catalog.json');
    expect(catalog.skill_count).toBe(catalog.skills.length);
    expect(catalog.skills.map((s) => `skills/${s.slug}.json`).sort()).toEqual(skillFiles);
    expect(catalog.bundles.map((b) => `bundles/${b.slug}.json`).sort()).toEqual(bundleFiles);
  });

  it('every skills/<slug>.json is a valid Skill equal to its catalogue entry', async () => {
    expect(skillFiles.length).toBeGreaterThan(0);
    for (const file of skillFiles) {
      const skill = await readJson<Skill>(file);
      expectValid('Skill', skill, file);
      expect(skill).toEqual(catalog.skills.find((s) => s.slug === skill.slug));
      expect(skill.json_url).toBe(`${catalog.site}/${file}`);
      expect(skill.command_count).toBe(skill.commands.length);
    }
  });

  it('every bundles/<slug>.json is a valid Bundle whose members are published skills', async () => {
    expect(bundleFiles.length).toBeGreaterThan(0);
    const published = new Set(catalog.skills.map((s) => s.slug));
    for (const file of bundleFiles) {
      const bundle = await readJson<Bundle>(file);
      expectValid('Bundle', bundle, file);
      expect(bundle).toEqual(catalog.bundles.find((b) => b.slug === bundle.slug));
      expect(bundle.skills.length).toBeGreaterThanOrEqual(2);
      for (const member of bundle.skills) expect(published.has(member.slug), `${file} lists ${member.slug}`).toBe(true);
      expect(bundle.price.skill_count).toBe(bundle.skills.length);
    }
  });

  it('version.json is a valid Version with no trailing slash on the base URL', async () => {
    const version = await readJson<Record<string, string>>('version.json');
    expectValid('Version', version, 'version.json');
    expect(version['x-base-url']).toBe(catalog.site);
    expect(version['x-base-url'].endsWith('/')).toBe(false);
  });

  // clusters/index.json is the index's twin, a ClusterList (test/pages/index-pages.test.ts).
  const clusterFiles = (await fg('clusters/*.json', { cwd: dist, ignore: [CLUSTER_LIST_FILE] })).sort();
  const docFiles = (await fg('docs/*.json', { cwd: dist })).sort();

  it('every clusters/<id>.json is the catalogue filtered to that cluster', async () => {
    expect(clusterFiles).toEqual(CLUSTER_IDS.map((id) => `clusters/${id}.json`).sort());
    const index = indexCatalog(catalog);
    for (const file of clusterFiles) {
      const twin = await readJson<Catalog>(file);
      expectValid('Catalog', twin, file);
      const id = file.slice('clusters/'.length, -'.json'.length) as ClusterId;
      expect(twin).toEqual(catalogFor(catalog, index, { clusters: [id], sort: 'default', limit: null }));
      expect(twin.skills.every((skill) => skill.clusters.some((cluster) => cluster.id === id)), file).toBe(true);
    }
  });

  it('every docs/<name>.json is a valid Doc whose text is its Markdown twin’s body', async () => {
    for (const file of docFiles) {
      const doc = await readJson<Doc>(file);
      expectValid('Doc', doc, file);
      expect(doc.json_url).toBe(`${catalog.site}/${file}`);
      const twin = await readFile(join(dist, file.replace(/\.json$/, '.md')), 'utf8');
      expect(twin.trimEnd().endsWith(doc.markdown.trimEnd())).toBe(true);
      expect(doc.markdown).not.toContain('{base}');
    }
  });

  it('no JSON file is left that no route answers', async () => {
    // The /v1 copies of the same files are held to them byte for byte by test/pages/headers.test.ts.
    const all = (await fg('**/*.json', { cwd: dist, ignore: majorPrefixes().map((prefix) => `${prefix.slice(1)}/**`) })).sort();
    // The JSON Feeds are JSON Feed 1.1's, not the API's (test/pages/feeds.test.ts).
    const feeds = (await fg(['feed.json', `${FEEDS_DIR}/*.json`], { cwd: dist })).sort();
    expect(feeds.length).toBeGreaterThan(1);
    expect(all).toEqual([...new Set([CATALOG_FILE, STATIC_CATALOG_FILE, OPENAPI_FILE, VERSION_FILE, CLUSTER_LIST_FILE, ...skillFiles, ...bundleFiles, ...clusterFiles, ...docFiles, ...feeds])].sort());
  });
});
