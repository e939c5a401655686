// The wishlist page's words (D8). Toast texts are cartMessages in @/domain/cart and the
// product page's texts in @/domain/messages.
export const wishlistTexts = {
  pageTitle: 'Your Wishlist',
  intro: 'Products you saved for later.',
  tableLabel: 'Products in your wishlist',
  product: 'Product',
  colour: 'Colour',
  price: 'Price',
  actions: 'Actions',
  remove: 'Remove',
  removeItem: (name: string) => `Remove ${name} from the wishlist`,
  goToProduct: 'Go to Product',
  goToProductNamed: (name: string) => `Go to ${name}`,
  loading: 'Loading your wishlist…',
  emptyTitle: 'Your wishlist is empty',
  emptyText: 'Tap the heart on any product to keep it here for later.',
  emptyImageAlt: 'An empty wishlist',
  goToStore: 'Go to the store',
  items: (n: number) => `${n} item${n === 1 ? '' : 's'}`,
} as const;
