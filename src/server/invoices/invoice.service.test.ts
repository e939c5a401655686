// Issuing tax invoices and credit notes (docs/decisions/0051-tax-invoices.md): a card order's invoice
// when it is paid, a cash order's when it is delivered, in that change's transaction and once; the
// full or simplified form by the rules; the order's totals to the fil; gapless numbers per series
// (40 orders paid at once through two app instances on PostgreSQL, and a rolled-back issue); issued
// documents never changed; credit notes for refunds and cancellations, linked to their invoice; the
// PDF attached to the mail, through the real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { staffUsers } from '@/server/db/schema/staff';
import { orders, testPaymentIntents } from '@/server/db/schema/orders';
import { taxCreditNotes, taxDocumentSeries, taxInvoices } from '@/server/db/schema/invoices';
import { createTestProvider, settleTestIntent } from '@/server/payments/test.provider';
import type { PaymentProvider } from '@/server/payments/payment-provider';
import { confirmPayment, handlePaymentEvent, placeOrder, type Order, type OrderDeps } from '@/server/orders/order.service';
import { changeStatus, refundOrder, type AdminOrderDeps } from '@/server/admin-orders/order-admin.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { invoiceTexts } from '@/domain/messages/invoices';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { orderDeps, putInCart, shopper } from '../../../tests/checkout';
import { insertUser, recordingMailer } from '../../../tests/accounts';
import { insertOrder } from '../../../tests/admin-orders';
import { secondInstance } from '../../../tests/second-instance';
import { smtpMailer, startSmtpServer, type TestSmtpServer } from '../../../tests/smtp';
import { invoiceSettingsOf, type InvoiceSettings } from './invoice-settings';
import { creditNotesOfInvoice, invoiceOfOrder, issueInvoice, nextSequence } from './invoice.service';

let db: Db;
const database = useFreshDatabase((d) => {
  db = d.db;
});

const settings: InvoiceSettings = invoiceSettingsOf({
  SHOP_TRN: '100123456700003',
  SHOP_LEGAL_NAME: 'Safe Buddy Trading LLC',
  SHOP_LEGAL_ADDRESS: undefined,
  SHOP_ADDRESS: 'Office 1204, Al Saqr Business Tower\\nSheikh Zayed Road, Dubai, UAE',
  INVOICE_SERIES: 'INV',
  CREDIT_NOTE_SERIES: 'CN',
})!;

let staffSeq = 0;
async function staffMember(): Promise<StaffMember> {
  staffSeq++;
  const [row] = await db
    .insert(staffUsers)
    .values({ email: `staff${staffSeq}@safebuddy.test`, name: 'Layla', role: 'staff', passwordHash: 'x', totpSecret: 'JBSWY3DPEHPK3PXP' })
    .returning();
  return { id: row!.id, email: row!.email, name: row!.name, role: 'staff' };
}

function adminDeps(payments: PaymentProvider | null, invoicing: InvoiceSettings | null = settings) {
  const mailer = recordingMailer();
  return { db, mailer, shopName: 'Safe Buddy', siteUrl: 'https://shop.test', payments, invoicing } satisfies AdminOrderDeps;
}

const withInvoicing = <D extends OrderDeps>(deps: D, invoicing: InvoiceSettings | null = settings): D => ({ ...deps, invoicing });

async function paidCardOrder(
  invoicing: InvoiceSettings | null = settings,
  lines: [number, number][] = [
    [100_00, 2],
    [50_00, 1],
  ],
) {
  const s = await shopper(db);
  for (const [price, quantity] of lines) {
    const p = await insertProduct(db, { unitPrice: price, quantity: 100 });
    await putInCart(db, s.user.id, p.id, quantity);
  }
  const payments = createTestProvider(db);
  const deps = withInvoicing(orderDeps(db, payments), invoicing);
  const { order } = await placeOrder(deps, s.user, { addressId: s.address.id, paymentType: 'online' });
  const intentId = order.paymentIntentId!;
  const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
  await settleTestIntent(db, intentId, intent!.clientSecret, 'succeeded');
  const confirmed = await confirmPayment(deps, s.user, order.id, intentId);
  expect(confirmed.order.paymentStatus).toBe('paid');
  return { s, order: confirmed.order, deps, payments };
}

async function cashOrder() {
  const s = await shopper(db);
  const a = await insertProduct(db, { unitPrice: 100_00, quantity: 10 });
  const b = await insertProduct(db, { unitPrice: 50_00, discount: 10, quantity: 10 });
  await putInCart(db, s.user.id, a.id, 2);
  await putInCart(db, s.user.id, b.id, 3);
  const { order } = await placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery' });
  return { s, order };
}

