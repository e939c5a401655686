// The personal parts of the shared pages (docs/product.md#personal-parts): the catalog's pages
// are the same HTML for every visitor, and this asks GET /api/session/me once per page who is
// signed in. What the page needs besides the account is read from its markup before the call:
// the product page's reviews panel carries data-me-product, the contact form data-me-contact.
// Plain fetch and a nanostore, no API client, no zod: the header loads it on every page.
import { atom } from 'nanostores';
import { UNKNOWN_ME, toMe, type Me, type MeWire } from '@/client/api/session';

/** Null until the answer arrives; then who is signed in (`known: false` when the server could not be asked). */
export const $me = atom<Me | null>(null);

let asked = false;

/** The one question per page; later calls do nothing. */
export function loadMe(): void {
  if (asked) return;
  asked = true;
  const url = new URL('/api/session/me', location.origin);
  const product = document.querySelector<HTMLElement>('[data-me-product]')?.dataset.meProduct;
  if (product) url.searchParams.set('product_id', product);
  if (document.querySelector('[data-me-contact]')) url.searchParams.set('contact', '1');
  void fetch(url, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) return UNKNOWN_ME;
      const body = (await response.json()) as { data?: MeWire };
      return body.data ? toMe(body.data) : UNKNOWN_ME;
    })
    .catch(() => UNKNOWN_ME)
    .then((me) => $me.set(me));
}

/** Runs `paint` with the answer once it is there (at once if it already is); returns the unsubscribe. */
export function whenMe(paint: (me: Me) => void): () => void {
  return $me.subscribe((me) => {
    if (me) paint(me);
  });
}
