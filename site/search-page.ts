/**
 * The search page, `/search?q=…`, and its Markdown twin `/search.md?q=…` (its JSON twin is
 * `/search.json?q=…`): drawn at request time by the search function, in the same frame as every
 * page, from the search core's answer. A GET form, so a search needs no script; search.js, when it
 * runs, refreshes the same list as you type. Never indexed: a results page is not content.
 */
import { h } from 'hastscript';
import type { Element } from 'hast';
import { renderPage } from './html/layout.ts';
import { bundleCard, section, skillCard } from './html/parts.ts';
import { frontMatter, twinDocument } from './markdown/document.ts';
import { heading, link, list, paragraph } from './markdown/mdast.ts';
import type { PageFrame } from './pages/frame.ts';
import type { PageRef } from './pages/page-ref.ts';
import { count } from './render/format.ts';
import { SEARCH_API_PATH, SEARCH_PAGE_PATH, SEARCH_TWIN_PATH } from '../core/search-paths.ts';
import type { SearchRenderers, SearchView } from '../core/search-answer.ts';
import { canonicalSearchString } from '../core/search-query.ts';
import type { ScoredItem } from '../core/search.ts';

/** Ids of the page's own parts (search.js finds the list and the status line by them). */
export const SEARCH_PAGE_IDS = { input: 'search-page-q', status: 'search-status', results: 'search-results' } as const;

function searchRef(frame: PageFrame, view: SearchView): PageRef {
  const query = view.query.q === '' ? '' : `?${canonicalSearchString(view.query)}`;
  const base = `${frame.site.baseUrl}${view.prefix}`;
  return {
    kind: 'search',
    path: `${view.prefix}${SEARCH_PAGE_PATH}`,
    htmlFile: '',
    markdownFile: '',
    markdownPath: `${view.prefix}${SEARCH_TWIN_PATH}${query}`,
    jsonPath: `${view.prefix}${SEARCH_API_PATH}${query}`,
    url: `${base}${SEARCH_PAGE_PATH}${query}`,
    markdownUrl: `${base}${SEARCH_TWIN_PATH}${query}`,
    title: view.query.q === '' ? 'Search' : `Search: ${view.query.q}`,
    description: `Search ${frame.site.name}: skills, bundles and guides.`,
  };
}

/** One line saying what was found; the status line that screen readers hear when it changes. */
export function statusLine(view: SearchView): string {
  if (view.problem) return view.problem.message;
  if (!view.answer) return 'Type what you need: a problem, a book, a command.';
  const { total, results } = view.answer;
  if (total === 0) return `Nothing found for “${view.query.q}”. Try fewer or other words.`;
  const shown = results.length < total ? `, the first ${results.length} shown` : '';
  return `${count(total, 'result')} for “${view.query.q}”${shown}.`;
}

/** A prose page's card: like an item's, without price or badge. */
function docCard(item: Extract<ScoredItem, { type: 'doc' }>): Element {
  return h('li.card', [
    h('h3', h('a', { href: new URL(item.url).pathname }, item.title)),
    h('p.meta', 'Guide'),
    h('p.summary', item.description),
  ]);
}

const resultCard = (item: ScoredItem): Element =>
  item.type === 'skill' ? skillCard(item) : item.type === 'bundle' ? bundleCard(item) : docCard(item);

export function searchHtml(frame: PageFrame, view: SearchView): string {
  const page = searchRef(frame, view);
  const results = view.answer?.results ?? [];
  return renderPage(frame, {
    page,
    title: `${page.title} · ${frame.site.name}`,
    description: page.description,
    noindex: true,
    searchValue: view.query.q,
    content: [
      h('header.intro', [
        h('h1', 'Search'),
        h('form.search-page-form', { role: 'search', action: page.path, method: 'get', dataSearchBox: 'page' }, [
          h('label', { for: SEARCH_PAGE_IDS.input }, 'Search skills, bundles and guides'),
          h('div.search-row', [
            h('input', { id: SEARCH_PAGE_IDS.input, type: 'search', name: 'q', value: view.query.q || undefined, autocomplete: 'off', enterKeyHint: 'search' }),
            h('button', { type: 'submit' }, 'Search'),
          ]),
        ]),
        h('p.lead', { id: SEARCH_PAGE_IDS.status, role: 'status' }, statusLine(view)),
      ]),
      section('search-results-heading', 'Results', [h('ol.cards.search-results', { id: SEARCH_PAGE_IDS.results }, results.map(resultCard))]),
    ],
  });
}

const TYPE_LABEL: Readonly<Record<ScoredItem['type'], string>> = { skill: 'Skill', bundle: 'Bundle', doc: 'Guide' };

export function searchTwin(frame: PageFrame, view: SearchView): string {
  const page = searchRef(frame, view);
  const results = view.answer?.results ?? [];
  const line = (item: ScoredItem) => {
    const about = item.type === 'skill' ? (item.summary ?? item.problem ?? item.outcome ?? '') : item.type === 'bundle' ? item.blurb : item.description;
    return [link(item.markdown_url, item.title), ` (${TYPE_LABEL[item.type]})${about ? `: ${about}` : ''}`];
  };
  return twinDocument(frontMatter(frame, page), [
    heading(1, page.title),
    paragraph(statusLine(view)),
    ...(results.length > 0 ? [list(results.map(line), true)] : []),
    paragraph('As JSON, with every field and a score: ', link(`${frame.site.baseUrl}${page.jsonPath}`, `${page.jsonPath}`), '.'),
  ]);
}

export const searchRenderers: SearchRenderers<PageFrame> = { html: searchHtml, markdown: searchTwin };
