/**
 * The search function's whole behaviour as Request → Response: `/search.json` (the API), `/search`
 * (the results page, so a search works without JavaScript) and `/search.md` (its Markdown twin),
 * each also under `/v1`. The pages are drawn by the renderers handed in, so this core knows no HTML.
 */
import { answerOtherMethod, jsonResponse, LazyJson, pageResponse, READ_METHODS } from './respond.ts';
import { badRequestBody, serverErrorBody } from './errors.ts';
import type { ErrorLinks } from './errors.ts';
import { CACHE_NO_STORE, majorPrefixOf } from './headers.ts';
import type { BuildStamp } from './headers.ts';
import { strongEtag } from './etag.ts';
import { jsonBytes } from './json.ts';
import type { AnswerConstants } from './catalog-answer.ts';
import { SEARCH_API_PATH, SEARCH_TWIN_PATH } from './search-paths.ts';
import type { QueryProblem } from './query.ts';
import { SEARCH_DEFAULT_LIMIT } from './search.ts';
import type { Search, SearchAnswer } from './search.ts';
import { canonicalSearchString, parseSearchParams, toSearchQuery } from './search-query.ts';
import type { CanonicalSearchQuery } from './search-query.ts';
import type { SearchResults } from './types.ts';

/** The search index as an answer reads it; runtime/search-source.ts loads it from the build's file. */
export interface LoadedSearch {
  search: Search;
  /** A hash of the index file: with the build version and the canonical query, the answers' ETag. */
  etag: string;
}

/** What a search page shows: the form (with the query, if any), a problem with it, or the answer. */
export interface SearchView {
  query: CanonicalSearchQuery;
  problem?: QueryProblem;
  answer?: SearchAnswer;
  /** `/v1` when the page was asked for under it, so its links stay there. */
  prefix: string;
}

export interface SearchRenderers<Frame> {
  html(frame: Frame, view: SearchView): string;
  markdown(frame: Frame, view: SearchView): string;
}

export interface SearchResources<Frame> {
  search: () => Promise<LoadedSearch>;
  frame: () => Promise<Frame>;
  /** The page renderers, loaded when a page is first asked for: the API never pays for them. */
  renderers: () => Promise<SearchRenderers<Frame>>;
}

export async function answerSearch<Frame>(
  request: Request,
  resources: SearchResources<Frame>,
  constants: AnswerConstants,
): Promise<Response> {
  const url = new URL(request.url);
  const prefix = majorPrefixOf(url.pathname);
  // Hints stay under the major the client asked for, as the catalogue's do.
  const links: ErrorLinks = { baseUrl: `${constants.baseUrl}${prefix}`, documentationUrl: constants.documentationUrl };
  const stamp: BuildStamp = { buildVersion: constants.buildVersion, baseUrl: constants.baseUrl };
  if (!READ_METHODS.includes(request.method)) return answerOtherMethod(request, stamp, links);
  const path = url.pathname.slice(prefix.length).replace(/\/$/, '') || '/';

  if (path === SEARCH_API_PATH) {
    const parsed = parseSearchParams(url.searchParams);
    if (!parsed.ok) {
      return jsonResponse(request, badRequestBody(parsed.problem, SEARCH_API_PATH, links), { stamp, status: 400, cdnCache: true });
    }
    let loaded: LoadedSearch;
    try {
      loaded = await resources.search();
    } catch (error) {
      console.error('search function: the search index could not be read', error);
      return jsonResponse(request, serverErrorBody(links, 'The search index could not be read; try again shortly.'), { stamp, status: 500, cacheControl: CACHE_NO_STORE, cdnCache: true });
    }
    const { query } = parsed;
    // The answer is a function of the code (the build version), the index and the canonical query:
    // their hash is a strong validator known before any search runs, so a 304 costs nothing.
    const etag = strongEtag(`${constants.buildVersion}\n${loaded.etag}\n${canonicalSearchString(query)}`);
    const body = new LazyJson(() => {
      const answer = loaded.search.query(toSearchQuery(query));
      const results: SearchResults = { site: constants.baseUrl, query, total: answer.total, results: answer.results };
      return jsonBytes(results);
    });
    return jsonResponse(request, body, { stamp, etag, cdnCache: true });
  }

  // The page and its twin: a person's form may leave q empty (the page then shows just the form).
  const kind = path === SEARCH_TWIN_PATH ? 'markdown' : 'html';
  const parsed = parseSearchParams(url.searchParams, { requireQ: false });
  let frame: Frame;
  let renderers: SearchRenderers<Frame>;
  let loaded: LoadedSearch | undefined;
  try {
    frame = await resources.frame();
    renderers = await resources.renderers();
    if (parsed.ok && parsed.query.q !== '') loaded = await resources.search();
  } catch (error) {
    console.error('search function: the search page could not be drawn', error);
    return jsonResponse(request, serverErrorBody(links, 'The search could not be answered; try again shortly.'), { stamp, status: 500, cacheControl: CACHE_NO_STORE });
  }
  const view: SearchView = parsed.ok
    ? { query: parsed.query, prefix, answer: loaded?.search.query(toSearchQuery(parsed.query)) }
    : { query: { q: url.searchParams.get('q')?.trim() ?? '', clusters: [], kind: null, types: [], limit: SEARCH_DEFAULT_LIMIT }, prefix, problem: parsed.problem };
  const body = kind === 'html' ? renderers.html(frame, view) : renderers.markdown(frame, view);
  // A page for people says what was wrong beside the form, as a form's error is said, and shows no
  // results (nothing is guessed); the API's 400 is for programs. Errors answered by a function are
  // JSON, but for the pages a reader asked for.
  return pageResponse(request, stamp, { status: 200, kind, body });
}
