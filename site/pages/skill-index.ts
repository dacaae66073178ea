/** `/skills/` and its twin, over pages of LISTING_PAGE_SIZE skills; its JSON twin is `/catalog.json`, which lists the same skills. */
import { skillIndexAt, skillIndexRef } from './page-ref.ts';
import { h } from 'hastscript';
import type { Catalog, Cluster, Skill } from '../../core/types.ts';
import { count, formatEuro } from '../render/format.ts';
import type { PageFrame } from './frame.ts';
import { listings } from './listing.ts';
import { indexIntro, indexPage } from '../html/index-layout.ts';
import { clusterAnchor, clusterPath, skillCard } from '../html/parts.ts';
import { PRICES_NOTE } from '../../core/pricing.ts';
import { frontMatter, twinDocument } from '../markdown/document.ts';
import { heading, link, paragraph } from '../markdown/mdast.ts';
import type { Block } from '../markdown/mdast.ts';
import { skillList } from '../markdown/lists.ts';
import { indexTwinIntro } from '../markdown/index-intro.ts';
import { pagerBlocks } from '../markdown/pager.ts';
import { clusterRef } from './cluster.ts';
import { datedListingPages, listingPageOf, listingTasks, pageFiles } from './kind.ts';
import type { ListingKind } from './kind.ts';
import { listingPageRef, pageOfItem } from './pagination.ts';
import type { ListingPage, ListingSlice } from './pagination.ts';
import { newestOf } from './newest.ts';

/** A skill where `/skills/` lists it: under its first cluster. */
export interface FiledSkill {
  cluster: Cluster;
  skill: Skill;
}

/** Every skill in the order `/skills/` lists them: by first cluster, the clusters in catalogue order. */
export function filedSkills(frame: PageFrame, catalog: Catalog): FiledSkill[] {
  const listingOf = listings(catalog);
  return frame.clusters.flatMap((cluster) => listingOf(cluster).listed.map((skill) => ({ cluster, skill })));
}

/** A page's skills in runs of one cluster each, in order. */
function groupsOf(skills: readonly FiledSkill[]): { cluster: Cluster; skills: Skill[] }[] {
  const groups: { cluster: Cluster; skills: Skill[] }[] = [];
  for (const { cluster, skill } of skills) {
    const last = groups.at(-1);
    if (last?.cluster.id === cluster.id) last.skills.push(skill);
    else groups.push({ cluster, skills: [skill] });
  }
  return groups;
}

/** Where a cluster's skills start: the anchor of its section, on the page that holds its first. */
interface ClusterStart {
  cluster: Cluster;
  page: number;
}

/** Each cluster's start, in the listing's order. */
function clusterStarts(skills: readonly FiledSkill[]): ClusterStart[] {
  const starts = new Map<string, ClusterStart>();
  skills.forEach(({ cluster }, i) => {
    if (!starts.has(cluster.id)) starts.set(cluster.id, { cluster, page: pageOfItem(i) });
  });
  return [...starts.values()];
}

/** A page of `/skills/` as its task is handed it: the catalogue's counts, where every cluster starts, and its own skills. */
export interface SkillIndexInput extends ListingSlice<FiledSkill> {
  skillCount: number;
  singleCents: number;
  starts: ClusterStart[];
}

const facts = ({ skillCount, singleCents }: SkillIndexInput) =>
  `${count(skillCount, 'skill')}, each filed under its first cluster. A skill costs ${formatEuro(singleCents)} unless marked otherwise. ${PRICES_NOTE}`;

/** A page of `/skills/`: its skills, filed under their first cluster as on the overview, with a way to jump to where each cluster starts. */
export function skillIndexHtml(frame: PageFrame, input: SkillIndexInput, page: ListingPage<FiledSkill>): string {
  const groups = groupsOf(page.items);
  const jumpTo = (start: ClusterStart) =>
    `${start.page === page.number ? '' : listingPageRef(frame.site.baseUrl, page.first, start.page, page.count).path}#${clusterAnchor(start.cluster)}`;
  return indexPage(frame, page.ref, 'skills', [
    indexIntro(page.ref, facts(input)),
    input.starts.length > 1
      ? h('nav', { ariaLabel: 'Jump to a cluster' }, h('ul.chips', input.starts.map((start) => h('li', h('a', { href: jumpTo(start) }, start.cluster.label)))))
      : null,
    ...groups.map(({ cluster, skills }) => {
      const headingId = `${clusterAnchor(cluster)}-heading`;
      return h('section.section', { id: clusterAnchor(cluster), ariaLabelledBy: headingId }, [
        h('h2', { id: headingId }, h('a', { href: clusterPath(cluster.id) }, cluster.label)),
        h('p.question', cluster.question),
        h('ul.cards', skills.map(skillCard)),
      ]);
    }),
    groups.length === 0 ? h('p', 'No skill is published yet.') : null,
  ], page);
}

/** The Markdown twin of a page of `/skills/`: the same list as the page. */
export function skillIndexTwin(frame: PageFrame, input: SkillIndexInput, page: ListingPage<FiledSkill>): string {
  const blocks: Block[] = [...indexTwinIntro(frame, page.ref, `${facts(input)} JSON: `)];
  for (const { cluster, skills } of groupsOf(page.items)) {
    blocks.push(heading(2, link(clusterRef(frame.site.baseUrl, cluster).url, cluster.label)), paragraph(cluster.question), skillList(skills));
  }
  if (page.items.length === 0) blocks.push(paragraph('No skill is published yet.'));
  blocks.push(...pagerBlocks(page));
  return twinDocument(frontMatter(frame, page.ref), blocks);
}

export const skillIndexKind: ListingKind<SkillIndexInput> = {
  type: 'skill-index',
  code: import.meta.url,
  tasks(frame, { catalog }) {
    const skills = filedSkills(frame, catalog);
    const starts = clusterStarts(skills);
    return listingTasks(frame.site.baseUrl, skillIndexRef(frame.site), skills, (slice) => ({ skillCount: catalog.skill_count, singleCents: catalog.pricing.single_cents, starts, ...slice }));
  },
  render(frame, input) {
    const page = listingPageOf(frame.site.baseUrl, skillIndexRef(frame.site), input);
    return pageFiles(frame, page.ref, skillIndexHtml(frame, input, page), skillIndexTwin(frame, input, page));
  },
  // Every skill is filed under its first cluster, so the listing holds them all.
  pages: (model) => datedListingPages(model.site.baseUrl, skillIndexAt(model.site.baseUrl), model.skills.length, newestOf(model, model.skills)),
};
