/**
 * A catalogue large enough that its listings run over several pages, served on loopback: the sample
 * built into a folder of its own, grown to `skills` and `bundles` (large-catalogue.ts), the pages made
 * from the whole catalogue written over it by the build's own renderer (cataloguePages), with the
 * `_headers` the build writes for such a catalogue, and the folder served as the CDN serves static
 * files (static-site.ts: pretty URLs and `_headers`).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { expect } from 'vitest';
import { build, PROJECT_ROOT } from '../../build/index.ts';
import { siteFrame } from '../../build/emit/assets.ts';
import { HEADERS_FILE } from '../../core/published-files.ts';
import { readHeaderRules } from '../../dev/static.ts';
import { emitHeaders, headerInput, topLevelEntries } from '../../site/headers.ts';
import { catalogueView, cataloguePages } from '../../site/pages/registry.ts';
import type { CatalogueModel } from '../../site/model.ts';
import { TEST_BUILD_EPOCH } from '../setup/shared.ts';
import { largeModel } from './large-catalogue.ts';
import { serveDist } from './static-site.ts';

export interface LargeListings {
  /** The server's origin. */
  base: string;
  model: CatalogueModel;
  /** Stops the server and removes the folder. */
  close(): Promise<void>;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)));

export async function serveLargeListings(skills: number, bundles: number): Promise<LargeListings> {
  const folder = mkdtempSync(join(tmpdir(), 'large-listings-'));
  try {
    const dist = join(folder, 'dist');
    const { model } = await build({
      contentDir: join(PROJECT_ROOT, 'content'),
      outDir: dist,
      constantsFile: null,
      env: { ...process.env, CONTEXT: 'production', SOURCE_DATE_EPOCH: TEST_BUILD_EPOCH },
    });
    const large = largeModel(model, skills, bundles);
    for (const file of cataloguePages(siteFrame(large), catalogueView(large))) {
      mkdirSync(dirname(join(dist, file.path)), { recursive: true });
      writeFileSync(join(dist, file.path), file.bytes);
    }
    const [headers] = emitHeaders(headerInput(large), topLevelEntries(filesUnder(dist).filter((file) => file !== HEADERS_FILE)));
    writeFileSync(join(dist, HEADERS_FILE), headers.bytes);
    expect((await readHeaderRules(dist)).errors).toEqual([]);
    const site = await serveDist(dist);
    return {
      base: site.origin,
      model: large,
      close: async () => {
        await site.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
