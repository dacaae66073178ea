/** Where the search function answers: its JSON, its page and the page's Markdown twin. A module of
 * its own, so the pages that link the search (every page's search box) do not import the search. */
export const SEARCH_API_PATH = '/search.json';
export const SEARCH_PAGE_PATH = '/search';
export const SEARCH_TWIN_PATH = '/search.md';
