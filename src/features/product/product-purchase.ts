// The purchase box's behaviour (ProductPurchase.astro). The server renders it as for a shopper
// with an empty cart and wishlist; the stored ones then show as soon as this runs.
import { $cart, stepQuantity } from '@/client/cart.store';
import { addProductToCart } from '@/features/cart/cart.actions';
import { $wishlist } from '@/client/wishlist.store';
import { addProductToWishlist, removeProductFromWishlist } from '@/features/wishlist/wishlist.actions';
import { cartMessages } from '@/domain/messages/cart';
import { productTexts as t } from '@/domain/messages/product';
import { showToast } from '@/client/toast';
import { ScopedElement } from '@/client/scoped-element';
import type { Fils } from '@/domain/money';

export interface PurchaseProduct {
  id: number;
  name: string;
  /** VAT-inclusive list price in fils. */
  unitPrice: Fils;
  discount: number;
  stock: number;
  thumbnail: string;
  color: string | null;
  /** The colour's swatch, for the wishlist page. */
  colorHex: string | null;
  weight: number;
}

const HEART_ON = ['fill-brand-600', 'text-brand-600'];

/** <product-purchase> (ProductPurchase.astro), its product in data-purchase. */
export class ProductPurchase extends ScopedElement {
  protected connect(): void {
    this.onCleanup(setUpPurchase(this));
  }
}

/** Wires the purchase box; returns what stops it following the cart and the wishlist. */
function setUpPurchase(root: HTMLElement): () => void {
  const product = JSON.parse(root.dataset.purchase!) as PurchaseProduct;
  const output = root.querySelector<HTMLOutputElement>('[data-quantity]')!;
  const decrease = root.querySelector<HTMLButtonElement>('[data-step="-1"]')!;
  const increase = root.querySelector<HTMLButtonElement>('[data-step="1"]')!;
  const add = root.querySelector<HTMLButtonElement>('[data-add-to-cart]')!;
  const goToCart = root.querySelector<HTMLAnchorElement>('[data-go-to-cart]')!;
  const wishlistToggle = root.querySelector<HTMLButtonElement>('[data-wishlist-toggle]')!;
  const heart = root.querySelector<SVGElement>('[data-heart]')!;
  const wishlistLabel = root.querySelector<HTMLElement>('[data-wishlist-label]')!;
  let quantity = 1;
  // Add to cart turns into Go to cart: focus follows, so a keyboard user is not sent to the page top.
  let focusGoToCart = false;

  const step = (delta: 1 | -1) => {
    const next = stepQuantity(quantity, delta, product.stock);
    if (next.refused === 'stock') showToast(cartMessages.quantityExceeded, 'error');
    quantity = next.quantity;
    output.value = String(quantity);
    decrease.disabled = quantity <= 1;
  };
  decrease.addEventListener('click', () => step(-1));
  increase.addEventListener('click', () => step(1));

  const stopCart = $cart.subscribe((items) => {
    const inCart = items.some((i) => i.productId === product.id);
    add.hidden = inCart;
    goToCart.hidden = !inCart;
    if (inCart && focusGoToCart) goToCart.focus();
    focusGoToCart = false;
  });

  const inWishlist = () => $wishlist.get().some((i) => i.id === product.id);
  const stopWishlist = $wishlist.subscribe(() => {
    const on = inWishlist();
    wishlistToggle.setAttribute('aria-pressed', String(on));
    HEART_ON.forEach((c) => heart.classList.toggle(c, on));
    heart.classList.toggle('fill-none', !on);
    wishlistLabel.textContent = on ? t.inWishlist : t.addToWishlist;
  });

  add.addEventListener('click', async () => {
    focusGoToCart = document.activeElement === add;
    const { added, result } = await addProductToCart({
      productId: product.id,
      name: product.name,
      quantity,
      unitPrice: product.unitPrice,
      discount: product.discount,
      stock: product.stock,
      image: product.thumbnail,
      color: product.color,
      attributeId: null,
      weight: product.weight,
    });
    if (added === 'already-in-cart') showToast(cartMessages.alreadyInCart, 'error');
    else if (result.ok) showToast(result.message ?? cartMessages.added);
  });

  wishlistToggle.addEventListener('click', async () => {
    if (inWishlist()) {
      const result = await removeProductFromWishlist(product.id);
      if (result?.ok) showToast(cartMessages.wishlistRemoved);
    } else {
      const result = await addProductToWishlist({
        id: product.id,
        name: product.name,
        image: product.thumbnail,
        unitPrice: product.unitPrice,
        discount: product.discount,
        color: product.color,
        colorHex: product.colorHex,
      });
      if (result.ok) showToast(result.message ?? cartMessages.wishlistAdded);
    }
  });
  return () => {
    stopCart();
    stopWishlist();
  };
}
