// Card payments behind one interface (the provider's types stop at this border): Stripe when
// keys are configured, the built-in test payment page otherwise (outside production, docs/decisions/0020-orders-stock-and-payment.md).
import type { Fils } from '@/domain/money';

/**
 * An amount as a card provider counts it: in the currency's minor unit. AED's minor unit is the
 * fil, so Stripe's `amount` for an AED payment is the order's total in fils, unchanged.
 */
export type MinorUnits = Fils;
export type IntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled' | 'requires_capture';

export interface PaymentIntentView {
  id: string;
  status: IntentStatus;
  amount: MinorUnits;
  currency: string;
  orderId: number | null;
  /** Needed to resume paying an order submitted twice. */
  clientSecret: string | null;
}

export interface PaymentProvider {
  kind: 'stripe' | 'test';
  /** Browser key for Stripe.js; null for the test page. */
  publishableKey: string | null;
  createIntent(input: {
    amount: MinorUnits;
    orderId: number;
    customerEmail: string;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  retrieveIntent(id: string): Promise<PaymentIntentView>;
  /** Sets a waiting intent's amount (a resumed order whose cart changed); throws when the intent can no longer change. */
  updateIntent(id: string, amount: MinorUnits): Promise<void>;
  /**
   * Cancels an intent so it can no longer be paid, and answers it as it is afterwards:
   * 'canceled', or 'succeeded' / 'processing' when the payment came first.
   */
  cancelIntent(id: string): Promise<PaymentIntentView>;
  /**
   * Refunds a succeeded intent: in full without an amount (asking again refunds nothing more), or
   * `amount` of it (a partial refund, docs/decisions/0034-running-orders.md). The same
   * idempotency key answers the first refund again instead of making another. Answers the
   * provider's refund id (null when a full refund had already been made).
   */
  refund(intentId: string, options?: RefundOptions): Promise<{ id: string | null }>;
}

export interface RefundOptions {
  amount?: MinorUnits;
  idempotencyKey?: string;
}

export type PaymentEvent =
  | { kind: 'succeeded'; eventId: string; intent: PaymentIntentView }
  | { kind: 'failed'; eventId: string; intent: PaymentIntentView }
  | { kind: 'ignored'; eventId: string; type: string };
