// A guest's cart holds what the product page showed when each line was added. The cart page
// brings names, prices, stock and colours up to date from the catalog, so the totals a guest
// sees are the ones the server will compute (docs/decisions/0002-money-in-fils-api-in-aed.md). Signed-in shoppers get all of this from the
// server's own cart instead. A product no longer sold, or a quantity cut to the stock, is set
// aside in sight, never dropped silently (docs/decisions/0030-nothing-vanishes-and-coupon-states.md).
import { showToast } from '@/client/toast';
import { lookUpProducts } from '@/client/product-lookup';
import { toSetAsideLine } from '@/client/api/cart';
import { cartMessages as t } from '@/domain/messages/cart';
import { $cart, replaceCart, type CartLine } from '@/client/cart.store';
import { setAside, type SetAsideLine } from '@/client/set-aside.store';

export async function refreshGuestCart(): Promise<void> {
  const ids = $cart.get().map((i) => i.productId);
  if (ids.length === 0) return;
  const found = await lookUpProducts(ids);
  let dropped = false;
  let capped = false;
  const aside: SetAsideLine[] = [];
  const setAsideAs = (line: CartLine, kept: number, reason: SetAsideLine['reason']) =>
    aside.push(toSetAsideLine(line, { requested: line.quantity, kept, reason }));
  // Applied to the cart as it is now: the shopper may have changed it while the answers came.
  const next = $cart.get().flatMap((line): CartLine[] => {
    const product = found.get(line.productId);
    if (product === 'missing') {
      dropped = true;
      setAsideAs(line, 0, 'unavailable');
      return [];
    }
    if (!product) return [line];
    let quantity = line.quantity;
    if (product.stock > 0 && quantity > product.stock) {
      quantity = product.stock;
      capped = true;
      setAsideAs({ ...line, name: product.name, image: product.image }, quantity, 'stock');
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
  setAside(aside);
  if (dropped) showToast(t.productMissing, 'error');
  if (capped) showToast(t.quantityExceeded, 'error');
}
