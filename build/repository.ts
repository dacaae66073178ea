/**
 * The git repository the content editor commits to, and its branch: Netlify's build variables
 * (`REPOSITORY_URL`, `BRANCH`), else the clone's `origin` remote. Part of the model, so the editor's
 * settings change its files' key like any other fact they show.
 */
import { execFileSync } from 'node:child_process';
import type { Repository } from '../site/model.ts';

export interface RepositoryEnvironment {
  REPOSITORY_URL?: string;
  BRANCH?: string;
}

/** `owner/name` of a GitHub repository URL, else nothing. */
export function githubRepo(url: string | undefined): string | undefined {
  const match = /^(?:https:\/\/|git@)github\.com[/:]([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(url ?? '');
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/** The URL of the clone's `origin` remote, if there is one; asked once per process and folder. */
const origins = new Map<string, string | undefined>();
function originUrl(projectRoot: string): string | undefined {
  if (!origins.has(projectRoot)) {
    let url: string | undefined;
    try {
      url = execFileSync('git', ['remote', 'get-url', 'origin'], { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      url = undefined;
    }
    origins.set(projectRoot, url);
  }
  return origins.get(projectRoot);
}

export const repositoryOf = (env: RepositoryEnvironment, projectRoot: string): Repository => ({
  repo: githubRepo(env.REPOSITORY_URL) ?? githubRepo(originUrl(projectRoot)),
  branch: env.BRANCH || undefined,
});
