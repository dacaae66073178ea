/**
 * Every artifact of dist/. Direct emitters turn the model into files at once (cheap: JSON, lists,
 * headers); the pages and their Markdown twins go through page jobs (pages/render.ts), which the
 * cache and the render workers handle. Adding an artifact is one file and one line here.
 */
import type { AnyEmitter } from './keyed.ts';
import { emitPageJson } from './pages/registry.ts';
import { emitCatalog } from './catalog.ts';
import { emitVersion } from './version.ts';
import { emitOpenApi } from './openapi/index.ts';
import { emitAssets } from './assets.ts';
import { emitSitemap } from './sitemap.ts';
import { emitRobots } from './robots.ts';
import { emitSearchIndex } from './search-index.ts';
import { emitDrafts } from './drafts.ts';
import { emitAdmin } from './admin.ts';
import { checkedEmitter } from './check-json.ts';
import { emitAgentSkill } from './agent-skill.ts';

/** Each emitter's JSON files are checked against their response schema as they are made (check-json.ts).
 * A keyed emitter's files are kept in the build cache under its key (keyed.ts). */
const direct: Readonly<Record<string, AnyEmitter>> = {
  // Each page's JSON twin, from its kind's module (pages/registry.ts).
  'page-json': emitPageJson,
  catalog: emitCatalog,
  version: emitVersion,
  openapi: emitOpenApi,
  assets: emitAssets,
  sitemap: emitSitemap,
  robots: emitRobots,
  'search-index': emitSearchIndex,
  drafts: emitDrafts,
  admin: emitAdmin,
};

export const emitters: Readonly<Record<string, AnyEmitter>> = {
  ...Object.fromEntries(
    Object.entries(direct).map(([name, emitter]) => [name, typeof emitter === 'function' ? checkedEmitter(emitter) : { ...emitter, emit: checkedEmitter(emitter.emit) }]),
  ),
  // The shop's Agent Skill and its discovery index, whose schema is the RFC's, not openapi.json's.
  'agent-skill': emitAgentSkill,
};

export { renderPages } from './pages/render.ts';
/** Written last: its rules name the top-level entries of every other file (headers.ts). */
export { emitHeaders } from './headers.ts';
