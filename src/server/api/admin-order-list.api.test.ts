// The staff's order list, CSV export and dashboard over HTTP (docs/decisions/0036-admin-order-list.md):
// staff get them, a customer and a guest are refused before anything is read, a bad filter is a
// 422 naming the field, and the export answers a CSV file with its name.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { adminDashboardApi, adminOrderListApi } from '@/domain/api/admin-orders-list';
import { staffMessages } from '@/domain/messages/staff';
import { adminOrdersCsvHeader } from '@/domain/messages/admin-orders';
import { useFreshDatabase } from '../../../tests/db';
import { callApi, callEndpoint, expectStatus, type Envelope } from '../../../tests/api';
import { signedInCustomer, type Customer } from '../../../tests/shopping';
import { signedInStaff, type StaffCaller } from '../../../tests/staff';
import { insertUser } from '../../../tests/accounts';
import { insertOrder, type OrderRow } from '../../../tests/admin-orders';

let db: Db;
let staff: StaffCaller;
let customer: Customer;
let cash: OrderRow;
let card: OrderRow;
useFreshDatabase(async (database) => {
  db = database.db;
  staff = await signedInStaff(db, 'staff');
  customer = await signedInCustomer(db);
});

beforeAll(async () => {
  const buyer = await insertUser(db, { name: 'Layla Haddad', email: 'layla@example.ae' });
  cash = await insertOrder(db, buyer, { createdAt: new Date('2026-11-20T10:00:00Z'), lines: [['Fire Safe 40L', 2, 2_100_50]] });
  card = await insertOrder(db, buyer, {
    createdAt: new Date('2026-11-21T10:00:00Z'),
    paymentType: 'online',
    paymentStatus: 'paid',
    deliveryStatus: 'shipped',
    address: { phone: '0559876543' },
  });
});

describe('GET /api/admin/orders', () => {
  it('lists orders for staff, with money in AED', async () => {
    const r = await callEndpoint(db, adminOrderListApi.list, { staff, query: { q: '+971 55 987 6543' } });
    expectStatus(r, 200);
    expect(r.data).toMatchObject({ current_page: 1, total: 1, total_capped: false, has_more: false, last_page: 1, per_page: 25 });
    expect(r.data.data[0]).toMatchObject({
      id: card.id,
      customer_name: 'Layla Haddad',
      phone: '0559876543',
      delivery_status: 'shipped',
      delivery_status_label: 'Shipped',
      grand_total: 1050,
    });
    const all = await callEndpoint(db, adminOrderListApi.list, { staff, query: { sort: 'date_asc' } });
    expect(all.data.data.map((o) => o.id)).toEqual([cash.id, card.id]);
    expect(all.data.data[0]!.grand_total).toBe(2100.5);
  });

  it('names the field of a filter it cannot read', async () => {
    const r = await callApi(db, 'admin/orders?delivery_status=lost&from=2026-13-01', { staff });
    expect(r.status, r.text).toBe(422);
    expect(Object.keys((r.body as Envelope<Record<string, string[]>>).data).sort()).toEqual(['delivery_status', 'from']);
  });
});

describe('GET /api/admin/orders.csv', () => {
  it('answers every matching order as a CSV file with a name', async () => {
    const r = await callApi(db, 'admin/orders.csv?payment_type=cash_on_delivery', { staff });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(r.headers.get('cache-control')).toContain('no-store');
    const lines = r.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(adminOrdersCsvHeader.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${cash.id},2026-11-20 14:00,Layla Haddad,layla@example.ae,0501234567,Dubai,Cash on delivery,Unpaid`);
    expect(lines[1]).toContain('2 x Fire Safe 40L');
    expect(lines[1]).toContain('2100.50');
  });
});

describe('GET /api/admin/dashboard', () => {
  it("gives staff today's and this month's figures", async () => {
    const r = await callEndpoint(db, adminDashboardApi.get, { staff, deps: { now: () => new Date('2026-11-21T12:00:00Z') } });
    expectStatus(r, 200);
    expect(r.data.today).toEqual({ orders: 1, revenue: 1050, from: '2026-11-21', to: '2026-11-21' });
    expect(r.data.month).toEqual({ orders: 2, revenue: 1050, from: '2026-11-01', to: '2026-11-30' });
    expect(r.data.waiting).toEqual({ pending: 1, shipped: 1, ontheway: 0 });
  });
});

describe('a customer and a guest', () => {
  for (const path of ['admin/orders', 'admin/orders.csv', 'admin/dashboard']) {
    it(`are refused at /api/${path}`, async () => {
      const guest = await callApi(db, path);
      expect(guest.status).toBe(401);
      expect((guest.body as Envelope).message).toBe(staffMessages.guestRefused);
      const asCustomer = await callApi(db, `${path}?q=layla`, { as: customer });
      expect(asCustomer.status).toBe(403);
      expect((asCustomer.body as Envelope).message).toBe(staffMessages.customerRefused);
      expect(asCustomer.text).not.toContain('Layla');
    });
  }
});