async function deliver(deps: AdminOrderDeps, staff: StaffMember, order: Order): Promise<Order> {
  let version = order.version;
  for (const to of ['shipped', 'ontheway', 'delivered'] as const)
    version = (await changeStatus(deps, staff, order.id, { to, version })).order.version;
  return (await db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
}

const seriesNumber = async (series: string) =>
  (await db.select().from(taxDocumentSeries).where(eq(taxDocumentSeries.series, series)))[0]?.lastNumber ?? 0;

describe('when an invoice is issued', () => {
  it('issues none without the shop TRN, and the order is paid all the same', async () => {
    const { order } = await paidCardOrder(null);
    expect(await invoiceOfOrder(db, order.id)).toBeNull();
  });

  it("issues a card order's invoice when it is paid, once, with the order's totals, and attaches it to the confirmation", async () => {
    const { s, order, deps } = await paidCardOrder();
    const invoice = (await invoiceOfOrder(db, order.id))!;
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice.form).toBe('simplified');
    expect(invoice.grandTotal).toBe(order.grandTotal);
    const doc = invoice.document;
    expect(doc).toMatchObject({
      type: 'invoice',
      number: invoice.number,
      orderId: order.id,
      currency: 'AED',
      supplier: {
        name: 'Safe Buddy Trading LLC',
        trn: '100123456700003',
        address: ['Office 1204, Al Saqr Business Tower', 'Sheikh Zayed Road, Dubai, UAE'],
      },
      buyer: { name: s.address.name, address: [], trn: null },
      subtotal: order.subTotal,
      discount: order.discountAmount,
      vatTotal: order.taxAmount,
      grandTotal: order.grandTotal,
      supplyDate: null,
      corrects: null,
    });
    expect(doc.lines.map((l) => [l.quantity, l.grossAmount])).toEqual([
      [2, 200_00],
      [1, 50_00],
    ]);
    // The confirmation mail carries the PDF, rendered from the frozen document when it was sent.
    const mail = deps.mailer.to(s.user.email).at(-1)!;
    expect(mail.subject).toMatch(/confirmed/);
    expect(mail.text).toContain(invoiceTexts.mailAttached);
    expect(mail.html).toMatch(new RegExp(`<p style="margin:0 0 14px">${invoiceTexts.mailAttached}</p></td></tr>\\s*</table>`));
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]!.filename).toBe(`${invoice.number}.pdf`);
    expect(mail.attachments![0]!.contentType).toBe('application/pdf');
    expect(mail.attachments![0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // Confirming again (the success page reloaded, the webhook after it) issues nothing more.
    await confirmPayment(deps, s.user, order.id, order.paymentIntentId!);
    expect(await db.select().from(taxInvoices).where(eq(taxInvoices.orderId, order.id))).toHaveLength(1);
  });

  it("issues a cash order's invoice when staff mark it delivered, not before", async () => {
    const { order } = await cashOrder();
    const staff = await staffMember();
    const deps = adminDeps(null);
    const shipped = await changeStatus(deps, staff, order.id, { to: 'shipped', version: order.version });
    expect(await invoiceOfOrder(db, order.id)).toBeNull();
    await changeStatus(deps, staff, order.id, { to: 'ontheway', version: shipped.order.version });
    expect(await invoiceOfOrder(db, order.id)).toBeNull();
    const before = (await db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    await changeStatus(deps, staff, order.id, { to: 'delivered', version: before.version });
    const invoice = (await invoiceOfOrder(db, order.id))!;
    expect(invoice.grandTotal).toBe(order.grandTotal);
    expect(invoice.document.lines[1]).toMatchObject({ quantity: 3, discountPercent: 10 });
    const mail = deps.mailer.sent.at(-1)!;
    expect(mail.attachments?.map((a) => a.filename)).toEqual([`${invoice.number}.pdf`]);
  });

  it('issues a full invoice to a VAT-registered buyer, in the company name with its TRN and address', async () => {
    const { order } = await cashOrder();
    await db.update(orders).set({ buyerCompany: 'Gulf Safes Trading LLC', buyerTrn: '100987654300003' }).where(eq(orders.id, order.id));
    const staff = await staffMember();
    await deliver(adminDeps(null), staff, (await db.select().from(orders).where(eq(orders.id, order.id)))[0]!);
    const invoice = (await invoiceOfOrder(db, order.id))!;
    expect(invoice.form).toBe('full');
    expect(invoice.buyerName).toBe('Gulf Safes Trading LLC');
    expect(invoice.buyerTrn).toBe('100987654300003');
    expect(invoice.document.buyer).toMatchObject({ name: 'Gulf Safes Trading LLC', trn: '100987654300003' });
    expect(invoice.document.buyer!.address).toContain('Dubai, Dubai');
  });

  it('issues a full invoice above AED 10,000 to a consumer, simplified at AED 10,000', async () => {
    const { order } = await paidCardOrder(settings, [[10_000_01, 1]]);
    const invoice = (await invoiceOfOrder(db, order.id))!;
    expect(invoice.form).toBe('full');
    expect(invoice.buyerTrn).toBeNull();
    expect(invoice.document.buyer!.address.length).toBeGreaterThan(0);
    const { order: exact } = await paidCardOrder(settings, [[10_000_00, 1]]);
    expect((await invoiceOfOrder(db, exact.id))!.form).toBe('simplified');
  });

  it('never changes or deletes an issued invoice', async () => {
    const { order } = await paidCardOrder();
    expect(await refusal(db.update(taxInvoices).set({ buyerName: 'Someone else' }).where(eq(taxInvoices.orderId, order.id)))).toMatch(
      /tax_invoices rows are never changed/,
    );
    expect(await refusal(db.delete(taxInvoices).where(eq(taxInvoices.orderId, order.id)))).toMatch(/tax_invoices rows are never changed/);
    expect((await invoiceOfOrder(db, order.id))!.buyerName).not.toBe('Someone else');
  });
});

describe('numbering', () => {
  it('gives a rolled-back issue its number back: no gap', async () => {
    const user = await insertUser(db);
    const a = await insertOrder(db, user, { paymentType: 'cash_on_delivery' });
    const b = await insertOrder(db, user, { paymentType: 'cash_on_delivery' });
    const before = await seriesNumber('RB');
    const rb = { ...settings, invoiceSeries: 'RB' };
    await expect(
      db.transaction(async (tx) => {
        await issueInvoice(tx, rb, a, 'delivered', new Date());
        throw new Error('the delivery failed after the invoice');
      }),
    ).rejects.toThrow(/delivery failed/);
    expect(await invoiceOfOrder(db, a.id)).toBeNull();
    const issued = await db.transaction((tx) => issueInvoice(tx, rb, b, 'delivered', new Date()));
    expect(issued!.number).toBe(`RB-${String(before + 1).padStart(6, '0')}`);
  });

  it('numbers 40 card orders paid at once through two instances 1 to 40, no gap, no duplicate', async () => {
    const other = await secondInstance(database.handle);
    try {
      const user = await insertUser(db);
      const par = { ...settings, invoiceSeries: 'PAR' };
      const placed = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          insertOrder(db, user, {
            paymentType: 'online',
            paymentIntentId: `pi_parallel_${i}_${Date.now()}`,
            lines: [['Safe', 1, 1_050_00 + i]],
          }),
        ),
      );
      const results = await Promise.all(
        placed.map((order, i) => {
          const instance = i % 2 === 0 ? db : other.db;
          const deps: OrderDeps = { db: instance, mailer: recordingMailer(), shopName: 'Safe Buddy', payments: null, invoicing: par };
          return handlePaymentEvent(deps, {
            kind: 'succeeded',
            eventId: `evt_parallel_${order.id}`,
            intent: {
              id: order.paymentIntentId!,
              status: 'succeeded',
              amount: order.grandTotal,
              currency: 'aed',
              orderId: order.id,
              clientSecret: null,
            },
          });
        }),
      );
      expect(results.every((r) => r === 'handled')).toBe(true);
      const rows = await db.select().from(taxInvoices).where(eq(taxInvoices.series, 'PAR'));
      expect(rows.map((r) => r.sequence).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(new Set(rows.map((r) => r.orderId)).size).toBe(40);
      expect(await seriesNumber('PAR')).toBe(40);
    } finally {
      await other.close();
    }
  });

  it('takes the next number of a series, creating it on first use', async () => {
    const [n1, n2] = await db.transaction(async (tx) => [await nextSequence(tx, 'NEW'), await nextSequence(tx, 'NEW')]);
    expect([n1, n2]).toEqual([1, 2]);
  });
});

