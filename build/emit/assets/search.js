// Results as you type, from /search.json, for every form marked `data-search-box`. Without this
// file each form is a plain GET to the search page, which answers with the same results; with it,
// the header's box becomes an ARIA combobox (arrow keys move through the results, Enter opens the
// one chosen or searches, Escape closes) and the search page refreshes its own list in place.
(() => {
  'use strict';
  const DELAY_MS = 150;
  const SUGGESTIONS = 8;
  const TYPE_LABEL = { skill: 'Skill', bundle: 'Bundle', doc: 'Guide' };

  // Items carry the site's canonical URLs; links stay on the origin the page was served from.
  const localPath = (url) => {
    const parsed = new URL(url, location.href);
    return parsed.pathname + parsed.search;
  };
  const summaryOf = (item) =>
    item.type === 'skill' ? item.summary || item.problem || item.outcome || '' : item.type === 'bundle' ? item.blurb : item.description;
  const element = (tag, props, children) => {
    const node = document.createElement(tag);
    Object.assign(node, props);
    for (const child of children || []) if (child) node.append(child);
    return node;
  };

  /** Asks /search.json, dropping an answer a newer keystroke has made stale. */
  const searcher = (limit) => {
    let pending;
    return async (q) => {
      pending?.abort();
      pending = new AbortController();
      const response = await fetch(`/search.json?q=${encodeURIComponent(q)}&limit=${limit}`, {
        headers: { accept: 'application/json' },
        signal: pending.signal,
      });
      if (!response.ok) throw new Error(`search answered ${response.status}`);
      return response.json();
    };
  };

  const debounce = (run) => {
    let timer;
    return (...args) => {
      clearTimeout(timer);
      timer = setTimeout(() => run(...args), DELAY_MS);
    };
  };

  function enhanceHeaderBox(form, n) {
    const input = form.querySelector('input[name="q"]');
    if (!input) return;
    const listId = `${input.id || `search-${n}`}-results`;
    const list = element('ul', { id: listId, className: 'search-suggestions', hidden: true });
    list.setAttribute('role', 'listbox');
    list.setAttribute('aria-label', 'Search results');
    form.append(list);
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', listId);
    input.setAttribute('aria-expanded', 'false');
    const ask = searcher(SUGGESTIONS);
    let active = -1;

    const options = () => [...list.querySelectorAll('[role="option"]')];
    const close = () => {
      list.hidden = true;
      input.setAttribute('aria-expanded', 'false');
      input.removeAttribute('aria-activedescendant');
      active = -1;
    };
    const highlight = (index) => {
      const all = options();
      if (all.length === 0) return;
      active = (index + all.length) % all.length;
      all.forEach((option, i) => option.setAttribute('aria-selected', String(i === active)));
      input.setAttribute('aria-activedescendant', all[active].id);
      all[active].scrollIntoView({ block: 'nearest' });
    };
    const show = (answer, q) => {
      list.replaceChildren();
      answer.results.forEach((item, i) => {
        const option = element('li', { id: `${listId}-${i}` }, [
          element('a', { href: localPath(item.url), tabIndex: -1 }, [
            element('span', { className: 'search-suggestion-title', textContent: item.title }),
            element('span', { className: 'search-suggestion-type', textContent: TYPE_LABEL[item.type] || item.type }),
          ]),
        ]);
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        list.append(option);
      });
      const all = element('li', { className: 'search-suggestion-all' }, [
        element('a', { href: `/search?q=${encodeURIComponent(q)}`, tabIndex: -1, textContent: answer.total === 0 ? `Nothing found for “${q}”` : `All ${answer.total} results for “${q}”` }),
      ]);
      all.setAttribute('role', 'option');
      all.id = `${listId}-all`;
      all.setAttribute('aria-selected', 'false');
      list.append(all);
      active = -1;
      input.removeAttribute('aria-activedescendant');
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    };
    const refresh = debounce(async () => {
      const q = input.value.trim();
      if (q === '') return close();
      try {
        show(await ask(q), q);
      } catch (error) {
        if (error.name !== 'AbortError') close();
      }
    });

    input.addEventListener('input', refresh);
    input.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (list.hidden) return;
        event.preventDefault();
        highlight(active + (event.key === 'ArrowDown' ? 1 : -1));
      } else if (event.key === 'Enter' && active >= 0 && !list.hidden) {
        event.preventDefault();
        options()[active].querySelector('a').click();
      } else if (event.key === 'Escape' && !list.hidden) {
        event.preventDefault();
        close();
      }
    });
    // A pointer press on a result must not close the list before the click lands.
    list.addEventListener('mousedown', (event) => event.preventDefault());
    form.addEventListener('focusout', (event) => {
      if (!form.contains(event.relatedTarget)) close();
    });
  }

  function enhancePageForm(form) {
    const input = form.querySelector('input[name="q"]');
    const results = document.getElementById('search-results');
    const status = document.getElementById('search-status');
    if (!input || !results || !status) return;
    const ask = searcher(20);
    const card = (item) =>
      element('li', { className: 'card' }, [
        element('h3', {}, [element('a', { href: localPath(item.url), textContent: item.title })]),
        element('p', { className: 'meta', textContent: TYPE_LABEL[item.type] || item.type }),
        element('p', { className: 'summary', textContent: summaryOf(item) }),
      ]);
    const refresh = debounce(async () => {
      const q = input.value.trim();
      if (q === '') return;
      try {
        const answer = await ask(q);
        results.replaceChildren(...answer.results.map(card));
        status.textContent = answer.total === 0
          ? `Nothing found for “${q}”. Try fewer or other words.`
          : `${answer.total} result${answer.total === 1 ? '' : 's'} for “${q}”${answer.results.length < answer.total ? `, the first ${answer.results.length} shown` : ''}.`;
        // The address follows, so reloading or sharing it shows the same results without the script.
        history.replaceState(null, '', `${form.getAttribute('action')}?q=${encodeURIComponent(q)}`);
      } catch (error) {
        if (error.name !== 'AbortError') status.textContent = 'Search is not answering just now; press Search to try the page instead.';
      }
    });
    input.addEventListener('input', refresh);
  }

  const start = () => {
    document.querySelectorAll('form[data-search-box]').forEach((form, n) => {
      if (form.dataset.searchBox === 'page') enhancePageForm(form);
      else enhanceHeaderBox(form, n);
    });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
