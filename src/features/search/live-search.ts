// The header's live search (docs/product.md#header): a combobox over a listbox of matching products,
// one per search form. Plain TypeScript, no framework, so every page stays light.
import {
  LIVE_SEARCH_DEBOUNCE_MS,
  createLatestOnly,
  debounce,
  liveResultsOf,
  liveSearchQuery,
  moveIndex,
  searchTextOf,
  shouldSearch,
  storeSearchUrl,
  type LiveResult,
} from './live-search.logic';
import { ScopedElement } from '@/client/scoped-element';
import { renderOptions } from './live-search.render';
import { searchTexts as t } from '@/domain/messages/search';

interface LiveSearchParts {
  input: HTMLInputElement;
  panel: HTMLElement;
  list: HTMLElement;
  empty: HTMLElement;
  emptyText: HTMLElement;
  more: HTMLAnchorElement;
  status: HTMLElement;
}

async function fetchResults(text: string, signal: AbortSignal): Promise<LiveResult[]> {
  // Loaded with the first search: every page has the header, few pages see a search.
  const [{ call }, { endpoints }] = await Promise.all([import('@/client/api-client'), import('@/client/api/endpoints.gen')]);
  const answer = await call(endpoints.catalog.productList, { query: liveSearchQuery(text), signal });
  if (!answer.ok || !answer.data) throw new Error(`Live search answered ${answer.status}`);
  return liveResultsOf(answer.data.data);
}

/** <live-search> around a header search form (Header.astro). */
export class LiveSearch extends ScopedElement {
  protected connect(): void {
    const form = this.one<HTMLFormElement>('form');
    const input = form.querySelector<HTMLInputElement>('input[name="q"]');
    const panel = form.querySelector<HTMLElement>('[data-live-panel]');
    const list = panel?.querySelector<HTMLElement>('[data-live-list]');
    const empty = panel?.querySelector<HTMLElement>('[data-live-empty]');
    const emptyText = panel?.querySelector<HTMLElement>('[data-live-empty-text]');
    const more = panel?.querySelector<HTMLAnchorElement>('[data-live-more]');
    const status = form.querySelector<HTMLElement>('[data-live-status]');
    if (!input || !panel || !list || !empty || !emptyText || !more || !status) return;
    this.enhance(form, { input, panel, list, empty, emptyText, more, status });
  }

  private enhance(form: HTMLFormElement, parts: LiveSearchParts): void {
    const { input, panel, list, empty, emptyText, more, status } = parts;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', list.id);
    input.setAttribute('aria-expanded', 'false');

    let options: HTMLAnchorElement[] = [];
    let active = -1;
    /** The text whose answer the panel shows, '' for none. */
    let shown = '';

    const highlight = (index: number) => {
      options[active]?.setAttribute('aria-selected', 'false');
      active = index;
      const option = options[active];
      if (option) {
        option.setAttribute('aria-selected', 'true');
        input.setAttribute('aria-activedescendant', option.id);
        option.scrollIntoView({ block: 'nearest' });
      } else input.removeAttribute('aria-activedescendant');
    };
    const open = () => {
      panel.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    };
    const close = () => {
      highlight(-1);
      panel.hidden = true;
      input.setAttribute('aria-expanded', 'false');
    };

    const latest = createLatestOnly(fetchResults);
    const show = (text: string, results: LiveResult[]) => {
      shown = text;
      active = -1;
      input.removeAttribute('aria-activedescendant');
      options = renderOptions(document, list, results);
      list.hidden = results.length === 0;
      empty.hidden = results.length > 0;
      more.hidden = results.length === 0;
      emptyText.textContent = t.noMatch(text);
      more.textContent = t.seeAll(text);
      more.href = storeSearchUrl(text);
      status.textContent = t.count(results.length);
      open();
    };
    const search = async (text: string) => {
      panel.setAttribute('aria-busy', 'true');
      try {
        const answer = await latest.call(text);
        if (answer.stale) return;
        panel.removeAttribute('aria-busy');
        // The box may have changed or been left while the answer travelled.
        if (searchTextOf(input.value) === text && form.contains(document.activeElement)) show(text, answer.value);
      } catch {
        // Offline or a server error: no dropdown; the Search button still works.
        panel.removeAttribute('aria-busy');
        shown = '';
        close();
      }
    };
    const debounced = debounce((text: string) => void search(text), LIVE_SEARCH_DEBOUNCE_MS);
    const stop = () => {
      debounced.cancel();
      latest.cancel();
      panel.removeAttribute('aria-busy');
    };
    this.onCleanup(stop);

    const onText = () => {
      const text = searchTextOf(input.value);
      if (!shouldSearch(text)) {
        stop();
        close();
        return;
      }
      if (text === shown) {
        stop();
        open();
        return;
      }
      latest.cancel(); // an answer for older text must not arrive after this keystroke
      debounced(text);
    };
    this.listen(input, 'input', onText);
    this.listen(input, 'focus', onText);

    this.listen(input, 'keydown', (event) => {
      if (event.isComposing) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (panel.hidden) {
          if (shown && shown === searchTextOf(input.value)) open();
          else return;
        }
        event.preventDefault();
        highlight(moveIndex(active, event.key, options.length));
      } else if (event.key === 'Enter') {
        const option = options[active];
        if (!panel.hidden && option) {
          event.preventDefault();
          stop();
          close();
          window.location.assign(option.href);
        }
        // Nothing highlighted: the form submits to /store?q=.
      } else if (event.key === 'Escape') {
        if (input.value === '' && panel.hidden) return;
        event.preventDefault();
        input.value = '';
        stop();
        close();
      }
    });

    this.listen(form, 'submit', () => {
      stop();
      close();
    });
    // A click or tap anywhere outside the form closes the dropdown, and so does tabbing away.
    this.listen(document, 'pointerdown', (event) => {
      if (!panel.hidden && event.target instanceof Node && !form.contains(event.target)) close();
    });
    this.listen(form, 'focusout', (event) => {
      if (event.relatedTarget instanceof Node && !form.contains(event.relatedTarget)) close();
    });
    // Coming back through the history cache must not show a stale open dropdown.
    this.listen(window, 'pageshow', (event) => {
      if (event.persisted) {
        stop();
        close();
      }
    });
  }
}
