// The staff's order API (docs/decisions/0034-running-orders.md): the order as the page shows it,
// each action answering the order with its new version, 409 for a change made meanwhile or one
// the status machine refuses, 422 for a malformed body, 404 for an order that is not there.
import { describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { adminOrdersApi } from '@/domain/api/admin-orders';
import { adminOrderMessages as m } from '@/domain/messages/admin-orders';
import { placeOrder } from '@/server/orders/order.service';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { orderDeps, putInCart, sentBody, shopper } from '../../../tests/checkout';
import { signedInStaff, type StaffCaller } from '../../../tests/staff';
import { recordingMailer } from '../../../tests/accounts';
import { callEndpoint } from '../../../tests/api';

let db: Db;
let staff: StaffCaller;
useFreshDatabase(async (database) => {
  db = database.db;
  staff = await signedInStaff(db, 'staff', { name: 'Huda' });
});

async function cashOrder() {
  const s = await shopper(db);
  const product = await insertProduct(db, { unitPrice: 120_00 });
  await putInCart(db, s.user.id, product.id, 2);
  const { order } = await placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery' });
  return { s, order };
}

describe('admin/orders/:id', () => {
  it('answers everything the order page shows, with the allowed actions and the version', async () => {
    const { s, order } = await cashOrder();
    const r = await callEndpoint(db, adminOrdersApi.get, { params: { id: order.id }, staff });
    expect(r.status, r.text).toBe(200);
    expect(r.data).toMatchObject({
      id: order.id,
      version: order.version,
      delivery_status: 'pending',
      payment_type: 'cash_on_delivery',
      grand_total: 240,
      refundable_amount: 240,
      customer: { name: s.user.name, email: s.user.email },
      allowed_actions: ['shipped', 'cancelled'],
    });
    expect(r.data.lines[0]).toMatchObject({ quantity: 2, refunded_quantity: 0, unit_price: 120, line_total: 240 });
    expect(r.data.events.map((e) => e.kind)).toEqual(['placed']);
    const missing = await callEndpoint(db, adminOrdersApi.get, { params: { id: 999_999 }, staff });
    expect(missing.status).toBe(404);
  });

  it('ships, refuses the same version again as changed meanwhile by the staff member, and a change the machine does not allow', async () => {
    const { order } = await cashOrder();
    const mailer = recordingMailer();
    const shipped = await callEndpoint(db, adminOrdersApi.status, {
      params: { id: order.id },
      body: { to: 'shipped', version: order.version, note: 'On its way to the hub' },
      staff,
      deps: { mailer, siteUrl: 'https://shop.example' },
    });
    expect(shipped.status, shipped.text).toBe(200);
    expect(shipped.message).toBe(m.done.shipped);
    expect(shipped.data).toMatchObject({
      delivery_status: 'shipped',
      version: order.version + 1,
      allowed_actions: ['ontheway', 'cancelled'],
    });
    expect(mailer.sent[0]!.text).toContain(`https://shop.example/order/${order.id}`);

    const stale = await callEndpoint(db, adminOrdersApi.status, {
      params: { id: order.id },
      body: { to: 'cancelled', version: order.version },
      staff,
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe(m.changedMeanwhile('Huda'));

    const refused = await callEndpoint(db, adminOrdersApi.status, {
      params: { id: order.id },
      body: { to: 'delivered', version: order.version + 1 },
      staff,
    });
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(m.notAllowed('shipped', 'delivered'));
  });

  it('refuses a malformed body field by field (422): an unknown target, a refund without units', async () => {
    const { order } = await cashOrder();
    const bad = await callEndpoint(db, adminOrdersApi.status, {
      params: { id: order.id },
      body: sentBody(adminOrdersApi.status, { to: 'refund', version: order.version }),
      staff,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.fields)).toContain('to');
    const empty = await callEndpoint(db, adminOrdersApi.refund, {
      params: { id: order.id },
      body: { version: order.version, lines: [] },
      staff,
    });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.fields)).toContain('lines');
  });

  it('refunds a delivered cash order by line, with the amount computed on the server', async () => {
    const { order } = await cashOrder();
    let version = order.version;
    for (const to of ['shipped', 'ontheway', 'delivered'] as const) {
      const r = await callEndpoint(db, adminOrdersApi.status, { params: { id: order.id }, body: { to, version }, staff });
      expect(r.status, r.text).toBe(200);
      version = r.data.version;
    }
    const detail = await callEndpoint(db, adminOrdersApi.get, { params: { id: order.id }, staff });
    expect(detail.data.payment_status).toBe('paid');
    const refund = await callEndpoint(db, adminOrdersApi.refund, {
      params: { id: order.id },
      body: { version, lines: [{ line_id: detail.data.lines[0]!.id, quantity: 1 }], note: 'One came back' },
      staff,
    });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.data).toMatchObject({
      refunded_amount: 120,
      refundable_amount: 120,
      payment_status: 'paid',
      delivery_status: 'delivered',
    });
    expect(refund.data.lines[0]!.refunded_quantity).toBe(1);
    expect(refund.data.refunds[0]).toMatchObject({
      amount: 120,
      lines: [{ line_id: detail.data.lines[0]!.id, quantity: 1 }],
      note: 'One came back',
    });

    const note = await callEndpoint(db, adminOrdersApi.note, {
      params: { id: order.id },
      body: { version: refund.data.version, note: 'Thanks!' },
      staff,
    });
    expect(note.status, note.text).toBe(200);
    const date = await callEndpoint(db, adminOrdersApi.expectedDate, {
      params: { id: order.id },
      body: { version: note.data.version, expected_date: '2099-01-01' },
      staff,
    });
    expect(date.status).toBe(409);
    expect(date.message).toBe(m.expectedDateLocked('delivered'));
  });
});
