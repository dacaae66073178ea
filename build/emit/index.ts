/** Every artifact of dist/, one emitter each. Adding an artifact is one file and one line here. */
import type { CatalogueModel } from '../model.ts';
import type { Emitter, OutputFile } from './types.ts';
import { emitSkillJson } from './skill-json.ts';
import { emitBundleJson } from './bundle-json.ts';
import { emitCatalog } from './catalog.ts';
import { emitVersion } from './version.ts';
import { emitHeaders } from './headers.ts';
import { emitOpenApi } from './openapi.ts';
import { emitAssets } from './assets.ts';
import { emitHomePage } from './html/home-page.ts';
import { emitClusterPages } from './html/cluster-page.ts';
import { emitSkillPages } from './html/skill-page.ts';
import { emitBundlePages } from './html/bundle-page.ts';
import { emitNotFoundPage } from './html/not-found-page.ts';
import { emitDocs } from './docs.ts';
import { emitMarkdownTwins } from './markdown/index.ts';
import { emitLlms } from './llms.ts';
import { emitSitemap } from './sitemap.ts';
import { emitRobots } from './robots.ts';

export const emitters: Readonly<Record<string, Emitter>> = {
  'skill-json': emitSkillJson,
  'bundle-json': emitBundleJson,
  catalog: emitCatalog,
  version: emitVersion,
  headers: emitHeaders,
  openapi: emitOpenApi,
  assets: emitAssets,
  'html-home': emitHomePage,
  'html-clusters': emitClusterPages,
  'html-skills': emitSkillPages,
  'html-bundles': emitBundlePages,
  'html-404': emitNotFoundPage,
  docs: emitDocs,
  markdown: emitMarkdownTwins,
  llms: emitLlms,
  sitemap: emitSitemap,
  robots: emitRobots,
};

export function emitAll(model: CatalogueModel, time: (name: string, run: () => OutputFile[]) => OutputFile[] = (_, run) => run()): OutputFile[] {
  return Object.entries(emitters).flatMap(([name, emit]) => time(name, () => emit(model)));
}
