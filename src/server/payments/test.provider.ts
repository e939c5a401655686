// The built-in test payment page's provider (D6): intents live in the database, and the page
// at /checkout/test-payment lets the shopper succeed or decline, then returns to the same
// success route with the same query fields Stripe uses.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { testPaymentIntents } from '@/server/db/schema/orders';
import { NotFoundError } from '@/server/errors';
import type { PaymentProvider } from './payment-provider';

export function createTestProvider(db: Db): PaymentProvider {
  return {
    kind: 'test',
    publishableKey: null,
    async createIntent({ amount, orderId }) {
      // Like Stripe with an idempotency key: asking again for the same order gives the same intent.
      const [existing] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId));
      if (existing) return { id: existing.id, clientSecret: existing.clientSecret };
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
      const [created] = await db.insert(testPaymentIntents).values({ id, clientSecret, orderId, amount }).onConflictDoNothing().returning();
      if (created) return { id, clientSecret };
      // A parallel request for the same order made it first: that one is the intent.
      const [first] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId));
      return { id: first!.id, clientSecret: first!.clientSecret };
    },
    async retrieveIntent(id) {
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
      if (!row) throw new NotFoundError('Payment not found');
      return { id: row.id, status: row.status, amount: row.amount, currency: 'aed', orderId: row.orderId, clientSecret: row.clientSecret };
    },
  };
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
