/**
 * Every kind of task the runner runs (build/run/task.ts), one per artifact of dist/: what its tasks
 * are handed, selected from the model, and which module of the site layer (site/) renders them.
 * A kind's input is all its render reads, so what it shows and what its key holds cannot drift
 * apart. Adding an artifact is its module in site/ and one entry here.
 */
import { hasItemJson, itemJson, listingJson, llmsFullTwin, pageCode, renderPageTask, taskCode } from '../../site/pages/registry.ts';
import type { PageTask } from '../../site/pages/registry.ts';
import { catalogFiles } from '../../site/catalog.ts';
import { emitVersion } from '../../site/version.ts';
import { openApiFiles } from '../../site/openapi/index.ts';
import { emitAssets, siteAssets } from './assets.ts';
import { sitemapFiles } from '../../site/sitemap.ts';
import type { DatedPage, DocRef } from '../../site/pages/page-ref.ts';
import type { Catalog } from '../../core/types.ts';
import { emitRobots } from '../../site/robots.ts';
import { apiCatalogFiles } from '../../site/api-catalog.ts';
import { feedFiles, feedInputs } from '../../site/feeds.ts';
import type { FeedInput } from '../../site/feeds.ts';
import { searchCatalogue, searchIndexFiles, searchItems, searchPageFiles, searchPartOf } from '../../site/search-index.ts';
import type { SearchPartInput } from '../../site/search-index.ts';
import { emitAgentSkill } from '../../site/agent-skill.ts';
import { emitHeaders, headerInput, topLevelEntries } from '../../site/headers.ts';
import type { HeaderInput } from '../../site/headers.ts';
import { llmsTxt, llmsFullText } from '../../site/llms.ts';
import { joinLlmsFull, llmsFullFiles, LLMS_FULL_MAX_BYTES } from '../../site/llms-full.ts';
import { notFoundHtml } from '../../site/html/not-found-page.ts';
import { LLMS_FILE, NOT_FOUND_PAGE } from '../../core/published-files.ts';
import { readSchema } from '../ajv.ts';
import { digestOf } from '../digest.ts';
import { emitAdmin } from './admin.ts';
import type { AdminInput } from './admin.ts';
import { JSON_CHECK } from './check-json.ts';
import type { TaskKind } from '../run/task.ts';
import type { OutputFile } from '../../site/types.ts';
import type { CatalogueModel } from '../../site/model.ts';

/** The modules of the site layer whose code makes the files of most kinds. */
const SITE = (file: string) => [`site/${file}`];

/** A kind of one task, made here from parts of the model: its input is those parts, by reference. */
function fromModel<Parts extends keyof CatalogueModel>(code: readonly string[], parts: readonly Parts[], render: (model: Pick<CatalogueModel, Parts>) => Iterable<OutputFile>, id: string): TaskKind<Pick<CatalogueModel, Parts>> {
  return {
    code,
    frame: false,
    where: 'here',
    tasks: ({ model }) => [{ id, input: Object.fromEntries(parts.map((part) => [part, model[part]])) as Pick<CatalogueModel, Parts> }],
    render,
  };
}

/** The part of llms-full.txt one task joins: its head, then each twin, by the key that made it. */
interface LlmsFullPart {
  path: string;
  head: string;
  twins: [path: string, key: string][];
}

/** One page of a preview's draft, or one published: a page task with where its JSON twin is. */
const itemJsonTasks = (baseUrl: string, tasks: readonly PageTask[]) =>
  tasks.map((task) => ({ id: task.path, input: { baseUrl, task } }));

