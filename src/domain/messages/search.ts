// The live search's words. The header's browser script imports this module alone, so every
// page carries these few texts and no others. Star ratings are ratingTexts (reviews.ts).
export const searchTexts = {
  results: 'Matching products',
  noMatch: (text: string) => `No products match “${text}”`,
  noMatchHint: 'Check the spelling or try a shorter word.',
  seeAll: (text: string) => `See all results for “${text}”`,
  count: (n: number) =>
    n === 0 ? 'No matching products' : `${n} matching product${n === 1 ? '' : 's'}, use the up and down arrows to choose`,
};
