/** The Markdown twin of `/clusters/`: the same list as the page. */
import { count } from '../../../../render/format.ts';
import type { PageFrame } from '../../frame.ts';
import { frontMatter, twinDocument } from '../../../markdown/document.ts';
import { link, list } from '../../../markdown/mdast.ts';
import { indexIntro } from '../../../markdown/index-intro.ts';
import { clusterIndexRef } from './ref.ts';
import type { ClusterCount } from './cluster-count.ts';
import { clusterRef } from '../cluster/ref.ts';

/** `- [Label](url): question (3 skills, 1 bundle)` */
export function clusterIndexTwin(frame: PageFrame, counts: readonly ClusterCount[]): string {
  const page = clusterIndexRef(frame.site);
  return twinDocument(frontMatter(frame, page), [
    ...indexIntro(frame, page, `${count(counts.length, 'cluster')}, one per job to be done. A skill sits in one or two of them. JSON: `),
    list(counts.map(({ cluster, skills, bundles }) => [
      link(clusterRef(frame.site.baseUrl, cluster).url, cluster.label),
      `: ${cluster.question} (${count(skills, 'skill')}, ${count(bundles, 'bundle')})`,
    ])),
  ]);
}
