// Star ratings wherever they show: product cards, the product page, the live search.
export const ratingTexts = {
  ratingOf: (r: string) => `Rated ${r} out of 5`,
  reviews: (n: number) => `${n} review${n === 1 ? '' : 's'}`,
} as const;
