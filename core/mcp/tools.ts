/**
 * The four tools as pure functions over what the adapter loads (the catalogue, the cluster list,
 * the search index, a Markdown twin by its URL): checked arguments in, an answer or an error body out. Errors are the
 * API's own bodies (errors.ts), with the same "did you mean" hints: an unknown slug hints at the
 * nearest slug's JSON twin, an unknown cluster at the corrected catalogue query.
 */
import type { PublishedSkill } from '../agent-skills.ts';
import { badRequestBody, echo, errorBody, serverErrorBody, startingPoints } from '../errors.ts';
import type { ErrorLinks } from '../errors.ts';
import { jsonBytes } from '../json.ts';
import { nearest } from '../nearest.ts';
import { SEARCH_DEFAULT_LIMIT } from '../search.ts';
import type { Search } from '../search.ts';
import type { Bundle, Catalog, ClusterId, ClusterList, ErrorBody, Skill, SkillKind } from '../types.ts';
import { argumentChecker } from './arguments.ts';
import type { ArgumentChecker, ArgumentProblem } from './arguments.ts';
import type { SchemaReader } from './json-schema.ts';
import type { ToolName } from './names.ts';
import { toolSchemas } from './tool-schemas.ts';
import type { ToolSchemas } from './tool-schemas.ts';
import { CATALOG_FILE, publishedPath } from '../published-files.ts';

/** What the tools read, loaded by the adapter when a tool first needs it. */
export interface ToolResources {
  catalog: () => Promise<Catalog>;
  /** The JSON twin of /clusters/. */
  clusterList: () => Promise<ClusterList>;
  search: () => Promise<Search>;
  /** The Markdown twin published at `url` (a `markdown_url` of the catalogue), if it can be read. */
  markdownTwin: (url: string) => Promise<string | undefined>;
  /** The Agent Skills the build published (the discovery index's entries and their files). */
  agentSkills: () => Promise<readonly PublishedSkill[]>;
}

/** A tool's answer: the structured content its output schema describes, and the same as text blocks. */
export type ToolAnswer = { ok: true; structured: Record<string, unknown>; texts: string[] } | { ok: false; error: ErrorBody };

export interface Tool extends ToolSchemas {
  name: ToolName;
  title: string;
  description: string;
  run: (args: Record<string, unknown> | undefined, resources: ToolResources) => Promise<ToolAnswer>;
}

type ItemType = 'skill' | 'bundle';

const itemsOf = (catalog: Catalog, type: ItemType): (Skill | Bundle)[] => (type === 'skill' ? catalog.skills : catalog.bundles);

interface Context {
  links: ErrorLinks;
}

/** The tools, their schemas derived from schema/ once per instance. */
export function catalogueTools(read: SchemaReader, links: ErrorLinks): Tool[] {
  const schemas = toolSchemas(read);
  const context: Context = { links };
  const tool = (
    name: ToolName,
    title: string,
    description: string,
    answer: (args: Record<string, unknown>, resources: ToolResources, context: Context) => Promise<ToolAnswer>,
    slugOf?: ItemType,
  ): Tool => {
    const check: ArgumentChecker = argumentChecker(name, schemas[name].input);
    return {
      name,
      title,
      description,
      ...schemas[name],
      run: async (args, resources) => {
        const checked = check(args);
        if (!checked.ok) return { ok: false, error: await argumentError(checked.problems, args ?? {}, slugOf, resources, context) };
        return answer(checked.args, resources, context);
      },
    };
  };
  return [
    tool('search_skills', 'Search skills',
      'Find skills by words (title, commands, author, summary, description), optionally only in one job cluster or of one kind. Answers each skill as its JSON twin, best match first; get_skill gives one in full with its Markdown page.',
      searchSkills),
    tool('get_skill', 'Get a skill',
      'One skill by its slug: its JSON twin (price, commands, what you get, install and cart links) and its Markdown twin (the whole page).',
      (args, resources, ctx) => getItem('skill', String(args.slug), resources, ctx), 'skill'),
    tool('get_bundle', 'Get a bundle',
      'One bundle by its slug: its JSON twin (its skills, list price and bundle price) and its Markdown twin (the whole page).',
      (args, resources, ctx) => getItem('bundle', String(args.slug), resources, ctx), 'bundle'),
    tool('list_clusters', 'List job clusters',
      'The job clusters in catalogue order: id, label, the question its skills answer, its pages, and how many published skills and bundles it holds. Pass an id to search_skills as `cluster`.',
      listClusters),
  ];
}

