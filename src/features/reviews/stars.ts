// Repaints a server-rendered <Stars> (components/Stars.astro) with a new average and count; a
// count of 0 shows 'No reviews yet' in place of the stars (docs/product.md#product-card).
import { ratingTexts } from '@/domain/messages/ratings';
import { ratingPercent } from '@/domain/rating';

export function paintStars(root: Element, rating: number, count?: number): void {
  const unrated = count === 0;
  const label = ratingTexts.ratingOf(rating.toFixed(1));
  if (unrated) root.removeAttribute('title');
  else root.setAttribute('title', label);
  root.toggleAttribute('data-unrated', unrated);
  const graphic = root.querySelector<HTMLElement>('[data-stars-graphic]');
  if (graphic) graphic.hidden = unrated;
  const fill = root.querySelector<HTMLElement>('[data-stars-fill]');
  if (fill) fill.style.width = `${ratingPercent(rating)}%`;
  const sr = root.querySelector<HTMLElement>('[data-stars-label]');
  if (sr) {
    sr.textContent = unrated ? '' : label;
    sr.hidden = unrated;
  }
  const text = root.querySelector('[data-stars-text]');
  if (text) text.textContent = unrated ? ratingTexts.none : `${rating.toFixed(1)}${count !== undefined ? ` (${count})` : ''}`;
}
