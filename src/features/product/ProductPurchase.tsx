// Quantity stepper, Add to cart (Go to cart once in the cart) and the wishlist toggle (spec
// section 2, Product page). Guests keep both in the browser; signed-in shoppers' changes then go
// to the server, which may refuse them (the change is rolled back and the reason shown).
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $cart, stepQuantity } from '@/client/cart.store';
import { addProductToCart } from '@/features/cart/cart.actions';
import { $wishlist } from '@/client/wishlist.store';
import { addProductToWishlist, removeProductFromWishlist } from '@/features/wishlist/wishlist.actions';
import { cartMessages } from '@/domain/messages/cart';
import { productTexts as t } from '@/domain/messages/product';
import { showToast } from '@/client/toast';

export interface PurchaseProduct {
  id: number;
  name: string;
  /** VAT-inclusive list price in AED. */
  unitPrice: number;
  discount: number;
  stock: number;
  thumbnail: string;
  color: string | null;
  /** The colour's swatch, for the wishlist page. */
  colorHex?: string | null;
  weight: number;
}

export default function ProductPurchase({ product }: { product: PurchaseProduct }) {
  const cart = useStore($cart);
  const wishlist = useStore($wishlist);
  const [quantity, setQuantity] = useState(1);
  // The server renders the page without the browser's stores: the first render matches it, then
  // the stored cart and wishlist show (no hydration mismatch).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const inCart = mounted && cart.some((i) => i.product_id === product.id);
  const inWishlist = mounted && wishlist.some((i) => i.id === product.id);
  // Add to cart turns into Go to cart: focus follows, so a keyboard user is not sent to the page top.
  const goToCart = useRef<HTMLAnchorElement>(null);
  const focusGoToCart = useRef(false);
  useEffect(() => {
    if (inCart && focusGoToCart.current) {
      focusGoToCart.current = false;
      goToCart.current?.focus();
    }
  }, [inCart]);

  const step = (delta: 1 | -1) => {
    const next = stepQuantity(quantity, delta, product.stock);
    if (next.refused === 'stock') showToast(cartMessages.quantityExceeded, 'error');
    setQuantity(next.quantity);
  };

  const add = async () => {
    focusGoToCart.current = true;
    const { added, result } = await addProductToCart({
      product_id: product.id,
      name: product.name,
      quantity,
      unit_price: product.unitPrice,
      stock: product.stock,
      productImage: product.thumbnail,
      color: product.color,
      attribute_id: null,
      discount: product.discount,
      availableStock: product.stock,
      weight: product.weight,
    });
    if (added === 'already-in-cart') showToast(cartMessages.alreadyInCart, 'error');
    else if (result.ok) showToast(result.message ?? cartMessages.added);
  };

  const toggleWishlist = async () => {
    if (inWishlist) {
      const result = await removeProductFromWishlist(product.id);
      if (result?.ok) showToast(cartMessages.wishlistRemoved);
    } else {
      const result = await addProductToWishlist({
        id: product.id,
        name: product.name,
        thumbnail_img_link: product.thumbnail,
        unit_price: product.unitPrice,
        discount: product.discount,
        color: product.color,
        hex_code: product.colorHex ?? null,
      });
      if (result.ok) showToast(result.message ?? cartMessages.wishlistAdded);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center rounded-md border border-ink-300" role="group" aria-label={t.quantity}>
          <button type="button" onClick={() => step(-1)} disabled={quantity <= 1} className="h-11 w-11 text-xl disabled:text-ink-300" aria-label={t.decrease}>−</button>
          <output className="w-10 text-center font-semibold" aria-live="polite" data-testid="quantity">{quantity}</output>
          <button type="button" onClick={() => step(1)} className="h-11 w-11 text-xl" aria-label={t.increase}>+</button>
        </div>
        {inCart ? (
          <a href="/cart" ref={goToCart} className="btn-primary h-11 flex-1 sm:flex-none sm:px-8">{t.goToCart}</a>
        ) : (
          <button type="button" onClick={() => void add()} className="btn-primary h-11 flex-1 sm:flex-none sm:px-8">{t.addToCart}</button>
        )}
      </div>
      <button type="button" onClick={() => void toggleWishlist()} aria-pressed={inWishlist} className="flex w-fit items-center gap-2 text-sm font-semibold text-ink-700 hover:text-brand-700">
        <svg viewBox="0 0 24 24" className={`h-5 w-5 ${inWishlist ? 'fill-brand-600 text-brand-600' : 'fill-none'}`} stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M12 20.5s-7.5-4.6-9.6-9.3C1 7.9 3.1 4.5 6.6 4.5c2.1 0 3.7 1.2 5.4 3.2 1.7-2 3.3-3.2 5.4-3.2 3.5 0 5.6 3.4 4.2 6.7-2.1 4.7-9.6 9.3-9.6 9.3z" />
        </svg>
        {inWishlist ? t.inWishlist : t.addToWishlist}
      </button>
    </div>
  );
}
