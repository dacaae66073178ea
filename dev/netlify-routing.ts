/**
 * Netlify's routing of this site, derived from what Netlify itself reads: every function's config
 * as zip-it-and-ship-it parses it from the source (the routes it puts in the deploy manifest), and
 * netlify.toml's rewrites. Requests are resolved along Netlify's documented request chain
 * (https://docs.netlify.com/platform/request-chain): functions whose path matches (one with
 * `preferStatic` only when no file is at the path), then static files, then redirect and rewrite
 * rules; a rewrite's target goes through the function step again, `preferStatic` included, but
 * rules are not evaluated a second time. A route matches as netlify-cli matches it
 * (lib/functions/netlify-function.js, `matchURLPath`): the path lower-cased and without a trailing
 * slash, against the route's literal or its expression, unless an excluded route matches.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listFunctions } from '@netlify/zip-it-and-ship-it';
import type { ExtendedRoute, Route } from '@netlify/zip-it-and-ship-it';
import { parse as parseToml } from 'smol-toml';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const FUNCTIONS_DIR = `${ROOT}functions`;

/** The methods Netlify can route to a function by name (zip-it-and-ship-it's `httpMethod`). */
export const ROUTABLE_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface DeployedFunction {
  name: string;
  mainFile: string;
  routes: ExtendedRoute[];
  excludedRoutes: Route[];
}

export interface Rewrite {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

export type Owner = { kind: 'function'; name: string; path: string } | { kind: 'file'; path: string } | { kind: 'none'; path: string };

export interface Resolution {
  /** Every function the function step matched, at the path that reached it. */
  candidates: string[];
  owner: Owner;
}

export async function deployedFunctions(): Promise<DeployedFunction[]> {
  const listed = await listFunctions([FUNCTIONS_DIR], { basePath: ROOT, parseISC: true });
  return listed
    .filter((fn) => fn.runtime === 'js')
    .map((fn) => ({ name: fn.name, mainFile: fn.mainFile, routes: fn.routes ?? [], excludedRoutes: fn.excludedRoutes ?? [] }));
}

export function netlifyRewrites(): Rewrite[] {
  const toml = parseToml(readFileSync(`${ROOT}netlify.toml`, 'utf8')) as { redirects?: Partial<Rewrite>[] };
  return (toml.redirects ?? []).map((rule) => ({ from: rule.from!, to: rule.to!, status: rule.status ?? 301, force: rule.force ?? false }));
}

const routeMatches = (route: Route, path: string) =>
  'literal' in route ? path === route.literal : new RegExp(route.expression).test(path);

/** The functions the function step picks for (path, method); more than one is an overlap. */
export function functionsFor(functions: readonly DeployedFunction[], rawPath: string, method: string, hasFile: boolean): string[] {
  const path = (rawPath !== '/' && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath).toLowerCase();
  return functions
    .filter((fn) => {
      const route = fn.routes.find((candidate) => (!candidate.methods?.length || candidate.methods.includes(method)) && routeMatches(candidate, path));
      if (!route || fn.excludedRoutes.some((excluded) => routeMatches(excluded, path))) return false;
      return !(route.prefer_static && hasFile);
    })
    .map((fn) => fn.name);
}

/** Where a rule sends `path`, for a rule of the `/prefix/*` → `/…:splat` or literal kind. */
export function rewriteTarget(rule: Rewrite, path: string): string | undefined {
  if (rule.from.endsWith('/*')) {
    const prefix = rule.from.slice(0, -1);
    if (!path.startsWith(prefix)) return undefined;
    return rule.to.replace(':splat', path.slice(prefix.length));
  }
  return path === rule.from ? rule.to : undefined;
}

/**
 * Who answers (path, method) along the request chain. `fileAt` says whether a static file answers a
 * path (for GET and HEAD; a file cannot answer other methods with more than the platform's 405).
 */
export function resolve(functions: readonly DeployedFunction[], rewrites: readonly Rewrite[], path: string, method: string, fileAt: (path: string) => boolean): Resolution {
  const read = method === 'GET' || method === 'HEAD';
  const step = (at: string): Resolution | undefined => {
    const candidates = functionsFor(functions, at, method, fileAt(at));
    if (candidates.length > 0) return { candidates, owner: { kind: 'function', name: candidates[0], path: at } };
    if (read && fileAt(at)) return { candidates, owner: { kind: 'file', path: at } };
    return undefined;
  };
  const direct = step(path);
  if (direct) return direct;
  for (const rule of rewrites) {
    const target = rewriteTarget(rule, path);
    if (target === undefined) continue;
    // A rewrite applies only where nothing else answers (shadowing), unless forced.
    return step(target) ?? { candidates: [], owner: { kind: 'none', path: target } };
  }
  return { candidates: [], owner: { kind: 'none', path } };
}
