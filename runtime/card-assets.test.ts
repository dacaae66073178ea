/**
 * The card function's files: netlify.toml bundles exactly the ones the drawing reads (a list
 * Netlify reads without running code, so it is written out there), each one is installed, and
 * they are found from the function's module, not the working directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { SEARCH_PAGE_FRAME_FILE } from '../core/published-files.ts';
import { CARD_ASSET_FILES, CardAssetsUnavailableError, cardAssetRoot, readCardAssets } from './card-assets.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const toml = parseToml(readFileSync(join(ROOT, 'netlify.toml'), 'utf8')) as { functions: Record<string, { included_files?: string[] }> };

describe('the card function\'s files', () => {
  it('are what netlify.toml bundles with it, besides the page frame', () => {
    expect(toml.functions.card.included_files?.filter((file) => !file.startsWith('dist/'))).toEqual([...CARD_ASSET_FILES]);
    expect(toml.functions.card.included_files).toContain(`dist/${SEARCH_PAGE_FRAME_FILE}`);
  });

  it('are installed, so the bundler finds every one', () => {
    for (const file of CARD_ASSET_FILES) expect(existsSync(join(ROOT, file)), file).toBe(true);
  });

  it('are found above the function\'s folder, or where CARD_ASSET_ROOT says', () => {
    expect(cardAssetRoot('file:///var/task/functions/card.mjs', '')).toBe('/var/task/');
    expect(cardAssetRoot('file:///var/task/functions/card.mjs', '/elsewhere')).toBe('/elsewhere');
  });

  it('name the file that is missing when one is', async () => {
    const error = await readCardAssets('/nowhere').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CardAssetsUnavailableError);
    expect((error as Error).message).toContain('/nowhere/node_modules/');
  });
});
