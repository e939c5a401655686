// The configured card payment provider: Stripe with keys; the test payment page without them
// outside production; none (card payment off, said so) in production without keys (D6).
import { config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider, type StripeOptions } from './stripe.provider';
import { createTestProvider } from './test.provider';

export function stripeOptions(): StripeOptions | null {
  const c = config();
  if (!c.STRIPE_SECRET_KEY || !c.STRIPE_PUBLISHABLE_KEY) return null;
  return {
    secretKey: c.STRIPE_SECRET_KEY,
    publishableKey: c.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: c.STRIPE_WEBHOOK_SECRET,
    apiUrl: c.STRIPE_API_URL,
  };
}

let stripe: PaymentProvider | undefined;

export function paymentProvider(db: Db): PaymentProvider | null {
  const options = stripeOptions();
  if (options) return (stripe ??= createStripeProvider(options));
  return config().NODE_ENV === 'production' ? null : createTestProvider(db);
}
