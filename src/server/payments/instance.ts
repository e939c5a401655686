// The process's card payment provider and Stripe settings, read from the App
// (src/server/app.ts, docs/decisions/NEW-composition-root.md). For code that has no App or
// ApiContext at hand yet; pages use Astro.locals.app and API handlers ctx.payments / ctx.stripe.
import { app } from '@/server/app';
import type { Db } from '@/server/db/client';
import type { PaymentProvider } from './payment-provider';
import type { StripeOptions } from './stripe.provider';

export function stripeOptions(): StripeOptions | null {
  return app().stripe;
}

export function paymentProvider(db: Db): PaymentProvider | null {
  return app().payments(db);
}
