// Repaints a server-rendered <Stars> (components/Stars.astro) with a new average and count.
import { ratingTexts } from '@/domain/messages/ratings';
import { ratingPercent } from '@/domain/rating';

export function paintStars(root: Element, rating: number, count?: number): void {
  const label = ratingTexts.ratingOf(rating.toFixed(1));
  root.setAttribute('title', label);
  const fill = root.querySelector<HTMLElement>('[data-stars-fill]');
  if (fill) fill.style.width = `${ratingPercent(rating)}%`;
  const sr = root.querySelector('[data-stars-label]');
  if (sr) sr.textContent = label;
  const text = root.querySelector('[data-stars-text]');
  if (text) text.textContent = `${rating.toFixed(1)}${count !== undefined ? ` (${count})` : ''}`;
}
