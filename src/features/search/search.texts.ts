// The live search's words (D8: one place per string). They sit here rather than in
// @/domain/messages so the header's browser script does not carry every message of the shop.
export const searchTexts = {
  results: 'Matching products',
  noMatch: (text: string) => `No products match “${text}”`,
  noMatchHint: 'Check the spelling or try a shorter word.',
  seeAll: (text: string) => `See all results for “${text}”`,
  count: (n: number) => (n === 0 ? 'No matching products' : `${n} matching product${n === 1 ? '' : 's'}, use the up and down arrows to choose`),
  ratingOf: (r: string) => `Rated ${r} out of 5`,
};
