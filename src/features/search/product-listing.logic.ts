// The product listing's in-place updates (src/components/ProductListing.astro): which URL a filter
// form asks for, which links stay in the listing, and how a control is found again after its
// markup is replaced (docs/decisions/0028-search-results-first.md).
import { defaultSort } from '@/domain/product-sorts';

/** The list a filter form asks for, as its GET submit would, without empty fields (the page starts at 1). */
export function formUrl(form: HTMLFormElement): string {
  const action = new URL(form.action, location.href);
  return action.pathname + listingQuery(new FormData(form));
}

/** The query of a form's fields as storeHref writes it: no empty field, no page, no default sort. */
export function listingQuery(fields: Iterable<[string, FormDataEntryValue]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of fields) {
    if (typeof value === 'string' && value !== '' && name !== 'page') params.append(name, value);
  }
  if (params.get('sort') === defaultSort(params.get('q') || undefined)) params.delete('sort');
  const query = params.toString();
  return query ? `?${query}` : '';
}

interface LinkLike {
  href: string;
  target: string;
  hasAttribute(name: string): boolean;
}
interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/** A plain click on a link to another view of the same list (a page, a category), not a new tab or an anchor. */
export function isListingLink(link: LinkLike, here: { href: string }, click: ClickLike): boolean {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if (link.target || link.hasAttribute('download')) return false;
  const to = new URL(link.href, here.href);
  const from = new URL(here.href);
  return to.origin === from.origin && to.pathname === from.pathname && to.search !== from.search;
}

interface ControlLike {
  id?: string;
  name?: string;
  type?: string;
  value?: string;
}

/** What names a form control across a re-render: a box by its name and value, anything else by its id. */
export function controlKey(element: EventTarget | Element | null): string | null {
  const control = element as ControlLike | null;
  if (!control || typeof control.name !== 'string') return null;
  if (control.type === 'checkbox' || control.type === 'radio') return `${control.name}=${control.value ?? ''}`;
  return control.id ? `#${control.id}` : null;
}

/** The control a key names inside `root`, or null. */
export function findControl(root: ParentNode, key: string): HTMLElement | null {
  if (key.startsWith('#')) return root.querySelector<HTMLElement>(`#${CSS.escape(key.slice(1))}`);
  const at = key.indexOf('=');
  const name = key.slice(0, at);
  const value = key.slice(at + 1);
  return (
    [...root.querySelectorAll<HTMLInputElement>('input[type=checkbox], input[type=radio]')].find(
      (input) => input.name === name && input.value === value,
    ) ?? null
  );
}
