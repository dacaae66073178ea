/**
 * The Markdown twins as MCP resources: one URI template per kind (skill, bundle, cluster), each the
 * twin's own https address, and `resources/list` in pages of `RESOURCE_PAGE_SIZE` with an opaque
 * cursor, so a catalogue of tens of thousands of skills is never listed in one answer. Pure: the
 * catalogue, the cluster list and the twins come from the adapter (ToolResources).
 */
import { echo } from '../errors.ts';
import { nearest } from '../nearest.ts';
import { SECTION } from '../page-paths.ts';
import type { Section } from '../page-paths.ts';
import type { Catalog, ClusterList } from '../types.ts';
import type { ToolResources } from './tools.ts';

export const MARKDOWN_MIME_TYPE = 'text/markdown';

/** Resources per `resources/list` page. */
export const RESOURCE_PAGE_SIZE = 100;

export interface TwinTemplate {
  name: string;
  title: string;
  description: string;
  uriTemplate: string;
  mimeType: string;
}

export interface ListedResource {
  uri: string;
  name: string;
  title: string;
  mimeType: string;
}

/** What a twin's address names, and what it is. */
interface Twin extends ListedResource {
  section: Section;
}

const KINDS = [
  { section: SECTION.skill, variable: 'slug', title: 'Skill page as Markdown', description: 'A skill\'s whole page as Markdown: problem, outcome, what you get, commands, price, install and cart links. The slug is a skill\'s `slug`.' },
  { section: SECTION.bundle, variable: 'slug', title: 'Bundle page as Markdown', description: 'A bundle\'s whole page as Markdown: its skills, list price and bundle price. The slug is a bundle\'s `slug`.' },
  { section: SECTION.cluster, variable: 'id', title: 'Job cluster page as Markdown', description: 'Every skill for one job, as Markdown. The id is a cluster\'s `id` (list_clusters).' },
] as const;

export function twinTemplates(baseUrl: string): TwinTemplate[] {
  return KINDS.map((kind) => ({
    name: `${kind.section}-markdown`,
    title: kind.title,
    description: kind.description,
    uriTemplate: `${baseUrl}/${kind.section}/{${kind.variable}}.md`,
    mimeType: MARKDOWN_MIME_TYPE,
  }));
}

/** Every twin in listing order (clusters, skills, bundles), made once per catalogue. */
const twinsOf = new WeakMap<Catalog, { list: Twin[]; byUri: Map<string, Twin> }>();

function twins(catalog: Catalog, clusters: ClusterList): { list: Twin[]; byUri: Map<string, Twin> } {
  let made = twinsOf.get(catalog);
  if (made) return made;
  const twin = (section: Section, uri: string, name: string, title: string): Twin => ({ section, uri, name, title, mimeType: MARKDOWN_MIME_TYPE });
  const list = [
    ...clusters.clusters.map((cluster) => twin(SECTION.cluster, cluster.markdown_url, cluster.id, cluster.label)),
    ...catalog.skills.map((skill) => twin(SECTION.skill, skill.markdown_url, skill.slug, skill.title)),
    ...catalog.bundles.map((bundle) => twin(SECTION.bundle, bundle.markdown_url, bundle.slug, bundle.title)),
  ];
  made = { list, byUri: new Map(list.map((item) => [item.uri, item])) };
  twinsOf.set(catalog, made);
  return made;
}

/** A twin the catalogue lists could not be read: what the build published is missing here. */
export class TwinUnreadableError extends Error {}

/** A cursor that is not one this server gave out. */
export class BadCursorError extends Error {}

const CURSOR = /^twins:([1-9]\d{0,8})$/;
const encodeCursor = (offset: number): string => btoa(`twins:${offset}`);
const decoded = (cursor: string): string => {
  try {
    return atob(cursor);
  } catch {
    return '';
  }
};

function decodeCursor(cursor: string | undefined, total: number): number {
  if (cursor === undefined) return 0;
  const match = CURSOR.exec(decoded(cursor));
  const offset = match ? Number(match[1]) : NaN;
  if (!(offset < total)) throw new BadCursorError(`The cursor ${echo(cursor)} is not one resources/list gave out (or the catalogue changed since); start again without a cursor.`);
  return offset;
}

/** One page of resources: `first` (the shop's own skill files) ahead of the twins. */
export async function listPage(resources: ToolResources, first: readonly ListedResource[], cursor: string | undefined): Promise<{ resources: ListedResource[]; nextCursor?: string }> {
  const { list } = twins(await resources.catalog(), await resources.clusterList());
  const all = { length: first.length + list.length, at: (i: number): ListedResource => (i < first.length ? first[i] : strip(list[i - first.length])) };
  const offset = decodeCursor(cursor, all.length);
  const end = Math.min(offset + RESOURCE_PAGE_SIZE, all.length);
  const page = Array.from({ length: end - offset }, (_, i) => all.at(offset + i));
  return end < all.length ? { resources: page, nextCursor: encodeCursor(end) } : { resources: page };
}

const strip = ({ section: _section, ...resource }: Twin): ListedResource => resource;

/** A twin by its address, or why there is none (with the nearest name of that kind, if one is near). */
export async function readTwin(resources: ToolResources, uri: string): Promise<{ ok: true; text: string; mimeType: string } | { ok: false; message: string }> {
  const { list, byUri } = twins(await resources.catalog(), await resources.clusterList());
  const twin = byUri.get(uri);
  if (twin) {
    const text = await resources.markdownTwin(twin.uri);
    if (text !== undefined) return { ok: true, text, mimeType: MARKDOWN_MIME_TYPE };
    throw new TwinUnreadableError(`The Markdown twin ${twin.uri} could not be read; try again shortly, or read it on the web.`);
  }
  const section = KINDS.find((kind) => new RegExp(`/${kind.section}/[^/]+\\.md$`).test(uri))?.section;
  const asked = /([^/]+)\.md$/.exec(uri)?.[1] ?? '';
  const near = section && nearest(asked, list.filter((item) => item.section === section).map((item) => item.name));
  const meant = near ? ` Did you mean ${list.find((item) => item.section === section && item.name === near)!.uri}?` : '';
  return { ok: false, message: `No published skill, bundle or cluster has the Markdown twin ${echo(uri)}.${meant} resources/templates/list gives the addresses; resources/list pages through them.` };
}
