// A guest's wishlist holds what the product page showed when each product was added. The
// wishlist page brings names, prices and colours up to date from the catalog. Signed-in shoppers
// get all of this from the server's own wishlist instead.
import { showToast } from '@/client/toast';
import { lookUpProducts } from '@/client/product-lookup';
import { cartMessages as t } from '@/domain/messages/cart';
import { $wishlist, replaceWishlist, type WishlistItem } from '@/client/wishlist.store';

export async function refreshGuestWishlist(): Promise<void> {
  const ids = $wishlist.get().map((i) => i.id);
  if (ids.length === 0) return;
  const found = await lookUpProducts(ids);
  let dropped = false;
  const next = $wishlist.get().flatMap((item): WishlistItem[] => {
    const product = found.get(item.id);
    if (product === 'missing') {
      dropped = true;
      return [];
    }
    if (!product) return [item];
    return [
      {
        ...item,
        name: product.name,
        image: product.image,
        unitPrice: product.unitPrice,
        discount: product.discount,
        color: product.color,
        colorHex: product.colorHex,
        stock: product.stock,
      },
    ];
  });
  replaceWishlist(next);
  if (dropped) showToast(t.productMissing, 'error');
}
