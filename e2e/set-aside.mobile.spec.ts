// Nothing vanishes from the cart, the wishlist's Move to cart, and the amber coupon state at
// 390 px (the scenarios: set-aside.helpers.ts; docs/product.md#cart, #wishlist, #coupons).
import { describeSetAsideChecks } from './set-aside.helpers';

describeSetAsideChecks('nothing vanishes, coupon states agree (390 px)');
