/**
 * The card function on a built catalogue: the bundled function's cold import and first answer (a
 * skill's card: its byte range of catalog.json read, satori, resvg and the fonts loaded, the card
 * drawn) in a fresh process, and what a card costs once they are loaded. `npm run bench` calls it
 * per size; it also runs alone on a built folder: `tsx scripts/bench/card-timing.ts <dist> <constants.json>`.
 */
import { join } from 'node:path';
import { measureFunctionColdStart } from './cold-start.ts';
import type { ColdStart } from './cold-start.ts';
import { readLayout } from './query-timing.ts';
import { cardOfSkill, cardPath } from '../../core/card.ts';
import type { CardInput } from '../../core/card.ts';
import type { CardFrame } from '../../core/card-answer.ts';
import { itemOf } from '../../core/catalog-layout.ts';
import { CATALOG_FILE, SEARCH_PAGE_FRAME_FILE } from '../../core/published-files.ts';
import { openCatalogItems } from '../../runtime/catalog-source.ts';
import { readCardAssets } from '../../runtime/card-assets.ts';
import { readSearchPageFrame } from '../../runtime/search-source.ts';
import { cardDrawer } from '../../site/card-image.ts';

export interface CardFigures {
  cold: ColdStart;
  /** A card drawn with everything loaded: the median and the slowest of `DRAWN` skills' cards. */
  drawP50Ms: number;
  drawMaxMs: number;
}

/** How many skills' cards are drawn warm. */
const DRAWN = 20;

/** The cards of the first `count` skills, as their pages name them. */
async function skillCards(distDir: string, constantsFile: string, count: number): Promise<CardInput[]> {
  const layout = readLayout(constantsFile);
  const items = await openCatalogItems([join(distDir, CATALOG_FILE)], layout);
  const { site } = await readSearchPageFrame<CardFrame>(join(distDir, SEARCH_PAGE_FRAME_FILE));
  return Promise.all(layout.skillSlugs.slice(0, count).map(async (slug) => cardOfSkill(site.name, (await itemOf(items, 'skill', slug))!)));
}

export async function measureCards(projectRoot: string, distDir: string, constantsFile: string, workDir: string): Promise<CardFigures> {
  const cards = await skillCards(distDir, constantsFile, DRAWN);
  const cold = await measureFunctionColdStart({
    projectRoot, functionFile: 'functions/card.ts', constantsFile, workDir,
    url: `https://bench.example${cardPath(cards[0])}`,
    // The bundle is written in workDir: the fonts and resvg's module are the project's.
    env: { CATALOG_DATA_PATH: join(distDir, CATALOG_FILE), SEARCH_DATA_DIR: distDir, CARD_ASSET_ROOT: projectRoot },
  });
  if (cold.status !== 200) throw new Error(`the card function answered its first card with ${cold.status}`);
  const draw = await cardDrawer(await readCardAssets(projectRoot));
  // The first draw compiles and parses what every later one reuses; the cold start has it.
  await draw(cards[0]);
  const times: number[] = [];
  for (const card of cards) {
    const start = performance.now();
    await draw(card);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { cold, drawP50Ms: times[Math.floor(times.length / 2)], drawMaxMs: times.at(-1)! };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [distDir, constantsFile] = process.argv.slice(2);
  console.log(JSON.stringify(await measureCards(join(import.meta.dirname, '../..'), distDir, constantsFile, join(distDir, '..')), null, 2));
}