describe('credit notes', () => {
  it('credits a refund by line of a delivered cash order, then the rest, linked to the invoice and adding up to it', async () => {
    const { order } = await cashOrder();
    const staff = await staffMember();
    const deps = adminDeps(null);
    const delivered = await deliver(deps, staff, order);
    const invoice = (await invoiceOfOrder(db, order.id))!;
    const [first] = await db.select().from(orders).where(eq(orders.id, order.id));
    const view = await refundOrder(deps, staff, order.id, {
      version: first!.version,
      lines: [{ lineId: (await lineIds(order.id))[1]!, quantity: 1 }],
      note: 'One safe came back scratched',
    });
    const [note1] = await creditNotesOfInvoice(db, invoice.id);
    expect(note1).toMatchObject({ invoiceId: invoice.id, orderId: order.id, reason: 'One safe came back scratched' });
    expect(note1!.number).toMatch(/^CN-\d{6}$/);
    expect(note1!.grandTotal).toBe(view.refunds[0]!.amount);
    expect(note1!.refundId).toBe(view.refunds[0]!.id);
    expect(note1!.document).toMatchObject({ type: 'credit_note', corrects: { number: invoice.number }, buyer: invoice.document.buyer });
    expect(note1!.document.lines).toHaveLength(1);
    expect(note1!.document.lines[0]).toMatchObject({ quantity: 1, invoiceLine: 1 });
    expect(deps.mailer.sent.at(-1)!.attachments?.map((a) => a.filename)).toEqual([`${note1!.number}.pdf`]);
    await refundOrder(deps, staff, order.id, { version: view.order.version, full: true });
    const notes = await creditNotesOfInvoice(db, invoice.id);
    expect(notes).toHaveLength(2);
    expect(notes[1]!.reason).toBe(invoiceTexts.reasonRefund);
    const sum = (pick: (n: (typeof notes)[number]) => number) => notes.reduce((s, n) => s + pick(n), 0);
    expect(sum((n) => n.grandTotal)).toBe(invoice.grandTotal);
    expect(sum((n) => n.vatTotal)).toBe(invoice.vatTotal);
    expect(sum((n) => n.netTotal)).toBe(invoice.netTotal);
    expect(delivered.grandTotal).toBe(invoice.grandTotal);
    expect(await refusal(db.update(taxCreditNotes).set({ reason: 'x' }).where(eq(taxCreditNotes.id, notes[0]!.id)))).toMatch(
      /tax_credit_notes rows are never changed/,
    );
  });

  it('credits all that is left when a paid card order is cancelled after invoicing', async () => {
    const { order, payments } = await paidCardOrder();
    const staff = await staffMember();
    const deps = adminDeps(payments);
    await changeStatus(deps, staff, order.id, { to: 'cancelled', version: order.version, note: 'Out of stock at the warehouse' });
    const invoice = (await invoiceOfOrder(db, order.id))!;
    const notes = await creditNotesOfInvoice(db, invoice.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!).toMatchObject({
      grandTotal: invoice.grandTotal,
      vatTotal: invoice.vatTotal,
      reason: 'Out of stock at the warehouse',
    });
  });

  it('issues none for an order that was never invoiced', async () => {
    const { order, payments } = await paidCardOrder(null);
    const staff = await staffMember();
    await changeStatus(adminDeps(payments), staff, order.id, { to: 'cancelled', version: order.version });
    expect(await db.select().from(taxCreditNotes).where(eq(taxCreditNotes.orderId, order.id))).toHaveLength(0);
  });
});

