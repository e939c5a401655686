// The staff's tax invoices and credit notes (docs/product.md#back-office-tax-invoices), called as
// the world's admin by the contract test; the PDFs' examples issue their document first.
import type { Contract } from '@/domain/api/index';
import { insertUser } from '../accounts';
import { insertOrder } from '../admin-orders';
import { insertCreditNote, insertTaxInvoice } from '../tax-invoice-factory';
import type { Examples, World } from './world';

let counter = 0;
async function invoiced(world: World) {
  const buyer = await insertUser(world.db, { name: 'Contract Buyer', email: `contract.invoice.${++counter}@example.ae` });
  return insertTaxInvoice(world.db, await insertOrder(world.db, buyer), { buyerName: 'Contract Buyer' });
}

export const adminInvoicesExamples: Examples<Contract['adminInvoices']> = {
  list: () => ({ query: { type: 'all', q: 'Contract', from: '2026-01-01', page: 1, per_page: 25 } }),
  csv: () => ({ query: { type: 'credit_note', from: '2026-01-01', to: '2026-12-31' } }),
  invoicePdf: async (world) => ({ params: { id: (await invoiced(world)).id } }),
  creditNotePdf: async (world) => ({ params: { id: (await insertCreditNote(world.db, await invoiced(world))).id } }),
};
