// The back office's tax invoices and credit notes (docs/product.md#back-office-tax-invoices): the
// list at /admin/invoices, its filters, the accountant's CSV and the order page's documents.
import type { TaxInvoiceForm } from '../tax-invoice';

export const adminInvoicesMessages = {
  dateFormat: 'Enter a date as yyyy-mm-dd.',
  toBeforeFrom: 'The last day must not be before the first.',
  searchTooLong: 'Search for at most 100 characters.',
  unknownValue: 'Choose one of the offered values.',
  invoiceMissing: 'Tax invoice not found',
  creditNoteMissing: 'Credit note not found',
  found: 'Tax invoices and credit notes',
};

/** A document's kind as staff read it. */
export const taxDocumentKindLabels = {
  full: 'Tax invoice',
  simplified: 'Simplified tax invoice',
  credit_note: 'Credit note',
} as const satisfies Record<TaxInvoiceForm | 'credit_note', string>;

export const adminInvoicesTexts = {
  title: 'Tax invoices',
  intro: 'Every tax invoice and credit note the shop issued, newest first. Find one by its number, the order, the buyer or a TRN.',
  noTrn:
    'No tax invoices are issued: the shop’s TRN is not set. Set SHOP_TRN (15 digits) in the server’s environment and restart it; orders paid or delivered before then get no invoice.',
  noTrnTitle: 'Tax invoices are off',
  tabsLabel: 'Documents',
  tabs: { all: 'All', invoice: 'Tax invoices', credit_note: 'Credit notes' },
  search: 'Search',
  searchPlaceholder: 'INV-000042, order no., buyer or TRN',
  searchButton: 'Search',
  from: 'Issued from',
  to: 'Issued to',
  perPage: 'Per page',
  apply: 'Apply',
  clear: 'Clear all',
  export: 'Export CSV',
  exportLabel: 'Export the matching documents as CSV for the accountant',
  exportHelp: 'The CSV has every matching document, oldest first; credit notes have negative amounts.',
  count: (n: number) => `${n.toLocaleString('en-US')} document${n === 1 ? '' : 's'}`,
  empty: 'No tax invoice or credit note matches.',
  emptyNone: 'No tax invoice or credit note has been issued yet.',
  tableLabel: 'Tax invoices and credit notes',
  number: 'Number',
  type: 'Type',
  date: 'Date',
  order: 'Order',
  buyer: 'Buyer',
  trn: 'TRN',
  net: 'Net',
  vat: 'VAT',
  total: 'Total',
  amounts: 'Total (net, VAT)',
  links: 'Linked',
  download: 'PDF',
  downloadLabel: (number: string) => `Download ${number} as PDF`,
  orderNo: (id: number) => `#${id}`,
  openOrder: (id: number) => `Open order #${id}`,
  corrects: (number: string) => `Corrects ${number}`,
  creditedBy: 'Credit notes:',
  noTrnBuyer: '—',
  // The order page's section (src/pages/admin/orders/[id].astro).
  orderSection: 'Tax documents',
  orderNoInvoice: 'No tax invoice yet: it is issued when a card order is paid or a cash order is delivered.',
  reason: 'Reason',
  inList: 'Find in the list',
};

/** The accountant's CSV: its header row, in its column order (amounts in AED, credit notes negative). */
export const adminInvoicesCsvHeader = [
  'Number',
  'Date',
  'Type',
  'Corrects',
  'Order',
  'Buyer',
  'TRN',
  'Net (AED)',
  'VAT (AED)',
  'Total (AED)',
] as const;
