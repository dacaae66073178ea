/** Validate: every rule of the content, each file against its schema (schema-problems.ts) and the
 * rules across files (content-rules.ts), checked in one pass so an editor sees every problem at once. */
import { ContentError } from '../content-error.ts';
import type { ContentProblem } from '../content-error.ts';
import type { LoadedContent, LoadedDocument, LoadedFile } from '../load.ts';
import { SECTION_INDEX } from '../../core/page-paths.ts';
import type { BundleFrontMatter, Cluster, DocFrontMatter, SiteContent, SkillFrontMatter } from '../../core/types.ts';
import { validateFile } from './schema-problems.ts';
import type { ContentKind } from './schema-problems.ts';
import { bundleMemberProblems, cartTemplateProblems, clusterOrderProblems, leftPlaceholders, slugProblems } from './content-rules.ts';
import type { ValidDocument } from './content-rules.ts';

export { schemaProblems, validateFile } from './schema-problems.ts';
export type { ContentKind, PlacedProblem } from './schema-problems.ts';
export { shopOriginProblems } from './content-rules.ts';

export interface ValidContent {
  site: SiteContent;
  clusters: Cluster[];
  skills: ValidDocument<SkillFrontMatter>[];
  bundles: ValidDocument<BundleFrontMatter>[];
  docs: ValidDocument<DocFrontMatter>[];
}

/** Every rule of the content, schema and cross-file, checked in one pass; throws every problem at once. */
export function validateContent(loaded: LoadedContent): ValidContent {
  const problems: ContentProblem[] = [];
  const check = (kind: ContentKind, file: LoadedFile): boolean => {
    const found = validateFile(kind, file);
    problems.push(...found);
    return found.length === 0;
  };
  const siteOk = check('site', loaded.site);
  if (siteOk) problems.push(...cartTemplateProblems(loaded));
  const clustersOk = check('clusters', loaded.clusters);
  if (clustersOk) problems.push(...clusterOrderProblems(loaded.clusters));

  const documents = <T>(kind: 'skill' | 'bundle' | 'doc', docs: LoadedDocument[]): ValidDocument<T>[] => {
    problems.push(...slugProblems(docs, kind === 'doc' ? [] : [SECTION_INDEX]));
    // Measured by the loader (build/render/body-limits.ts), so check and build refuse the same bodies.
    problems.push(...docs.flatMap((doc) => doc.bodyProblems));
    const valid = docs.filter((doc) => check(kind, doc));
    // A file whose bytes passed before (a memo hit) left no placeholder then: the same code checked them.
    if (kind !== 'doc') for (const doc of valid) if (!doc.checked) problems.push(...leftPlaceholders(doc));
    return valid.map((doc) => ({ doc, fields: doc.data as T }));
  };
  const skills = documents<SkillFrontMatter>('skill', loaded.skills);
  const bundles = documents<BundleFrontMatter>('bundle', loaded.bundles);
  const docs = documents<DocFrontMatter>('doc', loaded.docs);
  problems.push(...bundleMemberProblems(bundles, new Set(loaded.skills.map((doc) => doc.slug))));
  if (problems.length > 0 || !siteOk || !clustersOk) throw new ContentError(problems);
  return {
    site: loaded.site.data as SiteContent,
    clusters: loaded.clusters.data as Cluster[],
    skills,
    bundles,
    docs,
  };
}
