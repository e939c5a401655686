// The business buyer (docs/decisions/0051-tax-invoices.md#the-business-buyer): company name and TRN,
// both or neither, the TRN kept as 15 digits; at checkout (the order keeps its own copy, and a
// card order awaiting payment follows a change) and in the profile, with a message per field.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders } from '@/server/db/schema/orders';
import { accountsApi } from '@/domain/api/accounts';
import { checkoutApi } from '@/domain/api/checkout';
import { ordersApi } from '@/domain/api/orders';
import { checkBusinessBuyer } from '@/domain/business-buyer';
import { businessBuyerMessages as m } from '@/domain/messages/invoices';
import { createTestProvider } from '@/server/payments/test.provider';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { callCheckout, putInCart, shopper, type Shopper } from '../../../tests/checkout';
import { recordingMailer } from '../../../tests/accounts';
import type { Endpoint } from '@/domain/api/endpoint';
import type { EndpointCall } from '../../../tests/api';

let db: Db;
useFreshDatabase((d) => {
  db = d.db;
});
const call = <E extends Endpoint>(endpoint: E, options: EndpointCall<E> = {}) =>
  callCheckout(db, recordingMailer(), endpoint, { ...options, deps: { payments: createTestProvider(db), ...options.deps } });

describe('checkBusinessBuyer', () => {
  it('takes both or neither, the TRN as its 15 digits', () => {
    expect(checkBusinessBuyer('', '')).toEqual({ ok: true, value: null });
    expect(checkBusinessBuyer(undefined, '  ')).toEqual({ ok: true, value: null });
    expect(checkBusinessBuyer('  Gulf   Safes LLC ', '100-1234-5670 0003')).toEqual({
      ok: true,
      value: { company: 'Gulf Safes LLC', trn: '100123456700003' },
    });
    expect(checkBusinessBuyer('Gulf Safes LLC', '')).toEqual({ ok: false, errors: { trn: m.companyNeedsTrn } });
    expect(checkBusinessBuyer('', '100123456700003')).toEqual({ ok: false, errors: { company: m.trnNeedsCompany } });
    expect(checkBusinessBuyer('Gulf Safes LLC', '10012345670000')).toEqual({ ok: false, errors: { trn: m.trnInvalid } });
    expect(checkBusinessBuyer('Gulf Safes LLC', '1001234567000034')).toEqual({ ok: false, errors: { trn: m.trnInvalid } });
    expect(checkBusinessBuyer('Gulf Safes LLC', '10012345670000A')).toEqual({ ok: false, errors: { trn: m.trnInvalid } });
    expect(checkBusinessBuyer('x'.repeat(161), '100123456700003')).toEqual({ ok: false, errors: { company: m.companyTooLong } });
  });
});

async function withCart(): Promise<Shopper> {
  const s = await shopper(db);
  const p = await insertProduct(db, { unitPrice: 525_00, quantity: 20 });
  await putInCart(db, s.user.id, p.id, 1);
  return s;
}

const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('at checkout', () => {
  it('keeps the company and TRN on the order as given, and shows them in its details', async () => {
    const s = await withCart();
    const placed = await call(checkoutApi.cashOnDelivery, {
      as: s,
      body: { address_id: s.address.id, buyer_company: ' Gulf Safes Trading LLC ', buyer_trn: '100 1234 5670 0003' },
    });
    expect(placed.status).toBe(201);
    expect(await orderRow(placed.data.order_id)).toMatchObject({ buyerCompany: 'Gulf Safes Trading LLC', buyerTrn: '100123456700003' });
    const detail = await call(ordersApi.detail, { as: s, query: { order_id: placed.data.order_id } });
    expect(detail.data[0]).toMatchObject({ buyer_company: 'Gulf Safes Trading LLC', buyer_trn: '100123456700003' });
    // The profile changed later does not change the order.
    await call(accountsApi.updateBusinessDetails, { as: s, body: { company_name: 'Another LLC', company_trn: '100987654300003' } });
    expect((await orderRow(placed.data.order_id)).buyerCompany).toBe('Gulf Safes Trading LLC');
  });

  it('refuses half a business buyer or a bad TRN, naming the field, and places nothing', async () => {
    const s = await withCart();
    const cases: [Record<string, string>, string, string][] = [
      [{ buyer_company: 'Gulf Safes LLC' }, 'buyer_trn', m.companyNeedsTrn],
      [{ buyer_trn: '100123456700003' }, 'buyer_company', m.trnNeedsCompany],
      [{ buyer_company: 'Gulf Safes LLC', buyer_trn: '12345' }, 'buyer_trn', m.trnInvalid],
    ];
    for (const [fields, field, message] of cases) {
      const r = await call(checkoutApi.cashOnDelivery, { as: s, body: { address_id: s.address.id, ...fields } });
      expect(r.status).toBe(422);
      expect(r.fields[field]).toEqual([message]);
    }
    expect(await db.select().from(orders).where(eq(orders.userId, s.user.id))).toEqual([]);
  });

  it('lets a card order awaiting payment follow a business buyer added on the way back', async () => {
    const s = await withCart();
    const first = await call(checkoutApi.placeOrder, { as: s, body: { address_id: s.address.id } });
    expect(first.status).toBe(201);
    const again = await call(checkoutApi.placeOrder, {
      as: s,
      body: { address_id: s.address.id, buyer_company: 'Gulf Safes LLC', buyer_trn: '100123456700003' },
    });
    expect(again.data.order_id).toBe(first.data.order_id);
    expect(await orderRow(first.data.order_id)).toMatchObject({ buyerCompany: 'Gulf Safes LLC', buyerTrn: '100123456700003' });
  });
});

describe('in the profile', () => {
  it('saves, shows and removes the business details; both or neither', async () => {
    const s = await shopper(db);
    expect((await call(accountsApi.businessDetails, { as: s })).data).toEqual({ company_name: null, company_trn: null });
    const saved = await call(accountsApi.updateBusinessDetails, {
      as: s,
      body: { company_name: 'Gulf Safes Trading LLC', company_trn: '100-1234-5670-0003' },
    });
    expect(saved.data).toEqual({ company_name: 'Gulf Safes Trading LLC', company_trn: '100123456700003' });
    expect(saved.message).toBe(m.saved);
    expect((await call(accountsApi.businessDetails, { as: s })).data.company_trn).toBe('100123456700003');
    const half = await call(accountsApi.updateBusinessDetails, { as: s, body: { company_name: 'Only a name' } });
    expect(half.status).toBe(422);
    expect(half.fields.company_trn).toEqual([m.companyNeedsTrn]);
    const removed = await call(accountsApi.updateBusinessDetails, { as: s, body: { company_name: '', company_trn: '' } });
    expect(removed.data).toEqual({ company_name: null, company_trn: null });
    expect(removed.message).toBe(m.removed);
  });

  it('asks a guest to sign in', async () => {
    expect((await call(accountsApi.businessDetails, { as: null })).status).toBe(401);
  });
});
