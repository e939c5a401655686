// A placement's round trips (issue 14, point 7; docs/decisions/0040-mail-outbox.md#checkout-under-load):
// with 50 shoppers at once, what a placement costs is mostly its number of statements (each one
// a round trip through the event loop, the socket and the pool). These tests count them, through
// a logger that sees every statement (transactions' included), so a change that adds one is a
// decision, not an accident. Both engines (TEST_DATABASE_URL for PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders } from '@/server/db/schema/orders';
import { createTestProvider } from '@/server/payments/test.provider';
import { placeOrder, type PlaceOrderInput } from './order.service';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { orderDeps, putInCart, shopper, type Shopper } from '../../../tests/checkout';
import { recordingMailer } from '../../../tests/accounts';
import { deliverDue, queueMail, SEND_BATCH } from '@/server/mail/outbox';

/**
 * What a placement costs, statement by statement, besides its transaction's begin and commit (two
 * more round trips on PostgreSQL; PGlite's logger does not show them). Cash: the customer's lock,
 * the key's order and the open card order, the cart, the address with the default, the order
 * (lines, event and emptied cart with it), the stock of every line with the confirmation mail,
 * and the route cache's notification after the commit. Card: the same without the mail and with
 * the card-holds counter, then the intent (the test provider's one insert) and the order's intent id.
 */
const CASH_STATEMENTS = 7;
const CARD_STATEMENTS = 10;
/** A repeated submission (same key): the lock and the key's order. */
const REPEATED_STATEMENTS = 2;

const statements: string[] = [];
let recording = false;
let handle: TestDatabase;
let db: Db;

beforeAll(async () => {
  handle = await freshDatabase({
    logger: {
      logQuery(query) {
        if (recording) statements.push(query);
      },
    },
  });
  db = handle.db;
});
afterAll(async () => {
  await handle.dispose();
});

/**
 * The statements `work` sends, leaving out begin and commit, and the outbox's delivery (its claim and its mark as
 * sent): tests have no background sender, so mailsCommitted sends inline, which a server's
 * request never waits for.
 */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  statements.length = 0;
  recording = true;
  try {
    await work();
  } finally {
    recording = false;
  }
  return statements.filter((s) => !/^update "mail_outbox"/.test(s) && !/^(begin|commit)$/i.test(s.trim()));
}

async function shopperWithCart(lines: number): Promise<Shopper> {
  const s = await shopper(db);
  for (let i = 0; i < lines; i++) await putInCart(db, s.user.id, (await insertProduct(db, { quantity: 10 })).id, 1);
  return s;
}

const place = (s: Shopper, paymentType: PlaceOrderInput['paymentType'], idempotencyKey?: string) =>
  placeOrder(orderDeps(db, createTestProvider(db)), s.user, { addressId: s.address.id, paymentType, idempotencyKey });

describe('statements per placement', () => {
  it(`cash on delivery: ${CASH_STATEMENTS}, whatever the number of lines`, async () => {
    for (const lines of [1, 2, 4]) {
      const s = await shopperWithCart(lines);
      const sent = await statementsOf(() => place(s, 'cash_on_delivery', `cash-${lines}`));
      expect(sent, sent.join('\n')).toHaveLength(CASH_STATEMENTS);
      expect(await db.select().from(orders).where(eq(orders.userId, s.user.id))).toHaveLength(1);
    }
  });

  it(`card: ${CARD_STATEMENTS}, whatever the number of lines`, async () => {
    for (const lines of [1, 3]) {
      const s = await shopperWithCart(lines);
      const sent = await statementsOf(() => place(s, 'online', `card-${lines}`));
      expect(sent, sent.join('\n')).toHaveLength(CARD_STATEMENTS);
    }
  });

  it(`the same submission again (same key): ${REPEATED_STATEMENTS}, and the same order`, async () => {
    const s = await shopperWithCart(2);
    const first = await place(s, 'cash_on_delivery', 'again');
    let again: Awaited<ReturnType<typeof place>> | undefined;
    const sent = await statementsOf(async () => {
      again = await place(s, 'cash_on_delivery', 'again');
    });
    expect(sent, sent.join('\n')).toHaveLength(REPEATED_STATEMENTS);
    expect(again?.order.id).toBe(first.order.id);
  });
});

describe("the outbox sender's statements", () => {
  it(`two per batch of up to ${SEND_BATCH} mails (claim, mark sent), not two per mail`, async () => {
    const mail = (i: number) => ({ to: `count${i}@example.ae`, subject: 'Count', text: 'Count', html: '<p>Count</p>', summary: 'count' });
    const ids = await db.transaction(async (tx) => {
      const queued: number[] = [];
      for (let i = 0; i < SEND_BATCH + 3; i++) queued.push(await queueMail(tx, 'order_update', mail(i)));
      return queued;
    });
    const mailer = recordingMailer();
    statements.length = 0;
    recording = true;
    try {
      expect(await deliverDue(db, mailer, { ids })).toEqual({ sent: SEND_BATCH + 3, failed: 0 });
    } finally {
      recording = false;
    }
    // Two batches, then the claim that finds nothing left.
    expect(statements, statements.join('\n')).toHaveLength(5);
    expect(mailer.sent).toHaveLength(SEND_BATCH + 3);
  });
});