/** Every kind of task, in the order the runner starts them: the pages first, since they are most of a cold build. */
export const KINDS = {
  // Every page and its Markdown twin (and a preview's drafts), one task per listing page and per
  // item with its subpages, on any thread.
  page: {
    code: (task: PageTask) => taskCode(task.kind),
    frame: true,
    bodies: true,
    where: 'anywhere',
    tasks: ({ pages, drafts }) => [...pages, ...drafts].map((task) => ({ id: task.path, input: task })),
    render: (task, { frame, bodies }) => renderPageTask(frame, task, bodies),
  } satisfies TaskKind<PageTask>,
  // Each item's JSON twin, from its page's input.
  'item-json': {
    code: ({ task }: { task: PageTask }) => [pageCode(task.kind)],
    frame: false,
    bodies: true,
    where: 'here',
    tasks: ({ model, pages, drafts }) => itemJsonTasks(model.site.baseUrl, [...pages, ...drafts].filter(hasItemJson)),
    render: ({ baseUrl, task }, { bodies }) => [itemJson(baseUrl, task, bodies)].filter((file): file is OutputFile => file !== undefined),
    check: JSON_CHECK,
  } satisfies TaskKind<{ baseUrl: string; task: PageTask }>,
  // The listing pages' JSON twins (the clusters' and the index of clusters), made from the whole catalogue.
  'listing-json': { ...fromModel(SITE('pages/registry.ts'), ['site', 'clusters', 'catalogFile', 'index', 'layout'], listingJson, 'listing-json'), check: JSON_CHECK },
  catalog: { ...fromModel(SITE('catalog.ts'), ['catalogFile'], catalogFiles, 'catalog'), check: JSON_CHECK },
  version: { ...fromModel(SITE('version.ts'), ['stamp'], emitVersion, 'version'), check: JSON_CHECK },
  openapi: { ...fromModel(SITE('openapi/index.ts'), ['stamp', 'site'], (model) => openApiFiles(model, readSchema), 'openapi'), check: JSON_CHECK },
  robots: fromModel(SITE('robots.ts'), ['site', 'contentSignals'], emitRobots, 'robots'),
  'api-catalog': fromModel(SITE('api-catalog.ts'), ['site'], ({ site }) => apiCatalogFiles(site), 'api-catalog'),
  // The catalogue's feeds and each cluster's, one task each: a feed is made again only when one of
  // its newest entries changed.
  feeds: {
    code: SITE('feeds.ts'),
    frame: false,
    where: 'here',
    tasks: ({ model }) => feedInputs(model).map((input) => ({ id: input.cluster ?? 'catalogue', input })),
    render: (input) => feedFiles(input),
  } satisfies TaskKind<FeedInput>,
  'agent-skill': fromModel(SITE('agent-skill.ts'), ['site', 'clusters'], emitAgentSkill, 'agent-skill'),
  // The assets by their files and their digests: their bytes are no import of any code.
  assets: {
    code: ['build/emit/assets.ts'],
    frame: false,
    where: 'here',
    tasks: () => [{ id: 'assets', input: Object.values(siteAssets()).map(({ file, integrity }) => [file, integrity]) }],
    render: () => emitAssets(),
  } satisfies TaskKind<string[][]>,
  sitemap: {
    code: SITE('sitemap.ts'),
    frame: false,
    where: 'here',
    tasks: ({ model }) => [{ id: 'sitemap', input: { baseUrl: model.site.baseUrl, pages: model.pages.map(({ url, lastModified }) => ({ url, lastModified })) } }],
    render: ({ baseUrl, pages }) => sitemapFiles(baseUrl, pages),
  } satisfies TaskKind<{ baseUrl: string; pages: Pick<DatedPage, 'url' | 'lastModified'>[] }>,
  llms: {
    code: SITE('llms.ts'),
    frame: true,
    where: 'here',
    tasks: ({ view: { catalog, docs } }) => [{ id: 'llms', input: { catalog, docs } }],
    render: ({ catalog, docs }, { frame }) => [{ path: LLMS_FILE, bytes: llmsTxt(frame, catalog, docs) }],
  } satisfies TaskKind<{ catalog: Catalog; docs: readonly DocRef[] }>,
  'not-found': {
    code: SITE('html/not-found-page.ts'),
    frame: true,
    where: 'here',
    tasks: () => [{ id: 'not-found', input: null }],
    render: (_input, { frame }) => [{ path: NOT_FOUND_PAGE, bytes: notFoundHtml(frame) }],
  } satisfies TaskKind<null>,
  // The search index: each item's part made from its own words and kept by its digest, then joined.
  'search-index': {
    code: SITE('search-index.ts'),
    frame: false,
    bodies: true,
    where: 'here',
    tasks: ({ model }) => {
      const parts = searchItems(model);
      // Each part known by its digest from here: the task's key holds the parts' digests, not their
      // text again, and each part is kept in the cache by that digest (RenderContext.searchParts).
      for (const part of parts) digestOf(part);
      return [{ id: 'search-index', input: { parts, ...searchCatalogue(model, parts) } }];
    },
    render: ({ parts, ...joined }, { bodies, searchParts }) => searchIndexFiles(searchParts(parts, (input) => searchPartOf(input, bodies)), joined),
  } satisfies TaskKind<{ parts: SearchPartInput[] } & ReturnType<typeof searchCatalogue>>,
  'search-page': {
    code: SITE('search-index.ts'),
    frame: true,
    where: 'here',
    tasks: () => [{ id: 'search-page', input: null }],
    render: (_input, { frame }) => searchPageFiles(frame),
  } satisfies TaskKind<null>,
  admin: {
    code: ['build/emit/admin.ts'],
    frame: true,
    where: 'here',
    tasks: ({ model }) => [{ id: 'admin', input: { repository: model.repository, site: model.site, clusters: model.clusters } }],
    render: (input, { frame }) => emitAdmin(input, frame),
  } satisfies TaskKind<AdminInput>,
  // llms-full.txt joins every skill's and bundle's twin, in parts past its limit: a part is made
  // again only when a twin in it changed.
  'llms-full': {
    code: SITE('llms-full.ts'),
    frame: true,
    where: 'last',
    tasks: ({ model, frame, pages, limits }, made) => {
      const twins = pages.flatMap((task) => llmsFullTwin(frame, task) ?? []);
      const text = llmsFullText(frame, model.skills.length, model.bundles.length);
      return llmsFullFiles(text, twins, made.size, limits.llmsFullBytes ?? LLMS_FULL_MAX_BYTES)
        .map(({ path, head, twins: joined }) => ({ id: path, input: { path, head, twins: joined.map((twin): [string, string] => [twin, made.keyOf(twin)]) } }));
    },
    render: ({ path, head, twins }, { read }) => [{ path, bytes: joinLlmsFull(head, twins.map(([twin]) => read(twin))) }],
  } satisfies TaskKind<LlmsFullPart>,
  // Written last: its rules name the top-level entries of every other file (site/headers.ts).
  headers: {
    code: SITE('headers.ts'),
    frame: false,
    where: 'last',
    tasks: ({ model }, made) => [{ id: 'headers', input: { rules: headerInput(model), topLevel: topLevelEntries(made.files) } }],
    render: ({ rules, topLevel }) => emitHeaders(rules, topLevel),
  } satisfies TaskKind<{ rules: HeaderInput; topLevel: string[] }>,
} as const satisfies Record<string, TaskKind>;
