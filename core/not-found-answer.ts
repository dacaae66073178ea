/**
 * Answers for paths with no published document: JSON 404s in the error shape (with "did you mean"
 * links when a near slug exists) for API paths, Markdown for twins, the HTML 404 page otherwise.
 */
import { answerOtherMethod, jsonResponse, pageResponse, READ_METHODS } from './respond.ts';
import { echoPath, notFoundBody } from './errors.ts';
import { majorPrefixOf } from './headers.ts';
import { CLUSTER_IDS } from './types.ts';
import { nearest } from './nearest.ts';
import { jsonTwinFile, SECTION } from './page-paths.ts';
import type { AnswerConstants } from './catalog-answer.ts';
import type { LoadedCatalog } from './catalog-answer.ts';

export interface NotFoundResources {
  catalog: () => Promise<LoadedCatalog>;
  /** The built 404.html, if it can be read. */
  notFoundPage: () => Promise<string | undefined>;
}

const FALLBACK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1><p><a href="/">Back to the catalogue</a></p></body></html>';

export async function answerNotFound(request: Request, constants: AnswerConstants, resources: NotFoundResources): Promise<Response> {
  const links = { baseUrl: constants.baseUrl, documentationUrl: constants.documentationUrl };
  // Netlify routes only GET and HEAD here; anything else gets the answer every path gives it.
  if (!READ_METHODS.includes(request.method)) return answerOtherMethod(request, constants, links);
  const path = requestedPath(new URL(request.url).pathname);
  // Links stay under the major the client asked for, and only a major that answers: a path under
  // an unknown `/v2` is answered with links to the current one.
  const prefix = majorPrefixOf(path);
  const unversioned = path.replace(/^\/v[0-9]+(?=\/|$)/, '') || '/';
  const base = `${constants.baseUrl}${prefix}`;

  if (isApiPath(unversioned)) {
    const suggestions = await didYouMean(unversioned, base, resources.catalog);
    // A 404 may end with the next deploy: the CDN keeps it as long as its class allows, no longer.
    return jsonResponse(request, notFoundBody(path, { ...links, baseUrl: base }, suggestions), { stamp: constants, status: 404, cdnCache: true });
  }
  if (isMarkdownPath(unversioned)) {
    const body = `# Not found\n\nNo published document at \`${echoPath(path)}\`.\n\nStart again from the [catalogue](${base}/index.md) or [llms.txt](${base}/llms.txt).\n`;
    return pageResponse(request, constants, { status: 404, kind: 'markdown', body });
  }
  const page = (await resources.notFoundPage()) ?? FALLBACK_PAGE;
  return pageResponse(request, constants, { status: 404, kind: 'html', body: page });
}

/**
 * The last segment's name as a client may have meant it: case folded, and what follows the
 * extension (`.json.`, `.json~`, `.json/`) ignored, so near-misses on an API path are answered
 * for a program (JSON), never with the HTML page.
 */
const extensionOf = (path: string): string | undefined => /\.(json|md)(?![a-z0-9])/i.exec(path.replace(/\/+$/, '').split('/').pop() ?? '')?.[1]?.toLowerCase();

/** `/api/…` and anything named like a JSON document. */
export const isApiPath = (path: string): boolean => /^\/api(?:\/|$)/i.test(path) || extensionOf(path) === 'json';
export const isMarkdownPath = (path: string): boolean => extensionOf(path) === 'md';

/** `netlify dev` hands the function the path with the directory index it looked for appended. */
function requestedPath(pathname: string): string {
  return pathname.replace(/\/index\.html?$/, '') || '/';
}

/** A JSON twin's path in a folder whose names a client may mistype: `/skills/<slug>.json`. */
const TWIN_JSON_PATH = new RegExp(`^/(${SECTION.skill}|${SECTION.bundle}|${SECTION.cluster})/([^/]+?)\\.json`, 'i');

async function didYouMean(path: string, baseUrl: string, catalog: () => Promise<LoadedCatalog>): Promise<string[]> {
  const match = TWIN_JSON_PATH.exec(path);
  if (!match) return [];
  const [, folder, slug] = match;
  const section = folder.toLowerCase() as typeof SECTION.skill | typeof SECTION.bundle | typeof SECTION.cluster;
  const suggest = (near: string | undefined) => (near ? [`${baseUrl}/${jsonTwinFile(section, near)}`] : []);
  if (section === SECTION.cluster) return suggest(nearest(decodeURIComponent(slug), CLUSTER_IDS));
  try {
    const { layout } = await catalog();
    return suggest(nearest(decodeURIComponent(slug), section === SECTION.skill ? layout.skillSlugs : layout.bundleSlugs));
  } catch {
    // Without the catalogue there is nothing to suggest; the 404 itself still stands.
    return [];
  }
}