describe('the mail', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('arrives over SMTP with the invoice attached as a PDF', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { unitPrice: 420_00, quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    const payments = createTestProvider(db);
    const deps = { ...orderDeps(db, payments), mailer: smtpMailer(smtp), invoicing: settings };
    const { order } = await placeOrder(deps, s.user, { addressId: s.address.id, paymentType: 'online' });
    const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, order.paymentIntentId!));
    await settleTestIntent(db, intent!.id, intent!.clientSecret, 'succeeded');
    await confirmPayment(deps, s.user, order.id, intent!.id);
    const invoice = (await invoiceOfOrder(db, order.id))!;
    const received = smtp.lastTo(s.user.email);
    expect(received.parsed.subject).toMatch(/confirmed/);
    const pdf = attachmentOf(received.raw, `${invoice.number}.pdf`);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
  });
});

/** The database's refusal of a statement, with its cause (drizzle wraps the error). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (e) {
    return String(e) + String((e as { cause?: unknown }).cause);
  }
  return 'not refused';
}

const lineIds = async (orderId: number) =>
  (
    (await db.execute(sql`select id from order_lines where order_id = ${orderId} order by id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((r) => Number(r.id));

/** The decoded body of the MIME part named `filename` (nodemailer writes attachments in base64). */
function attachmentOf(raw: string, filename: string): Buffer {
  const text = raw.replace(/\r\n/g, '\n');
  const boundary = /boundary="?([^";\n]+)"?/.exec(text)?.[1];
  if (!boundary) throw new Error('not a multipart mail');
  const parts = text.split(`--${boundary}`);
  const part = parts.find((p) => p.includes(`filename=${filename}`) || p.includes(`filename="${filename}"`));
  if (!part) throw new Error(`no attachment ${filename}`);
  const [head, ...body] = part.split('\n\n');
  expect(head).toMatch(/content-type: application\/pdf/i);
  expect(head).toMatch(/content-transfer-encoding: base64/i);
  return Buffer.from(body.join('\n\n').replace(/\s+/g, ''), 'base64');
}
