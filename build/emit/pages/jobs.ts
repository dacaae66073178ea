/**
 * The pages as jobs: each job is one item's plain-data input, and rendering it gives that item's
 * HTML page and Markdown twin. Jobs are what the render cache keys and what render workers
 * receive; the same `renderPageJob` runs in either place. The pages made from the whole catalogue
 * (overview, clusters, llms.txt, 404) are rendered where the catalogue already is, one file at a
 * time (`cataloguePages`).
 */
import type { CatalogueModel } from '../../model.ts';
import type { Bundle } from '../../../core/types.ts';
import type { Catalog } from '../../../core/types.ts';
import { catalogFor } from '../../../core/query.ts';
import type { CatalogIndex } from '../../../core/query.ts';
import type { OutputFile } from '../types.ts';
import { readBody } from '../../load.ts';
// Bodies come from the body cache when a page is rendered again for its frame or facts.
import { renderBodyCached } from '../../render/body-cache.ts';
import type { PageFrame } from './frame.ts';
import type { BundlePageInput, DocPageInput, SkillPageInput } from './inputs.ts';
import type { DocRef } from './refs.ts';
import { bundleIndexRef, bundleRef, clusterIndexRef, clusterRef, docRef, homeRef, skillIndexRef, skillRef } from './refs.ts';
import { skillHtml } from '../html/skill-page.ts';
import { installFiles } from '../install-page.ts';
import { bundleHtml } from '../html/bundle-page.ts';
import { clusterHtml } from '../html/cluster-page.ts';
import { homeHtml } from '../html/home-page.ts';
import { notFoundHtml } from '../html/not-found-page.ts';
import { skillTwin } from '../markdown/skill.ts';
import { bundleTwin } from '../markdown/bundle.ts';
import { clusterTwin } from '../markdown/cluster.ts';
import { homeTwin } from '../markdown/home.ts';
import { bundleIndexHtml, clusterIndexHtml, skillIndexHtml } from '../html/index-pages.ts';
import { bundleIndexTwin, clusterIndexTwin, skillIndexTwin } from '../markdown/index-pages.ts';
import type { ClusterCount } from './cluster-count.ts';
import { docHtml, docText, docTwin } from '../docs.ts';
import { FRAME_IDS } from '../html/layout.ts';
import { llmsTxt } from '../llms.ts';
import { PageRenderError } from '../../build-errors.ts';
import { LLMS_FILE, NOT_FOUND_PAGE } from '../../../core/published-files.ts';

export type PageJob =
  | { kind: 'skill'; input: SkillPageInput }
  | { kind: 'bundle'; input: BundlePageInput }
  | { kind: 'doc'; input: DocPageInput };

/** Every item page of the model as a job: skills, bundles and prose pages in catalogue order. */
export function pageJobs(model: CatalogueModel): PageJob[] {
  const bundlesOf = new Map<string, Bundle[]>();
  for (const { bundle } of model.bundles) {
    for (const member of bundle.skills) bundlesOf.set(member.slug, [...(bundlesOf.get(member.slug) ?? []), bundle]);
  }
  const priceOf = new Map(model.skills.map(({ skill }) => [skill.slug, skill.price.amount_cents]));
  return [
    ...model.skills.map(({ skill, body }): PageJob => ({ kind: 'skill', input: { skill, body, bundles: bundlesOf.get(skill.slug) ?? [] } })),
    ...model.bundles.map(({ bundle, body }): PageJob => ({
      kind: 'bundle',
      input: { bundle, body, memberPrices: bundle.skills.map((member) => priceOf.get(member.slug)!) },
    })),
    ...model.docs.map(({ path, title, description, body }): PageJob => ({ kind: 'doc', input: { path, title, description, body } })),
  ];
}

/** What identifies a job's output besides the frame: all of its input. */
export const jobIdentity = (job: PageJob): string => JSON.stringify(job);

/** The Markdown twin a job writes for llms-full.txt, if any: skills and bundles only. */
export function twinFileOf(frame: PageFrame, job: PageJob): string | undefined {
  if (job.kind === 'skill') return skillRef(frame.site.baseUrl, job.input.skill).markdownFile;
  if (job.kind === 'bundle') return bundleRef(frame.site.baseUrl, job.input.bundle).markdownFile;
  return undefined;
}

