// The success page's script (spec section 4): once the server has confirmed the order, the
// browser lets go of the checkout attempt (py_id, the client secret, the attempt's key), empties
// the cart and the coupon, and reloads the account's cart from the server.
import { clearCart } from '@/client/cart.store';
import { clearCoupon } from '@/client/coupon.store';
import { forgetCheckout } from './checkout.storage';

if (document.querySelector('[data-order-complete]')) {
  forgetCheckout();
  clearCart();
  clearCoupon();
  void import('@/features/cart/cart.sync').then(({ refreshCart }) => refreshCart());
}
