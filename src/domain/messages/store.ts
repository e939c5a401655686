// The product lists' words (store, top sellers, new arrivals, search results), the pager and the
// product card.
export const storeTexts = {
  allProducts: 'All products',
  officeTitle: 'Office Buddy',
  officeText: 'Everything to secure and organise the workplace',
  homeTitle: 'Home Buddy',
  homeText: 'Safes and storage that keep your home and family secure',
  allTitle: 'Shop all products',
  allText: 'Safes, vault doors, filing, shredders and more, delivered across the UAE',
  topSellings: 'Top sellers',
  topSellingsText: 'What businesses and homes across the UAE buy most',
  newArrival: 'New arrivals',
  newArrivalText: 'The newest additions to our range',
  /** The heading of a search's results: what was searched and how much it found ("500+" when the search stopped counting). */
  searchResults: (n: number, q: string, more = false) =>
    `${n.toLocaleString('en-AE')}${more ? '+' : ''} result${n === 1 && !more ? '' : 's'} for “${q}”`,
  noResultsFor: (q: string) => `No results for “${q}”`,
  searchHint: 'Check the spelling, or try fewer or more general words.',
  didYouMean: 'Did you mean',
  popular: 'Popular products',
  range: 'Range',
  allRanges: 'All ranges',
  ranges: { office: 'Office Buddy', home: 'Home Buddy' },
  updating: 'Updating results…',
  filters: 'Filters',
  brands: 'Brands',
  price: 'Price',
  /** The price filter's buckets by id (domain/price-buckets.ts). */
  priceBuckets: {
    '0-1000': 'AED 0 - 1,000',
    '1000-10000': 'AED 1,000 - 10,000',
    '10000-20000': 'AED 10,000 - 20,000',
    '20000-50000': 'AED 20,000 - 50,000',
    '50000-100000': 'AED 50,000 - 100,000',
    '100000-': 'Above AED 100,000',
  } as Record<string, string>,
  categories: 'Categories',
  apply: 'Apply filters',
  clear: 'Clear filters',
  sort: 'Sort by',
  sorts: {
    relevance: 'Best match',
    newest: 'Newest',
    price_asc: 'Price: low to high',
    price_desc: 'Price: high to low',
    rating: 'Top rated',
  },
  count: (n: number, more = false) => `${n.toLocaleString('en-AE')}${more ? '+' : ''} product${n === 1 && !more ? '' : 's'}`,
  /** Under the pager's last page when a list is longer than the pages reach (docs/decisions/0039-filters-at-scale.md#paging). */
  depthLimit: (shown: number, total: number) =>
    `The pages show the first ${shown.toLocaleString('en-AE')} of ${total.toLocaleString('en-AE')} products. Choose a range, category, brand or price to see the others.`,
  empty: 'No products match these filters.',
  emptyHint: 'Try another search or clear the filters.',
  pagination: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  page: (n: number) => `Page ${n}`,
} as const;

export const cardTexts = {
  new: 'New',
  outOfStock: 'Out of stock',
  reviews: (n: number) => `${n} review${n === 1 ? '' : 's'}`,
  ratingOf: (r: string) => `Rated ${r} out of 5`,
} as const;