async function searchSkills(args: Record<string, unknown>, resources: ToolResources): Promise<ToolAnswer> {
  const cluster = args.cluster as ClusterId | undefined;
  const kind = args.kind as SkillKind | undefined;
  const limit = (args.limit as number | undefined) ?? SEARCH_DEFAULT_LIMIT;
  const query = typeof args.query === 'string' ? args.query.trim() : '';
  if (query !== '') {
    const search = await resources.search();
    const { results, total } = search.query({ q: query, cluster: cluster && [cluster], kind, type: ['skill'], limit });
    // The score ranks within this answer only; the order says the same, and a Skill is what the schema lists.
    const skills = results.map(({ score: _score, ...item }) => item as Skill);
    return structured({ total, skills });
  }
  // No words: the catalogue itself, filtered, in its own order (catalog.json lists skills in the
  // default order).
  const matching = (await resources.catalog()).skills.filter(
    (skill) => (!cluster || skill.clusters.some((listed) => listed.id === cluster)) && (!kind || skill.kind === kind),
  );
  return structured({ total: matching.length, skills: matching.slice(0, limit) });
}

async function getItem(type: ItemType, slug: string, resources: ToolResources, { links }: Context): Promise<ToolAnswer> {
  const catalog = await resources.catalog();
  const item = itemsOf(catalog, type).find((candidate) => candidate.slug === slug);
  if (!item) return { ok: false, error: notFound(type, slug, catalog, links) };
  const markdown = await resources.markdownTwin(item.markdown_url);
  if (markdown === undefined) {
    return { ok: false, error: serverErrorBody(links, `The Markdown twin of ${type} "${slug}" could not be read; try again shortly, or read ${item.markdown_url}.`) };
  }
  // The two twins as published, byte for byte: the JSON one as the static file's bytes.
  return { ok: true, structured: { [type]: item, markdown }, texts: [jsonBytes(item), markdown] };
}

async function listClusters(_args: Record<string, unknown>, resources: ToolResources): Promise<ToolAnswer> {
  return structured(await resources.clusterList());
}

const structured = (content: object): ToolAnswer => ({ ok: true, structured: content as Record<string, unknown>, texts: [jsonBytes(content)] });

/**
 * The API's 404 for the same slug, said for a tool: the nearest slug of that type (its JSON twin
 * first among the hints, as /skills/<slug>.json's 404 has it), or the other type when it has the slug.
 */
function notFound(type: ItemType, slug: string, catalog: Catalog, links: ErrorLinks): ErrorBody {
  const otherType: ItemType = type === 'skill' ? 'bundle' : 'skill';
  const other = itemsOf(catalog, otherType).find((candidate) => candidate.slug === slug);
  const near = nearestItem(slug, itemsOf(catalog, type));
  const meant = near ? `; did you mean "${near.slug}"?` : other ? `; a ${otherType} has this slug: use get_${otherType}.` : '.';
  const hints = [...(near ? [near.json_url] : other ? [other.json_url] : []), ...startingPoints(links)];
  return errorBody('not_found', `No published ${type} has the slug ${echo(slug)}${meant}`, hints, links);
}

function nearestItem(slug: string, items: readonly (Skill | Bundle)[]): Skill | Bundle | undefined {
  const near = nearest(slug, items.map((item) => item.slug));
  return items.find((item) => item.slug === near);
}

/**
 * Bad arguments as the API's 400: every problem in the message, and the corrected catalogue query
 * as the first hint when a cluster was near one (what `/catalog.json?cluster=…` suggests). A
 * malformed slug also gets the nearest published one.
 */
async function argumentError(
  problems: ArgumentProblem[],
  args: Record<string, unknown>,
  slugOf: ItemType | undefined,
  resources: ToolResources,
  { links }: Context,
): Promise<ErrorBody> {
  const cluster = problems.find((problem) => problem.argument === 'cluster' && problem.nearValue);
  const body = badRequestBody({ message: problems.map((problem) => problem.message).join(' '), suggestion: cluster && `cluster=${cluster.nearValue}` }, publishedPath(CATALOG_FILE), links);
  if (!slugOf || typeof args.slug !== 'string' || !problems.some((problem) => problem.argument === 'slug')) return body;
  // Without the catalogue there is nothing to suggest; the 400 itself still stands.
  const catalog = await resources.catalog().catch(() => undefined);
  const near = catalog && nearestItem(args.slug, itemsOf(catalog, slugOf));
  if (!near) return body;
  return errorBody('bad_request', `${body.message} Did you mean "${near.slug}"?`, [near.json_url, ...body.hints], links);
}
