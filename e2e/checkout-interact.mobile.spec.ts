// The checkout before its islands hydrate, on a phone, by touch: e2e/checkout-interact.shared.ts.
import { checkoutBeforeHydrationTests } from './checkout-interact.shared';

checkoutBeforeHydrationTests(true);
