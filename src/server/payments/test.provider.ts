// The built-in test payment page's provider (docs/decisions/0020-orders-stock-and-payment.md): intents live in the database, and the page
// at /checkout/test-payment lets the shopper succeed or decline, then returns to the same
// success route with the same query fields Stripe uses.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { testPaymentIntents } from '@/server/db/schema/orders';
import { NotFoundError } from '@/server/errors';
import type { PaymentIntentView, PaymentProvider } from './payment-provider';

export function createTestProvider(db: Db): PaymentProvider {
  return {
    kind: 'test',
    publishableKey: null,
    async createIntent({ amount, orderId }) {
      // Like Stripe with an idempotency key: asking again for the same order gives the same intent.
      // The insert comes first (one statement for a new order, as placement's); order_id is unique.
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
      const [created] = await db.insert(testPaymentIntents).values({ id, clientSecret, orderId, amount }).onConflictDoNothing().returning();
      if (created) return { id, clientSecret };
      // An earlier or parallel request for the same order made it first: that one is the intent.
      const [first] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId));
      return { id: first!.id, clientSecret: first!.clientSecret };
    },
    retrieveIntent: (id) => testIntentView(db, id),
    async updateIntent(id, amount) {
      const changed = await db
        .update(testPaymentIntents)
        .set({ amount })
        .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'requires_payment_method')))
        .returning({ id: testPaymentIntents.id });
      if (changed.length === 0) throw new Error('The test payment can no longer change');
    },
    async cancelIntent(id) {
      // Like Stripe: only a payment still waiting can be canceled; otherwise say how it stands.
      await db
        .update(testPaymentIntents)
        .set({ status: 'canceled' })
        .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'requires_payment_method')));
      return testIntentView(db, id);
    },
    async refund(intentId, options = {}) {
      const [row] = await db
        .select()
        .from(testPaymentIntents)
        .where(and(eq(testPaymentIntents.id, intentId), inArray(testPaymentIntents.status, ['succeeded', 'refunded'])));
      if (!row) throw new Error('Only a succeeded test payment can be refunded');
      if (options.amount !== undefined && (options.amount < 1 || options.amount > row.amount))
        throw new Error('The test refund is more than the payment');
      // Recorded offline: a partial refund leaves the intent as it is; a full one marks it refunded.
      // The refund's id comes from its idempotency key, so asking again answers the same refund.
      if (options.amount === undefined || options.amount === row.amount)
        await db.update(testPaymentIntents).set({ status: 'refunded' }).where(eq(testPaymentIntents.id, intentId));
      const key = options.idempotencyKey ?? `refund-${intentId}`;
      return { id: `re_test_${createHash('sha256').update(`${intentId}:${key}`).digest('hex').slice(0, 24)}` };
    },
  };
}

async function testIntentView(db: Db, id: string): Promise<PaymentIntentView> {
  const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
  if (!row) throw new NotFoundError('Payment not found');
  // A refunded payment still reads 'succeeded', as a Stripe intent does after its refund.
  const status = row.status === 'refunded' ? 'succeeded' : row.status;
  return { id: row.id, status, amount: row.amount, currency: 'aed', orderId: row.orderId, clientSecret: row.clientSecret };
}

/** The test page's decision: pay or decline. Only an intent still waiting can change. */
export async function settleTestIntent(db: Db, id: string, clientSecret: string, outcome: 'succeeded' | 'declined'): Promise<void> {
  const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
  if (!row || row.clientSecret !== clientSecret) throw new NotFoundError('Payment not found');
  if (row.status !== 'requires_payment_method') return;
  // A decline leaves the intent waiting for another card, as Stripe does.
  if (outcome === 'succeeded') await db.update(testPaymentIntents).set({ status: 'succeeded' }).where(eq(testPaymentIntents.id, id));
}

export async function testIntentBySecret(db: Db, clientSecret: string) {
  const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, clientSecret));
  return row ?? null;
}
