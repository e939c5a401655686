// Star ratings wherever they show: product cards, the product page, the live search.
export const ratingTexts = {
  ratingOf: (r: string) => `Rated ${r} out of 5`,
  reviews: (n: number) => `${n} review${n === 1 ? '' : 's'}`,
  /** In place of the stars while nobody has reviewed the product (never '0.0 (0)'). */
  none: 'No reviews yet',
} as const;
