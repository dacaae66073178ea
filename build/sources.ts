/**
 * The build's sources: everything a build is made from, read once, before anything is checked.
 * Every content file as loaded (build/load.ts: known by the digest of its bytes at once, parsed or
 * taken from the memo of checked documents when first asked), the hand-kept header rules, and what
 * the environment, git and the file system say of the build (its version, where it is published,
 * when the content changed, which deploy it is for). The model is made from these alone (modelOf, build/index.ts, reads no file, no
 * variable and no clock), so their digest with the code's and the run's options is the key of the
 * whole build: the runner keeps the last published folder whole when it is unchanged
 * (build/run/index.ts).
 */
import { relative } from 'node:path';
import { loadContent } from './load.ts';
import type { DocumentMemo, LoadedContent } from './load.ts';
import { readHandHeaders } from './hand-headers.ts';
import type { HandHeaders } from './hand-headers.ts';
import { buildTime, buildVersion } from './stamp.ts';
import type { StampEnvironment } from './stamp.ts';
import { contentDates } from './content-dates.ts';
import { repositoryOf } from './repository.ts';
import type { RepositoryEnvironment } from './repository.ts';
import { canonicalJson, hashText } from './digest.ts';
import type { DeployContext, Repository } from '../site/model.ts';

export interface BuildSources {
  content: LoadedContent;
  headers: HandHeaders;
  /** x-build-version (stamp.ts). */
  version: string;
  /** Netlify's `URL`, which wins over site.yaml's `base_url`. */
  url: string | undefined;
  /** `generated_at`: when the content last changed, or SOURCE_DATE_EPOCH. */
  generatedAt: string;
  /** Each skill, bundle and prose page's last change, with its file as loaded: pairs, since an
   * object keyed by file took some 20 ms to make at 4,000 skills, on a build that changed nothing. */
  lastModified: [file: string, date: string][];
  deploy: DeployContext;
  repository: Repository;
}

export interface SourceLocations {
  contentDir: string;
  /** The hand-kept `_headers`. */
  headersFile: string;
  projectRoot: string;
}

/** Reads the sources of a build of `contentDir`; a content file whose exact text passed its checks
 * before comes from `documents` already parsed. */
export async function readSources(
  { contentDir, headersFile, projectRoot }: SourceLocations,
  documents: DocumentMemo,
  env: StampEnvironment & RepositoryEnvironment,
  deploy: DeployContext,
): Promise<BuildSources> {
  const headers = readHandHeaders(headersFile, relative(projectRoot, headersFile) || headersFile);
  const content = await loadContent(contentDir, projectRoot, documents);
  const dated = [...content.skills, ...content.bundles, ...content.docs];
  // A file git does not know is dated by its modification time, taken as it was read.
  const modified = new Map(dated.map(({ file, modified: time }) => [file, time]));
  const dateOf = contentDates(contentDir, projectRoot, (file) => modified.get(file)!);
  const lastModified = dated.map(({ file }): [string, string] => [file, dateOf(file)]);
  return {
    content,
    headers,
    version: buildVersion(projectRoot, env),
    url: env.URL,
    generatedAt: buildTime(contentDir, env),
    lastModified,
    deploy,
    repository: repositoryOf(env, projectRoot),
  };
}

/**
 * The digest of `sources` and of whatever else the build is made from (`also`: the code's
 * fingerprints, the assets, the options), every value of them: a content file counts by its name
 * and the digest of its bytes (`checkKey`), which decide everything loading makes of it.
 */
export function sourcesKey(sources: BuildSources, also: Record<string, unknown>): string {
  const content = Object.fromEntries(Object.entries(sources.content).map(([kind, files]) =>
    [kind, (Array.isArray(files) ? files : [files]).map(({ file, checkKey }: { file: string; checkKey: string }) => [file, checkKey])]));
  return hashText(canonicalJson({ ...also, sources: { ...sources, content } }));
}
