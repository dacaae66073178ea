/**
 * Answers for paths with no published document: JSON 404s in the error shape (with "did you mean"
 * links when a near slug exists) for API paths, Markdown for twins, the HTML 404 page otherwise.
 */
import { jsonResponse, preflightResponse } from './respond.ts';
import { notFoundBody } from './errors.ts';
import { nearest } from './nearest.ts';
import { apiHeaders, majorOfPath, MARKDOWN_CONTENT_TYPE } from './headers.ts';
import type { AnswerConstants } from './catalog-answer.ts';
import type { LoadedCatalog } from './catalog-source.ts';

export interface NotFoundResources {
  catalog: () => Promise<LoadedCatalog>;
  /** The built 404.html, if it can be read. */
  notFoundPage: () => Promise<string | undefined>;
}

const FALLBACK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1><p><a href="/">Back to the catalogue</a></p></body></html>';

export async function answerNotFound(request: Request, constants: AnswerConstants, resources: NotFoundResources): Promise<Response> {
  // The preflight function owns OPTIONS, but which function Netlify tries first is not promised.
  if (request.method === 'OPTIONS') return preflightResponse(request, constants);
  const path = requestedPath(new URL(request.url).pathname);
  const unversioned = path.replace(/^\/v[0-9]+(?=\/)/, '');
  const links = { baseUrl: constants.baseUrl, documentationUrl: constants.documentationUrl };
  const headers = apiHeaders(constants, { major: majorOfPath(path) });

  if (unversioned.endsWith('.json') || unversioned.startsWith('/api/')) {
    const prefix = path.slice(0, path.length - unversioned.length);
    const suggestions = await didYouMean(unversioned, `${constants.baseUrl}${prefix}`, resources.catalog);
    return jsonResponse(request, notFoundBody(path, links, suggestions), { stamp: constants, status: 404 });
  }
  if (unversioned.endsWith('.md')) {
    const body = `# Not found\n\nNo published document at \`${path}\`.\n\nStart again from the [catalogue](${constants.baseUrl}/index.md) or [llms.txt](${constants.baseUrl}/llms.txt).\n`;
    return new Response(request.method === 'HEAD' ? null : body, { status: 404, headers: { ...headers, 'content-type': MARKDOWN_CONTENT_TYPE } });
  }
  const page = (await resources.notFoundPage()) ?? FALLBACK_PAGE;
  return new Response(request.method === 'HEAD' ? null : page, { status: 404, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}

/** `netlify dev` hands the function the path with the directory index it looked for appended. */
function requestedPath(pathname: string): string {
  return pathname.replace(/\/index\.html?$/, '') || '/';
}

async function didYouMean(path: string, baseUrl: string, catalog: () => Promise<LoadedCatalog>): Promise<string[]> {
  const match = /^\/(skills|bundles)\/([^/]+)\.json$/.exec(path);
  if (!match) return [];
  const [, section, slug] = match;
  try {
    const { layout } = await catalog();
    const near = nearest(decodeURIComponent(slug), section === 'skills' ? layout.skillSlugs : layout.bundleSlugs);
    return near ? [`${baseUrl}/${section}/${near}.json`] : [];
  } catch {
    // Without the catalogue there is nothing to suggest; the 404 itself still stands.
    return [];
  }
}
