/**
 * llms.txt and llms-full.txt at any size: llms.txt lists every entry of a small catalogue and only
 * the clusters and listings of a large one, and llms-full.txt is split into numbered parts, each
 * within LLMS_FULL_MAX_BYTES, once the twins pass it. A build of the small fixture with a small
 * limit writes the split for real; at 50,000 skills and 5,000 bundles the same code plans the files
 * from the twins' sizes (the bench's typical twin), without rendering them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../build/index.ts';
import { siteFrame } from '../../build/emit/assets.ts';
import { LLMS_FULL_FILE, isLlmsFullPartFile, llmsFullPartFile, publishedPath } from '../../core/published-files.ts';
import { majorPrefixes } from '../../core/headers.ts';
import { agentOnlyHeaders, plainTextHeaders } from '../../core/page-headers.ts';
import { LLMS_TXT_MAX_ENTRIES, llmsFullText, llmsTxt } from '../../site/llms.ts';
import { LLMS_FULL_MAX_BYTES, LLMS_FULL_SEPARATOR, llmsFullFiles } from '../../site/llms-full.ts';
import { catalogueView } from '../../site/pages/registry.ts';
import { clusterRef } from '../../site/pages/cluster.ts';
import { bundleIndexRef } from '../../site/pages/page-ref.ts';
import { headerInput, headerRules, topLevelEntries } from '../../site/headers.ts';
import type { Catalog } from '../../core/types.ts';
import type { CatalogueModel } from '../../site/model.ts';

/** The bench corpus's llms-full.txt is 17 MB for 4,000 skills and their bundles: about 4.25 KB a twin. */
const TYPICAL_TWIN_BYTES = 4_250;
const SKILLS = 50_000;
const BUNDLES = 5_000;

let folder: string;
let model: CatalogueModel;
let written: string[];
/** Small enough that the fixture's twins need three or more parts, large enough for its largest twin. */
const SMALL_LIMIT = 1_800;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'llms-scale-'));
  ({ model } = await build({ contentDir: join(import.meta.dirname, '../fixtures/content-small'), outDir: join(folder, 'dist'), constantsFile: null, llmsFullMaxBytes: SMALL_LIMIT }));
  written = readFileSync(join(folder, 'dist/_headers'), 'utf8').split('\n');
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(folder, 'dist', path), 'utf8');
/** The parts llms-full.txt lists. */
const partsListed = () => [...read(LLMS_FULL_FILE).matchAll(/(llms-full-\d+\.txt)\)/g)].map(([, file]) => file);

/** The fixture's catalogue with its skills and bundles copied under new slugs up to these counts. */
function largeCatalog(skills: number, bundles: number): Catalog {
  const { catalog } = model;
  const copies = <T extends { slug: string }>(items: readonly T[], n: number) =>
    Array.from({ length: n }, (_, i) => ({ ...items[i % items.length], slug: `${items[i % items.length].slug}-${i}` }));
  return { ...catalog, skills: copies(catalog.skills, skills), bundles: copies(catalog.bundles, bundles) };
}

describe('llms-full.txt past its limit, as a build writes it', () => {
  it('becomes an index of numbered parts, each within the limit, holding every twin once, in catalogue order', () => {
    const parts = partsListed();
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts).toEqual(parts.map((_, i) => llmsFullPartFile(i + 1)));
    const twins = [...model.catalog.skills.map((skill) => `skills/${skill.slug}.md`), ...model.catalog.bundles.map((bundle) => `bundles/${bundle.slug}.md`)];
    let next = 0;
    parts.forEach((file, k) => {
      const text = read(file);
      expect(Buffer.byteLength(text), file).toBeLessThanOrEqual(SMALL_LIMIT);
      // Its head, then whole twins only, each after the separator, taking up where the part before stopped.
      const head = text.slice(0, text.indexOf(LLMS_FULL_SEPARATOR + read(twins[next])));
      expect(head, file).toMatch(new RegExp(`^# .*: full text, part ${k + 1} of ${parts.length}\\n`));
      let body = text.slice(head.length);
      while (next < twins.length && body.startsWith(LLMS_FULL_SEPARATOR + read(twins[next]))) body = body.slice(LLMS_FULL_SEPARATOR.length + read(twins[next++]).length);
      expect(body, file).toBe('');
    });
    expect(next).toBe(twins.length);
  });

  it('gives every part, under each major\'s prefix too, llms-full.txt\'s headers by an exact rule', () => {
    const parts = partsListed();
    for (const prefix of ['', ...majorPrefixes()]) {
      for (const file of [LLMS_FULL_FILE, ...parts]) expect(written, `${prefix}/${file}`).toContain(`${prefix}${publishedPath(file)}`);
    }
  });
});

describe(`at ${SKILLS} skills and ${BUNDLES} bundles`, () => {
  it(`keeps llms.txt an overview under 100 KB: each cluster linking its Markdown listing, above ${LLMS_TXT_MAX_ENTRIES} entries`, () => {
    const frame = siteFrame(model);
    const text = llmsTxt(frame, largeCatalog(SKILLS, BUNDLES), catalogueView(model).docs);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(100_000);
    for (const cluster of frame.clusters) expect(text).toContain(`](${clusterRef(frame.site.baseUrl, cluster).markdownUrl})`);
    expect(text).toContain(`](${bundleIndexRef(frame.site).markdownUrl})`);
    expect(text).toContain(`${frame.site.baseUrl}${publishedPath(LLMS_FULL_FILE)}`);
    expect(text).toMatch(/\n## Optional\n/);
    // One entry fewer than the threshold is listed whole, as before.
    const listed = llmsTxt(frame, largeCatalog(LLMS_TXT_MAX_ENTRIES - model.catalog.bundles.length, model.catalog.bundles.length), catalogueView(model).docs);
    expect(listed).toContain('every skill for this job');
  });

  it(`writes no llms-full file over ${LLMS_FULL_MAX_BYTES} bytes, and gives each its headers`, () => {
    const twins = [...Array.from({ length: SKILLS }, (_, i) => `skills/skill-${i}.md`), ...Array.from({ length: BUNDLES }, (_, i) => `bundles/bundle-${i}.md`)];
    const files = llmsFullFiles(llmsFullText(siteFrame(model), SKILLS, BUNDLES), twins, () => TYPICAL_TWIN_BYTES);
    const bytes = (file: (typeof files)[number]) => Buffer.byteLength(file.head) + file.twins.length * (TYPICAL_TWIN_BYTES + LLMS_FULL_SEPARATOR.length);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) expect(bytes(file), file.path).toBeLessThanOrEqual(LLMS_FULL_MAX_BYTES);
    expect(files.flatMap((file) => file.twins)).toEqual(twins);
    expect(files.slice(1).every((file) => isLlmsFullPartFile(file.path))).toBe(true);
    const rules = headerRules(headerInput(model), { topLevel: topLevelEntries(files.map((file) => file.path)) });
    for (const file of files) {
      expect(rules.filter((rule) => rule.path === publishedPath(file.path)).map((rule) => rule.headers), file.path).toContainEqual({ ...plainTextHeaders(), ...agentOnlyHeaders() });
    }
  });
});