/** `skills/mom-test`: which job, in words, for an error. */
export function jobName(job: PageJob): string {
  switch (job.kind) {
    case 'skill': return `skills/${job.input.skill.slug}`;
    case 'bundle': return `bundles/${job.input.bundle.slug}`;
    case 'doc': return job.input.path;
  }
}

/** renderPageJob, with a failure naming the page (the message survives the trip from a worker). */
export function renderJobFiles(frame: PageFrame, job: PageJob): OutputFile[] {
  try {
    return renderPageJob(frame, job);
  } catch (error) {
    throw new PageRenderError(`Could not render ${jobName(job)}: ${(error as Error).message}`, { cause: error });
  }
}

/** Where an item's body goes: into a section with an h2 ("About this skill") on the page and in the
 * twin alike. */
export const ITEM_BODY_HEADING = 3;
/** A prose page's own headings sit right under its h1, and its h2 and h3 get ids for its table of
 * contents, clear of the ids the page's frame uses. */
export const DOC_RENDER = { topHeading: 2, headingIds: FRAME_IDS } as const;

/** Each page's body is parsed once, for its HTML page and its twin together. */
export function renderPageJob(frame: PageFrame, job: PageJob): OutputFile[] {
  const base = frame.site.baseUrl;
  switch (job.kind) {
    case 'skill': {
      const body = renderBodyCached(readBody(job.input.body), { topHeading: ITEM_BODY_HEADING, footnotePrefix: `${job.input.skill.slug}-skill` });
      const input = { ...job.input, body };
      const page = skillRef(base, input.skill);
      return [{ path: page.htmlFile, bytes: skillHtml(frame, input) }, { path: page.markdownFile, bytes: skillTwin(frame, input) }, ...installFiles(frame, input.skill)];
    }
    case 'bundle': {
      const body = renderBodyCached(readBody(job.input.body), { topHeading: ITEM_BODY_HEADING, footnotePrefix: `${job.input.bundle.slug}-bundle` });
      const input = { ...job.input, body };
      const page = bundleRef(base, input.bundle);
      return [{ path: page.htmlFile, bytes: bundleHtml(frame, input) }, { path: page.markdownFile, bytes: bundleTwin(frame, input) }];
    }
    case 'doc': {
      const input = { ...job.input, body: renderBodyCached(docText(job.input.body, base), DOC_RENDER) };
      const page = docRef(base, input);
      return [{ path: page.htmlFile, bytes: docHtml(frame, input) }, { path: page.markdownFile, bytes: docTwin(frame, input) }];
    }
  }
}

/** The pages made from the whole catalogue (the overview, the folders' index pages, the clusters),
 * one file per step, so the caller can write each and attend to other work in between. */
export function* cataloguePages(frame: PageFrame, catalog: Catalog, index: CatalogIndex, docs: readonly DocRef[]): Generator<OutputFile> {
  const base = frame.site.baseUrl;
  const home = homeRef(frame.site);
  yield { path: home.htmlFile, bytes: homeHtml(frame, catalog) };
  yield { path: home.markdownFile, bytes: homeTwin(frame, catalog) };
  const skills = skillIndexRef(frame.site);
  yield { path: skills.htmlFile, bytes: skillIndexHtml(frame, catalog) };
  yield { path: skills.markdownFile, bytes: skillIndexTwin(frame, catalog) };
  const bundles = bundleIndexRef(frame.site);
  yield { path: bundles.htmlFile, bytes: bundleIndexHtml(frame, catalog) };
  yield { path: bundles.markdownFile, bytes: bundleIndexTwin(frame, catalog) };
  const counts: ClusterCount[] = [];
  for (const cluster of frame.clusters) {
    const page = clusterRef(base, cluster);
    const members = catalogFor(catalog, index, { clusters: [cluster.id], sort: 'default', limit: null });
    counts.push({ cluster, skills: members.skill_count, bundles: members.bundles.length });
    yield { path: page.htmlFile, bytes: clusterHtml(frame, cluster, members) };
    yield { path: page.markdownFile, bytes: clusterTwin(frame, cluster, members) };
  }
  const clusters = clusterIndexRef(frame.site);
  yield { path: clusters.htmlFile, bytes: clusterIndexHtml(frame, counts) };
  yield { path: clusters.markdownFile, bytes: clusterIndexTwin(frame, counts) };
  yield { path: LLMS_FILE, bytes: llmsTxt(frame, catalog, docs) };
  yield { path: NOT_FOUND_PAGE, bytes: notFoundHtml(frame) };
}
