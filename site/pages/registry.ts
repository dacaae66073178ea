/**
 * The kinds of page, in the order listings and the sitemap show them: the overview, the clusters,
 * the skills, their install pages, the bundles (each folder's index first), the guides. Adding a
 * kind is its module beside this one and a line here. Everything below goes over this list.
 */
import type { Catalog } from '../../core/types.ts';
import type { CatalogIndex } from '../../core/query.ts';
import { LLMS_FILE, NOT_FOUND_PAGE } from '../../core/published-files.ts';
import { pageFileIn } from '../../core/page-paths.ts';
import { PageRenderError } from '../errors.ts';
import type { OutputFile } from '../types.ts';
import { notFoundHtml } from '../html/not-found-page.ts';
import { llmsTxt } from '../llms.ts';
import { twinFrameOf } from './frame.ts';
import type { PageFrame } from './frame.ts';
import type { Bodies, ItemKind, ListingKind } from './kind.ts';
import type { DatedPage, DocRef, PageRef } from './page-ref.ts';
import { homeKind } from './home.ts';
import { clusterIndexKind } from './cluster-index.ts';
import { clusterKind } from './cluster.ts';
import { skillIndexKind } from './skill-index.ts';
import { skillKind } from './skill.ts';
import { installKind } from './install.ts';
import { bundleIndexKind } from './bundle-index.ts';
import { bundleKind } from './bundle.ts';
import { guideKind } from './guide.ts';
import type { CatalogueModel } from '../model.ts';

// Each item kind takes its own input; the registry handles them alike.
type AnyItemKind = ItemKind<any>;

export const PAGE_KINDS: readonly (AnyItemKind | ListingKind)[] = [
  homeKind,
  clusterIndexKind,
  clusterKind,
  skillIndexKind,
  skillKind,
  installKind,
  bundleIndexKind,
  bundleKind,
  guideKind,
];

const isItemKind = (kind: AnyItemKind | ListingKind): kind is AnyItemKind => 'inputs' in kind;
const ITEM_KINDS = PAGE_KINDS.filter(isItemKind);
const LISTING_KINDS = PAGE_KINDS.filter((kind): kind is ListingKind => !isItemKind(kind));
const itemKindOf = new Map(ITEM_KINDS.map((kind) => [kind.type, kind]));

/** One item's page to render: its kind and its plain-data input, all a renderer reads besides the frame. */
export interface PageJob {
  kind: AnyItemKind['type'];
  input: unknown;
  /** Only its HTML page or only its Markdown twin, when the cache holds the other; both by default. */
  only?: 'page' | 'twin';
}

function kindOf(job: PageJob): AnyItemKind {
  const kind = itemKindOf.get(job.kind);
  if (!kind) throw new PageRenderError(`No kind of page is called "${job.kind}".`);
  return kind;
}

/** Every item page of the model as a job, kind by kind, each in catalogue order. */
export function pageJobs(model: CatalogueModel): PageJob[] {
  return ITEM_KINDS.flatMap((kind) => kind.inputs(model).map((input): PageJob => ({ kind: kind.type, input })));
}

/** A preview's drafts as jobs (site/drafts.ts). */
export function draftJobs(model: CatalogueModel): PageJob[] {
  return ITEM_KINDS.flatMap((kind) => (kind.drafts?.(model) ?? []).map((input): PageJob => ({ kind: kind.type, input })));
}

/** What identifies a job's output besides the frame: all of its input. */
export const jobIdentity = (job: PageJob): string => JSON.stringify(job);

/** Where a job's page lives. */
export const jobRef = (baseUrl: string, job: PageJob): PageRef => kindOf(job).ref(baseUrl, job.input);

/** `skills/mom-test`: which job, in words, for an error. */
export const jobName = (job: PageJob): string => jobRef('', job).path.slice(1);

/** The Markdown twin a job writes for llms-full.txt, if its kind is joined there. */
export function twinFileOf(frame: PageFrame, job: PageJob): string | undefined {
  const kind = kindOf(job);
  return kind.inLlmsFull ? pageFileIn(frame.layout, kind.ref(frame.site.baseUrl, job.input).markdownFile) : undefined;
}

/** A job's HTML page and Markdown twin (or the one it asks for), in that order, with a failure
 * naming the page (the message survives the trip from a worker). */
export function renderJobFiles(frame: PageFrame, job: PageJob, bodies: Bodies): OutputFile[] {
  try {
    const kind = kindOf(job);
    const ref = kind.ref(frame.site.baseUrl, job.input);
    const page: unknown = kind.withBody(frame.site.baseUrl, job.input, bodies);
    const files: OutputFile[] = [];
    if (job.only !== 'twin') files.push({ path: pageFileIn(frame.layout, ref.htmlFile), bytes: kind.html(frame, page) });
    if (job.only !== 'page') files.push({ path: pageFileIn(frame.layout, ref.markdownFile), bytes: kind.twin(twinFrameOf(frame), page) });
    return files;
  } catch (error) {
    throw new PageRenderError(`Could not render ${jobName(job)}: ${(error as Error).message}`, { cause: error });
  }
}

/** One item's JSON twin to make: its kind, the site's address and the item's page input, all its
 * render reads, so the runner keys each twin by it alone. */
export interface JsonJob extends PageJob {
  baseUrl: string;
}

/** A job's JSON twin, if its kind has one. */
export function jobJson(baseUrl: string, job: PageJob, bodies: Bodies): OutputFile | undefined {
  return kindOf(job).json?.(baseUrl, job.input, bodies);
}

/** Every item's JSON twin as a job, in the order of the page jobs. */
export function jsonJobs(model: CatalogueModel): JsonJob[] {
  const { baseUrl } = model.site;
  return pageJobs(model).flatMap((job) => (kindOf(job).json ? [{ ...job, baseUrl }] : []));
}

/** An item's JSON twin. */
export const renderJsonJob = (job: JsonJob, bodies: Bodies): OutputFile => jobJson(job.baseUrl, job, bodies)!;

/** The pages made from the whole catalogue (the overview, the folders' index pages, the clusters),
 * then llms.txt and the 404 page, one file per step, so the caller can write each and attend to
 * other work in between. */
export function* cataloguePages(frame: PageFrame, catalog: Catalog, index: CatalogIndex, docs: readonly DocRef[]): Generator<OutputFile> {
  for (const kind of LISTING_KINDS) yield* kind.render(frame, { catalog, index, docs });
  yield { path: LLMS_FILE, bytes: llmsTxt(frame, catalog, docs) };
  yield { path: NOT_FOUND_PAGE, bytes: notFoundHtml(frame) };
}

/** Every page with its last change, kind by kind in the registry's order. */
export function allPages(model: CatalogueModel): DatedPage[] {
  return PAGE_KINDS.flatMap((kind) => kind.pages(model));
}

/** The JSON twins of the listing kinds' pages, made from the whole catalogue. */
export function* listingJson(model: CatalogueModel): Generator<OutputFile> {
  for (const kind of LISTING_KINDS) yield* kind.json?.(model) ?? [];
}
