/**
 * The files the card function draws with (site/card-image.ts): the fonts, from npm's font packages,
 * and resvg's WebAssembly module. Netlify bundles them beside the function as `included_files`
 * (netlify.toml's `[functions.card]`, which must name exactly these: runtime/card-assets.test.ts),
 * at their paths from the project root, so they are found from the function's own module as
 * catalog.json is (catalog-source.ts), never from the working directory.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CardAssets, CardFont } from '../site/card-image.ts';

/**
 * Noto Sans for Latin (the catalogue's language) and the accents of other Latin scripts, Greek and
 * Cyrillic, then Hebrew and Arabic, so right-to-left text shows as itself: font packages' subsets,
 * each a family of its own (satori keeps one font per family and weight, so one name would hide
 * all but the first). Emoji have no font here: they draw as the missing-glyph box, never fetched.
 */
const SUBSETS = [
  ['Noto Sans', 'noto-sans', 'latin'],
  ['Noto Sans Latin Extended', 'noto-sans', 'latin-ext'],
  ['Noto Sans Vietnamese', 'noto-sans', 'vietnamese'],
  ['Noto Sans Greek', 'noto-sans', 'greek'],
  ['Noto Sans Cyrillic', 'noto-sans', 'cyrillic'],
  ['Noto Sans Hebrew', 'noto-sans-hebrew', 'hebrew'],
  ['Noto Sans Arabic', 'noto-sans-arabic', 'arabic'],
] as const;

export const CARD_FONT_FILES: readonly (Omit<CardFont, 'data'> & { file: string })[] = ([400, 700] as const).flatMap((weight) =>
  SUBSETS.map(([family, pkg, subset]) => ({ family, weight, file: `node_modules/@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-normal.woff` })));

export const RESVG_WASM_FILE = 'node_modules/@resvg/resvg-wasm/index_bg.wasm';

/** Every file the drawing reads, from the project root. */
export const CARD_ASSET_FILES: readonly string[] = [...CARD_FONT_FILES.map((font) => font.file), RESVG_WASM_FILE];

export class CardAssetsUnavailableError extends Error {
  override readonly name = 'CardAssetsUnavailableError';
}

/** The folder the asset paths start from: the project root above the function's `functions/`
 * folder, in the source tree as in the zip; `CARD_ASSET_ROOT` names another (the benchmark's
 * bundle, written elsewhere). */
export function cardAssetRoot(functionModule: string | URL, explicit = process.env.CARD_ASSET_ROOT): string {
  return explicit ? resolve(explicit) : fileURLToPath(new URL('../', functionModule));
}

export async function readCardAssets(root: string): Promise<CardAssets> {
  const read = async (file: string) => {
    try {
      return new Uint8Array(await readFile(join(root, file)));
    } catch (error) {
      throw new CardAssetsUnavailableError(`${join(root, file)} could not be read (${(error as Error).message})`, { cause: error });
    }
  };
  const [resvgWasm, ...fonts] = await Promise.all([read(RESVG_WASM_FILE), ...CARD_FONT_FILES.map((font) => read(font.file))]);
  return { resvgWasm, fonts: CARD_FONT_FILES.map(({ family, weight }, i) => ({ family, weight, data: fonts[i] })) };
}
