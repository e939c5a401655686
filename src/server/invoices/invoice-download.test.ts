// The shopper's tax documents (docs/product.md#order-detail): the order-details answer carries the
// invoice's url (null until issued) and its credit notes'; the PDF is answered only to the order's
// own customer (404 to anyone else, a guest, or an id that is not one), privately, as a download.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { staffUsers } from '@/server/db/schema/staff';
import { testPaymentIntents } from '@/server/db/schema/orders';
import { ordersApi } from '@/domain/api/orders';
import { createTestProvider, settleTestIntent } from '@/server/payments/test.provider';
import { confirmPayment, placeOrder } from '@/server/orders/order.service';
import { changeStatus } from '@/server/admin-orders/order-admin.service';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { callCheckout, orderDeps, putInCart, shopper } from '../../../tests/checkout';
import { recordingMailer } from '../../../tests/accounts';
import { invoiceSettingsOf } from './invoice-settings';
import { invoiceOfOrder } from './invoice.service';
import { taxDocumentDownload } from './invoice-download';

let db: Db;
useFreshDatabase((d) => {
  db = d.db;
});

const invoicing = invoiceSettingsOf({
  SHOP_TRN: '100123456700003',
  SHOP_LEGAL_NAME: 'Safe Buddy Trading LLC',
  SHOP_LEGAL_ADDRESS: 'Office 1204, Dubai',
  SHOP_ADDRESS: 'unused',
  INVOICE_SERIES: 'INV',
  CREDIT_NOTE_SERIES: 'CN',
});

async function placedCardOrder() {
  const s = await shopper(db);
  const p = await insertProduct(db, { unitPrice: 315_00, quantity: 10 });
  await putInCart(db, s.user.id, p.id, 1);
  const payments = createTestProvider(db);
  const deps = { ...orderDeps(db, payments), invoicing };
  const { order } = await placeOrder(deps, s.user, { addressId: s.address.id, paymentType: 'online' });
  const pay = async () => {
    const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, order.paymentIntentId!));
    await settleTestIntent(db, intent!.id, intent!.clientSecret, 'succeeded');
    return (await confirmPayment(deps, s.user, order.id, intent!.id)).order;
  };
  return { s, order, payments, pay };
}

const detailOf = async (s: Awaited<ReturnType<typeof shopper>>, orderId: number) =>
  (await callCheckout(db, recordingMailer(), ordersApi.detail, { as: s, query: { order_id: orderId } })).data[0]!;

describe('the order details', () => {
  it('carry no invoice url until the order is paid, then its url and number; a credit note after a cancellation', async () => {
    const { s, order, payments, pay } = await placedCardOrder();
    expect(await detailOf(s, order.id)).toMatchObject({ invoice_url: null, invoice_number: null, credit_notes: [] });
    const paid = await pay();
    const invoice = (await invoiceOfOrder(db, order.id))!;
    expect(await detailOf(s, order.id)).toMatchObject({
      invoice_url: `/order/${order.id}/invoice.pdf`,
      invoice_number: invoice.number,
      credit_notes: [],
    });
    const [staff] = await db
      .insert(staffUsers)
      .values({ email: 'dl-staff@safebuddy.test', name: 'Layla', role: 'staff', passwordHash: 'x', totpSecret: 'JBSWY3DPEHPK3PXP' })
      .returning();
    await changeStatus(
      { db, mailer: recordingMailer(), shopName: 'Safe Buddy', siteUrl: 'https://shop.test', payments, invoicing },
      { id: staff!.id, email: staff!.email, name: staff!.name, role: 'staff' },
      order.id,
      { to: 'cancelled', version: paid.version },
    );
    const detail = await detailOf(s, order.id);
    expect(detail.credit_notes).toHaveLength(1);
    expect(detail.credit_notes[0]).toMatchObject({ amount: 315, reason: 'Order cancelled after invoicing' });
    expect(detail.credit_notes[0]!.url).toMatch(new RegExp(`^/order/${order.id}/credit-notes/\\d+\\.pdf$`));

    const noteId = detail.credit_notes[0]!.url.match(/(\d+)\.pdf$/)![1]!;
    const note = await taxDocumentDownload(db, s.user.id, String(order.id), noteId);
    expect(note.status).toBe(200);
    expect(note.headers.get('content-disposition')).toBe(`attachment; filename="${detail.credit_notes[0]!.number}.pdf"`);
    // Another order's id with this credit note's: not there.
    const { s: other, order: otherOrder } = await placedCardOrder();
    expect((await taxDocumentDownload(db, other.user.id, String(otherOrder.id), noteId)).status).toBe(404);
  });
});

describe('the PDF download', () => {
  it("answers the order's own customer a private PDF named by the invoice's number", async () => {
    const { s, order, pay } = await placedCardOrder();
    expect((await taxDocumentDownload(db, s.user.id, String(order.id))).status).toBe(404);
    await pay();
    const invoice = (await invoiceOfOrder(db, order.id))!;
    const answer = await taxDocumentDownload(db, s.user.id, String(order.id));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("answers 404 to another customer, a guest, and ids that are not ones, saying nothing of the order's existence", async () => {
    const { order, pay } = await placedCardOrder();
    await pay();
    const stranger = await shopper(db);
    for (const answer of [
      await taxDocumentDownload(db, stranger.user.id, String(order.id)),
      await taxDocumentDownload(db, null, String(order.id)),
      await taxDocumentDownload(db, stranger.user.id, 'abc'),
      await taxDocumentDownload(db, stranger.user.id, '0'),
      await taxDocumentDownload(db, stranger.user.id, String(order.id), '1 or 1=1'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await answer.text()).toBe('No such tax document');
    }
  });
});
