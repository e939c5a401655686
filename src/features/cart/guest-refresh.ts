// A guest's cart and wishlist hold what the product page showed when they were added. The cart
// and wishlist pages bring names, prices, stock and colours up to date from the catalog, so the
// totals a guest sees are the ones the server will compute (D4). Signed-in shoppers get all of
// this from the server's own lists instead.
import { callApi } from '@/features/auth/api-client';
import { showToast } from '@/components/toast';
import { cartMessages as t } from '@/domain/messages/cart';
import { $cart, replaceCart, type CartItem } from './cart.store';
import { $wishlist, replaceWishlist, type WishlistItem } from '@/features/wishlist/wishlist.store';

interface CatalogProduct {
  id: number;
  name: string;
  unit_price: number;
  discount: number;
  quantity: number;
  thumbnail_img_link: string;
  weight: number;
  color: string | null;
  hex_code: string | null;
}

type Lookup = Map<number, CatalogProduct | 'missing'>;

function isProduct(value: unknown): value is CatalogProduct {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.name === 'string' && typeof v.unit_price === 'number' && typeof v.quantity === 'number';
}

/** The catalog's view of each product; a product the catalog no longer has is 'missing'; an unanswered one is left out. */
async function lookUp(ids: readonly number[]): Promise<Lookup> {
  const found: Lookup = new Map();
  const queue = [...new Set(ids)];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const answer = await callApi('products/product-view', { query: { product_id: id } });
      if (answer.status === 404) found.set(id, 'missing');
      else if (answer.ok && isProduct(answer.data)) found.set(id, answer.data);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  return found;
}

export async function refreshGuestCart(): Promise<void> {
  const ids = $cart.get().map((i) => i.product_id);
  if (ids.length === 0) return;
  const found = await lookUp(ids);
  let dropped = false;
  let capped = false;
  // Applied to the cart as it is now: the shopper may have changed it while the answers came.
  const next = $cart.get().flatMap((line): CartItem[] => {
    const product = found.get(line.product_id);
    if (product === 'missing') {
      dropped = true;
      return [];
    }
    if (!product) return [line];
    let quantity = line.quantity;
    if (product.quantity > 0 && quantity > product.quantity) {
      quantity = product.quantity;
      capped = true;
    }
    return [{
      ...line,
      name: product.name,
      quantity,
      unit_price: product.unit_price,
      discount: product.discount,
      stock: product.quantity,
      availableStock: product.quantity,
      productImage: product.thumbnail_img_link,
      color: line.color ?? product.color,
      weight: product.weight,
    }];
  });
  replaceCart(next);
  if (dropped) showToast(t.productMissing, 'error');
  if (capped) showToast(t.quantityExceeded, 'error');
}

export async function refreshGuestWishlist(): Promise<void> {
  const ids = $wishlist.get().map((i) => i.id);
  if (ids.length === 0) return;
  const found = await lookUp(ids);
  let dropped = false;
  const next = $wishlist.get().flatMap((item): WishlistItem[] => {
    const product = found.get(item.id);
    if (product === 'missing') {
      dropped = true;
      return [];
    }
    if (!product) return [item];
    return [{
      ...item,
      name: product.name,
      thumbnail_img_link: product.thumbnail_img_link,
      unit_price: product.unit_price,
      discount: product.discount,
      color: product.color,
      hex_code: product.hex_code,
    }];
  });
  replaceWishlist(next);
  if (dropped) showToast(t.productMissing, 'error');
}
