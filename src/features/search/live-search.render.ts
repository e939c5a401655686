// Builds the dropdown's options from results with createElement and textContent only: product
// names come from the server and never go through innerHTML. Takes the document as a parameter
// so the unit tests can hand in a small fake.
import { aedToFils, formatPrice } from '@/domain/money';
import { ratingPercent } from '@/domain/rating';
import { productUrl, type LiveResult } from './live-search.logic';
import { ratingTexts } from '@/domain/messages/ratings';
import { productLineTexts } from '@/domain/messages/product-line';

type Doc = Pick<Document, 'createElement'>;

function el<K extends keyof HTMLElementTagNameMap>(doc: Doc, tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The star look of Stars.astro: grey stars with amber ones clipped to the rating, then the count;
 * null for a product nobody has reviewed, which shows no stars (never '0.0 (0)').
 */
export function renderStars(doc: Doc, rating: number, count: number): HTMLElement | null {
  if (count <= 0) return null;
  const label = ratingTexts.ratingOf(rating.toFixed(1));
  const wrap = el(doc, 'span', 'inline-flex items-center gap-1');
  const stars = el(doc, 'span', 'relative inline-block text-xs leading-none tracking-tight');
  stars.setAttribute('aria-hidden', 'true');
  stars.append(el(doc, 'span', 'text-ink-300', '★★★★★'));
  const filled = el(doc, 'span', 'absolute inset-0 overflow-hidden whitespace-nowrap text-amber-400', '★★★★★');
  filled.setAttribute('style', `width:${ratingPercent(rating)}%`);
  stars.append(filled);
  wrap.append(stars, el(doc, 'span', 'sr-only', label), el(doc, 'span', 'text-xs text-ink-500', `${rating.toFixed(1)} (${count})`));
  wrap.title = label;
  return wrap;
}

/** One result: a link to the product page that is also the listbox's option. */
export function renderOption(doc: Doc, result: LiveResult, id: string): HTMLAnchorElement {
  const option = el(doc, 'a', 'flex items-center gap-3 px-3 py-2 text-ink-900 hover:bg-ink-50 aria-selected:bg-brand-50');
  option.id = id;
  option.href = productUrl(result.id);
  option.tabIndex = -1;
  option.setAttribute('role', 'option');
  option.setAttribute('aria-selected', 'false');

  const thumb = el(doc, 'img', 'h-12 w-12 shrink-0 rounded border border-ink-100 bg-ink-50 object-contain');
  thumb.alt = '';
  thumb.width = 48;
  thumb.height = 48;
  thumb.decoding = 'async';
  if (result.thumbnail) thumb.src = result.thumbnail;

  const body = el(doc, 'span', 'min-w-0 flex-1');
  const name = el(doc, 'span', 'line-clamp-2 text-sm font-medium leading-snug break-words', result.name);
  name.setAttribute('data-live-name', '');
  // The model and the colour dot tell colour siblings apart (docs/product.md#product-card).
  const model = el(doc, 'span', 'mt-0.5 flex min-w-0 items-center gap-1.5 text-xs text-ink-500');
  model.setAttribute('data-live-model', '');
  if (result.colorHex) {
    const dot = el(doc, 'span', 'h-3 w-3 shrink-0 rounded-full border border-ink-300');
    dot.setAttribute('style', `background-color:${result.colorHex}`);
    dot.setAttribute('data-live-colour', result.colorHex);
    if (result.colorName) dot.title = result.colorName;
    model.append(dot);
    if (result.colorName) model.append(el(doc, 'span', 'sr-only', productLineTexts.colour(result.colorName)));
  }
  if (result.sku) model.append(el(doc, 'span', 'sr-only', `${productLineTexts.model}:`), el(doc, 'span', 'truncate', result.sku));
  const meta = el(doc, 'span', 'mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5');
  if (result.price > 0) {
    const price = el(doc, 'span', 'text-sm font-semibold whitespace-nowrap text-brand-700', formatPrice(aedToFils(result.price)));
    price.setAttribute('data-live-price', '');
    meta.append(price);
    if (result.oldPrice !== null)
      meta.append(el(doc, 's', 'text-xs whitespace-nowrap text-ink-500', formatPrice(aedToFils(result.oldPrice))));
  }
  const stars = renderStars(doc, result.rating, result.reviewCount);
  if (stars) meta.append(stars);
  body.append(name, ...(result.sku || result.colorHex ? [model] : []), meta);
  option.append(thumb, body);
  return option;
}

/** Replaces the list's options; ids are `${listId}-${index}` for aria-activedescendant. */
export function renderOptions(
  doc: Doc,
  list: Pick<HTMLElement, 'id' | 'replaceChildren'>,
  results: readonly LiveResult[],
): HTMLAnchorElement[] {
  const options = results.map((r, i) => renderOption(doc, r, `${list.id}-${i}`));
  list.replaceChildren(...options);
  return options;
}
