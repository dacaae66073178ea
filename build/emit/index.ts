/**
 * Every artifact of dist/, each rendered by its module of the site layer (site/). Direct emitters turn
 * the model into files at once (cheap: JSON, lists, headers); a keyed one's key, beside it here, names
 * what of the model its files show; the pages and their Markdown twins go through page jobs
 * (pages/render.ts), which the cache and the render workers handle. Adding an artifact is its module
 * in site/ and one line here.
 */
import { catalogueKey } from './keyed.ts';
import type { AnyEmitter, KeyedEmitter } from './keyed.ts';
import { pageJson } from '../../site/pages/registry.ts';
import { catalogFiles } from '../../site/catalog.ts';
import { emitVersion } from '../../site/version.ts';
import { openApiFiles } from '../../site/openapi/index.ts';
import { emitAssets, siteFrame } from './assets.ts';
import { emitSitemap } from '../../site/sitemap.ts';
import { emitRobots } from '../../site/robots.ts';
import { searchIndexFiles } from '../../site/search-index.ts';
import { draftFiles } from '../../site/drafts.ts';
import { draftJobs } from '../../site/pages/registry.ts';
import type { Emitter } from '../../site/types.ts';
import { readSchema } from '../ajv.ts';
import { buildBodies } from './pages/bodies.ts';
import { emitAdmin } from './admin.ts';
import { checkedEmitter } from './check-json.ts';
import { emitAgentSkill } from '../../site/agent-skill.ts';

/** The pages' JSON twins show the catalogue and the prose pages, nothing else of the model. */
const emitPageJson: KeyedEmitter = { key: catalogueKey, emit: (model) => pageJson(model, buildBodies) };

/** Keyed by the bytes' own tag: the same catalogue, checked once against its schema, is placed again. */
const emitCatalog: KeyedEmitter = { key: (model) => model.catalogFile.layout.etag, emit: catalogFiles };

/** The document reads the build's stamp and the site, nothing else of the model. */
const emitOpenApi: KeyedEmitter = { key: (model) => JSON.stringify([model.stamp, model.site]), emit: (model) => openApiFiles(model, readSchema) };

/** The index reads the catalogue, every body and the prose pages; its results page, the frame. */
const emitSearchIndex: KeyedEmitter = {
  key: (model) => JSON.stringify([catalogueKey(model), [...model.skills, ...model.bundles].map((entry) => entry.body.checkKey), siteFrame(model)]),
  emit: (model) => searchIndexFiles(model, siteFrame(model), buildBodies),
};

/** A preview's drafts (site/drafts.ts): few, so rendered here, in this thread and uncached. */
const emitDrafts: Emitter = (model) => (draftJobs(model).length === 0 ? [] : draftFiles(model, siteFrame(model), buildBodies));

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

/** The shop's Agent Skill and its discovery index, whose schema is the RFC's, not openapi.json's. */
const unchecked: Readonly<Record<string, AnyEmitter>> = { 'agent-skill': emitAgentSkill };

/** Every artifact but the pages and `_headers`, as the site layer makes it, with no check: what the
 * bench's floor (scripts/bench/floor.ts) runs. */
export const artifacts: Readonly<Record<string, AnyEmitter>> = { ...direct, ...unchecked };

export const emitters: Readonly<Record<string, AnyEmitter>> = {
  ...Object.fromEntries(
    Object.entries(direct).map(([name, emitter]) => [name, typeof emitter === 'function' ? checkedEmitter(emitter) : { ...emitter, emit: checkedEmitter(emitter.emit) }]),
  ),
  ...unchecked,
};

export { renderPages } from './pages/render.ts';
/** Written last: its rules name the top-level entries of every other file (headers.ts). */
export { emitHeaders } from '../../site/headers.ts';
