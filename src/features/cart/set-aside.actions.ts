// Moving what cannot stay in the cart to the wishlist (docs/product.md#cart): a line set aside
// at sign-in or by the guest refresh, or a line whose product is out of stock. The wishlist's own
// action adds it (and, signed in, the server; a refusal rolls back and says why).
import { addProductToWishlist } from '@/features/wishlist/wishlist.actions';
import { dropSetAside, type SetAsideLine } from '@/client/set-aside.store';
import type { CartLine } from '@/client/cart.store';
import type { WishlistItem } from '@/client/wishlist.store';
import { removeProductFromCart } from './cart.actions';

const wishOf = (line: Pick<CartLine, 'productId' | 'name' | 'image' | 'unitPrice' | 'discount' | 'color'>): WishlistItem => ({
  id: line.productId,
  name: line.name,
  image: line.image,
  unitPrice: line.unitPrice,
  discount: line.discount,
  color: line.color,
  colorHex: null,
});

/** Answers whether the product is now in the wishlist and off the list of lines set aside. */
export async function moveSetAsideToWishlist(line: SetAsideLine): Promise<boolean> {
  const result = await addProductToWishlist(wishOf(line));
  if (!result.ok) return false;
  dropSetAside(line.productId);
  return true;
}

/** An out-of-stock line of the cart goes to the wishlist and leaves the cart. */
export async function moveCartLineToWishlist(line: CartLine): Promise<boolean> {
  const result = await addProductToWishlist(wishOf(line));
  if (!result.ok) return false;
  const removed = await removeProductFromCart(line.productId);
  return removed === null || removed.ok;
}
