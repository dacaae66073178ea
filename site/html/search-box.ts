/**
 * The search box in every page's header: a GET form to the search page, so it works with no
 * script at all; search.js (build/emit/assets/) adds results as you type, from /search.json, to
 * every form marked `data-search-box`.
 */
import { h } from 'hastscript';
import type { Element } from 'hast';
import { SEARCH_PAGE_PATH } from '../../core/search-paths.ts';

/** Ids the box uses (FRAME_IDS lists them, so no heading id of a page can take them). */
export const SEARCH_BOX_IDS = ['site-search-q', 'site-search-label'] as const;

export function searchBox(value = ''): Element {
  return h('form.site-search', { role: 'search', action: SEARCH_PAGE_PATH, method: 'get', dataSearchBox: '' }, [
    h('label.sr-only#site-search-label', { for: 'site-search-q' }, 'Search skills, bundles and guides'),
    h('input#site-search-q', { type: 'search', name: 'q', value: value || undefined, placeholder: 'Search skills…', autocomplete: 'off', enterKeyHint: 'search' }),
    h('button', { type: 'submit' }, 'Search'),
  ]);
}
