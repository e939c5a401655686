// The success page's <order-complete> (docs/product.md#behaviour): once the server has confirmed the order,
// the browser lets go of the checkout attempt (py_id, the client secret, the attempt's key),
// empties the cart and the coupon, and reloads the account's cart from the server.
import { clearCart } from '@/client/cart.store';
import { clearCoupon } from '@/client/coupon.store';
import { ScopedElement } from '@/client/scoped-element';
import { forgetCheckout } from './checkout.storage';

export class OrderComplete extends ScopedElement {
  protected connect(): void {
    forgetCheckout();
    clearCart();
    clearCoupon();
    void import('@/features/cart/cart.sync').then(({ refreshCart }) => refreshCart());
  }
}
