/** The build's identity: x-build-version and x-base-url, fixed once per build. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { BuildStamp } from './core/headers.ts';

export interface StampEnvironment {
  /** Netlify's commit of the deploy. */
  COMMIT_REF?: string;
  /** Netlify's main site URL. */
  URL?: string;
  /** Reproducible builds: a fixed build time in Unix seconds. */
  SOURCE_DATE_EPOCH?: string;
}

export function buildStamp(projectRoot: string, siteBaseUrl: string, env: StampEnvironment = process.env): BuildStamp {
  const { version } = JSON.parse(readFileSync(`${projectRoot}/package.json`, 'utf8')) as { version: string };
  return {
    buildVersion: `${version}+${commitOf(projectRoot, env)}`,
    baseUrl: (env.URL || siteBaseUrl).replace(/\/+$/, ''),
  };
}

export function buildTime(env: StampEnvironment = process.env): string {
  const epoch = env.SOURCE_DATE_EPOCH;
  const date = epoch && /^[0-9]+$/.test(epoch) ? new Date(Number(epoch) * 1000) : new Date();
  return date.toISOString().replace(/\.[0-9]{3}Z$/, 'Z');
}

function commitOf(projectRoot: string, env: StampEnvironment): string {
  if (env.COMMIT_REF) return env.COMMIT_REF.slice(0, 7);
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const short = git('rev-parse', '--short=7', 'HEAD');
    return git('status', '--porcelain') ? `${short}-dirty` : short;
  } catch {
    // Not a git checkout (or no commit yet): still a valid, honest identifier.
    return 'nogit';
  }
}
