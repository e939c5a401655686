// The checkout before its islands hydrate, on the desktop: e2e/checkout-interact.shared.ts.
import { checkoutBeforeHydrationTests } from './checkout-interact.shared';

checkoutBeforeHydrationTests(false);
