/**
 * Every artifact of dist/ but the pages, each rendered by its module of the site layer (site/), with
 * the parts of the model it reads beside it: the runner (build/run/artifact.ts) hands it those parts
 * alone and keys its files by them, so what an artifact shows and what its key holds cannot drift
 * apart. The pages and their Markdown twins go through the runner's page jobs (build/run/pages.ts),
 * keyed by each job's input and rendered on every core. Adding an artifact is its module in site/
 * and one line here.
 */
import type { Artifact, PiecedArtifact } from '../run/artifact.ts';
import { jsonJobs, listingJson, renderJsonJob } from '../../site/pages/registry.ts';
import type { JsonJob } from '../../site/pages/registry.ts';
import { catalogFiles } from '../../site/catalog.ts';
import { emitVersion } from '../../site/version.ts';
import { openApiFiles } from '../../site/openapi/index.ts';
import { emitAssets } from './assets.ts';
import { emitSitemap } from '../../site/sitemap.ts';
import { emitRobots } from '../../site/robots.ts';
import { searchIndexFiles, searchPageFiles } from '../../site/search-index.ts';
import { draftFiles } from '../../site/drafts.ts';
import { readSchema } from '../ajv.ts';
import { buildBodies } from '../run/bodies.ts';
import { emitAdmin } from './admin.ts';
import { JSON_CHECK } from './check-json.ts';
import { emitAgentSkill } from '../../site/agent-skill.ts';

/** Each artifact whose files are JSON, checked against their response schema as they are made (check-json.ts). */
const checked: Readonly<Record<string, Artifact>> = {
  // Each item's JSON twin, from its kind's module (pages/registry.ts), keyed by its own input.
  'page-json': { reads: ['site.baseUrl', 'skills', 'bundles', 'docs'], pieces: jsonJobs, renderPiece: (job) => [renderJsonJob(job, buildBodies)] } satisfies PiecedArtifact<JsonJob>,
  // The listing pages' JSON twins, made from the whole catalogue.
  'listing-json': { reads: ['site.baseUrl', 'clusters', 'catalogFile', 'index', 'layout'], render: listingJson },
  catalog: { reads: ['catalogFile'], render: catalogFiles },
  version: { reads: ['stamp'], render: emitVersion },
  openapi: { reads: ['stamp', 'site'], render: (model) => openApiFiles(model, readSchema) },
  assets: { reads: [], render: emitAssets },
  sitemap: { reads: ['site.baseUrl', 'generatedAt', 'clusters', 'skills', 'bundles', 'docs', 'index'], render: emitSitemap },
  robots: { reads: ['site.baseUrl', 'contentSignals'], render: emitRobots },
  // The index reads the catalogue, every body and the prose pages; its results page's file, the frame.
  'search-index': { reads: ['site.baseUrl', 'clusters', 'skills', 'bundles', 'docs'], render: (model) => searchIndexFiles(model, buildBodies) },
  'search-page': { reads: [], frame: true, render: (_model, frame) => searchPageFiles(frame) },
  // A preview's drafts (site/drafts.ts): none in production.
  drafts: { reads: ['site', 'clusters', 'skills', 'bundles', 'drafts'], frame: true, render: (model, frame) => draftFiles(model, frame, buildBodies) },
  admin: emitAdmin,
};

/** The shop's Agent Skill and its discovery index, whose schema is the RFC's, not openapi.json's. */
const unchecked: Readonly<Record<string, Artifact>> = { 'agent-skill': { reads: ['site', 'clusters'], render: emitAgentSkill } };

/** Every artifact but the pages and `_headers`, as the site layer makes it, with no check: what the
 * bench's floor (scripts/bench/floor.ts) runs. */
export const artifacts: Readonly<Record<string, Artifact>> = { ...checked, ...unchecked };

export const emitters: Readonly<Record<string, Artifact>> = {
  ...Object.fromEntries(Object.entries(checked).map(([name, artifact]) => [name, { ...artifact, check: JSON_CHECK }])),
  ...unchecked,
};

/** Written last, by the runner: its rules name the top-level entries of every other file (site/headers.ts). */
export { emitHeaders } from '../../site/headers.ts';
