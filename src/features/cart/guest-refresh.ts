// A guest's cart holds what the product page showed when each line was added. The cart page
// brings names, prices, stock and colours up to date from the catalog, so the totals a guest
// sees are the ones the server will compute (docs/decisions/0002-money-in-fils-api-in-aed.md). Signed-in shoppers get all of this from the
// server's own cart instead.
import { showToast } from '@/client/toast';
import { lookUpProducts } from '@/client/product-lookup';
import { cartMessages as t } from '@/domain/messages/cart';
import { $cart, replaceCart, type CartLine } from '@/client/cart.store';

export async function refreshGuestCart(): Promise<void> {
  const ids = $cart.get().map((i) => i.productId);
  if (ids.length === 0) return;
  const found = await lookUpProducts(ids);
  let dropped = false;
  let capped = false;
  // Applied to the cart as it is now: the shopper may have changed it while the answers came.
  const next = $cart.get().flatMap((line): CartLine[] => {
    const product = found.get(line.productId);
    if (product === 'missing') {
      dropped = true;
      return [];
    }
    if (!product) return [line];
    let quantity = line.quantity;
    if (product.stock > 0 && quantity > product.stock) {
      quantity = product.stock;
      capped = true;
    }
    return [
      {
        ...line,
        name: product.name,
        quantity,
        unitPrice: product.unitPrice,
        discount: product.discount,
        stock: product.stock,
        image: product.image,
        color: line.color ?? product.color,
        weight: product.weight,
      },
    ];
  });
  replaceCart(next);
  if (dropped) showToast(t.productMissing, 'error');
  if (capped) showToast(t.quantityExceeded, 'error');
}
