// Quantity stepper, Add to cart (Go to cart once in the cart) and the wishlist toggle.
// Guests keep both in the browser; the server sync arrives with the cart issue.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $cart, addToCart } from '@/features/cart/cart.store';
import { $wishlist, addToWishlist, removeFromWishlist } from '@/features/wishlist/wishlist.store';
import { messages as m } from '@/domain/messages';
import { showToast } from '@/components/toast';

export interface PurchaseProduct {
  id: number;
  name: string;
  unitPrice: number;
  discount: number;
  stock: number;
  thumbnail: string;
  color: string | null;
  weight: number;
}

export default function ProductPurchase({ product }: { product: PurchaseProduct }) {
  const cart = useStore($cart);
  const wishlist = useStore($wishlist);
  const [quantity, setQuantity] = useState(1);
  const inCart = cart.some((i) => i.product_id === product.id);
  const inWishlist = wishlist.some((i) => i.id === product.id);

  const increase = () => {
    if (quantity >= product.stock) {
      showToast(m.product.quantityExceeded, 'error');
      return;
    }
    setQuantity(quantity + 1);
  };
  const decrease = () => setQuantity(Math.max(1, quantity - 1));

  const add = () => {
    const result = addToCart({
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
    showToast(result === 'added' ? m.product.itemAdded : m.product.alreadyInCart, result === 'added' ? 'success' : 'error');
  };

  const toggleWishlist = () => {
    if (inWishlist) {
      removeFromWishlist(product.id);
      showToast(m.product.removedFromWishlist);
    } else {
      addToWishlist({ id: product.id, name: product.name, thumbnail_img_link: product.thumbnail, unit_price: product.unitPrice });
      showToast(m.product.addedToWishlist);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center rounded-md border border-ink-300" role="group" aria-label={m.product.quantity}>
          <button type="button" onClick={decrease} disabled={quantity <= 1} className="h-11 w-11 text-xl disabled:text-ink-300" aria-label={m.product.decrease}>−</button>
          <output className="w-10 text-center font-semibold" aria-live="polite" data-testid="quantity">{quantity}</output>
          <button type="button" onClick={increase} className="h-11 w-11 text-xl" aria-label={m.product.increase}>+</button>
        </div>
        {inCart ? (
          <a href="/cart" className="btn-primary h-11 flex-1 sm:flex-none sm:px-8">{m.product.goToCart}</a>
        ) : (
          <button type="button" onClick={add} className="btn-primary h-11 flex-1 sm:flex-none sm:px-8">{m.product.addToCart}</button>
        )}
      </div>
      <button type="button" onClick={toggleWishlist} aria-pressed={inWishlist} className="flex w-fit items-center gap-2 text-sm font-semibold text-ink-700 hover:text-brand-700">
        <svg viewBox="0 0 24 24" className={`h-5 w-5 ${inWishlist ? 'fill-brand-600 text-brand-600' : 'fill-none'}`} stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M12 20.5s-7.5-4.6-9.6-9.3C1 7.9 3.1 4.5 6.6 4.5c2.1 0 3.7 1.2 5.4 3.2 1.7-2 3.3-3.2 5.4-3.2 3.5 0 5.6 3.4 4.2 6.7-2.1 4.7-9.6 9.3-9.6 9.3z" />
        </svg>
        {inWishlist ? m.product.inWishlist : m.product.addToWishlist}
      </button>
    </div>
  );
}
