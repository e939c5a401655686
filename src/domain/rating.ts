// Star ratings as the cards, the product page and the live search draw them. Apart from the
// review checks, so the header's live search does not carry the review form's texts.
export const RATING_MAX = 5;

/** How much of the five stars is filled, in percent. */
export function ratingPercent(rating: number): number {
  return Math.max(0, Math.min(100, (rating / RATING_MAX) * 100));
}
