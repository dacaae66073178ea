/** The build's identity: x-build-version and x-base-url, and the catalogue's date, fixed once per build. */
import { readFileSync } from 'node:fs';
import type { BuildStamp } from '../core/headers.ts';
import { isoSeconds, newestContentChange } from './content-dates.ts';
import { BuildEnvironmentError } from './build-errors.ts';
import { git, headCommit } from './git.ts';

export interface StampEnvironment {
  /** Netlify's commit of the deploy. */
  COMMIT_REF?: string;
  /** Netlify's main site URL. */
  URL?: string;
  /** Reproducible builds: the build's time in Unix seconds, overriding the content's. */
  SOURCE_DATE_EPOCH?: string;
  /** Netlify's deploy context: whether drafts are built (build/deploy-context.ts). */
  CONTEXT?: string;
}

/** x-build-version: package.json's version and the commit built (`1.0.0+abc1234`, `-dirty` for a
 * work tree with edits). */
export function buildVersion(projectRoot: string, env: StampEnvironment = process.env): string {
  const { version } = JSON.parse(readFileSync(`${projectRoot}/package.json`, 'utf8')) as { version: string };
  return `${version}+${commitOf(projectRoot, env)}`;
}

/** The stamp of a build of this version: published at Netlify's `URL` when it names one, else at
 * site.yaml's `base_url`. */
export const buildStamp = (version: string, url: string | undefined, siteBaseUrl: string): BuildStamp => ({
  buildVersion: version,
  baseUrl: (url ? deployOrigin(url) : siteBaseUrl).replace(/\/+$/, ''),
});

/**
 * Netlify's `URL`, "the URL for the site's main address" (docs.netlify.com/configure-builds/
 * environment-variables, "Read-only variables"), as every page and JSON file will name it: an
 * environment is no content, so it is checked here, before anything is made, and anything but an
 * http(s) origin stops the build naming the variable.
 */
function deployOrigin(url: string): string {
  const parsed = URL.parse(url);
  const origin = parsed && /^https?:$/.test(parsed.protocol) && parsed.host !== '' && parsed.username === '' && parsed.password === '' ? parsed.origin : undefined;
  if (origin === undefined || url.replace(/\/+$/, '') !== origin) {
    throw new BuildEnvironmentError(`URL: expected the site's address, an http:// or https:// origin such as https://example.netlify.app, got ${JSON.stringify(url)}`);
  }
  return origin;
}

/**
 * `generated_at`: when the catalogue last changed, never when it was built, so building one commit
 * twice gives the same bytes and a deploy of an unchanged catalogue keeps every ETag, and with them
 * every client's and the CDN's copies. `SOURCE_DATE_EPOCH` overrides it, and a value that is not a
 * whole number of seconds is an error rather than a silent fallback, as the reproducible-builds
 * specification asks (reproducible-builds.org/specs/source-date-epoch/).
 */
export function buildTime(contentDir: string, env: StampEnvironment, readTimes: readonly string[]): string {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && epoch !== '') {
    const date = new Date(Number(epoch) * 1000);
    if (!/^[0-9]+$/.test(epoch) || Number.isNaN(date.getTime())) {
      throw new BuildEnvironmentError(`SOURCE_DATE_EPOCH: expected a whole number of seconds since 1970-01-01T00:00:00Z, got ${JSON.stringify(epoch)}`);
    }
    return isoSeconds(date);
  }
  const newest = newestContentChange(contentDir, readTimes);
  if (newest === undefined) throw new BuildEnvironmentError(`${contentDir}: expected content files to date the catalogue by, found none`);
  return newest;
}

function commitOf(projectRoot: string, env: StampEnvironment): string {
  if (env.COMMIT_REF) return env.COMMIT_REF.slice(0, 7);
  try {
    const head = headCommit(projectRoot);
    const short = head?.slice(0, 7) ?? git(projectRoot, 'rev-parse', '--short=7', 'HEAD').trim();
    return isDirty(projectRoot, head) ? `${short}-dirty` : short;
  } catch {
    // Not a git checkout (or no commit yet): still a valid, honest identifier.
    return 'nogit';
  }
}

/** Commits found with edits since, in this process: npm run dev builds on every save, and a tree
 * that was dirty at a commit is taken to stay so until the next commit (`git status` over the whole
 * repository costs tens of milliseconds). A clean tree is asked again on every build. */
const dirtyAt = new Set<string>();
function isDirty(projectRoot: string, head: string | undefined): boolean {
  if (head !== undefined && dirtyAt.has(head)) return true;
  const dirty = git(projectRoot, 'status', '--porcelain').trim() !== '';
  if (dirty && head !== undefined) dirtyAt.add(head);
  return dirty;
}
