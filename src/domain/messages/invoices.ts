// Tax invoices and credit notes (docs/decisions/0051-tax-invoices.md): the shopper's links, the
// reasons printed on credit notes, and the business buyer's fields at checkout and in the profile.
export const invoiceTexts = {
  downloadInvoice: 'Download tax invoice',
  invoiceTitle: 'Tax invoice',
  invoiceNumber: (number: string) => `Tax invoice ${number}`,
  creditNoteNumber: (number: string) => `Tax credit note ${number}`,
  documentsTitle: 'Tax documents',
  documentsIntro: 'Your tax invoice, and a credit note for each refund or cancellation after it.',
  notYetIssued: 'Your tax invoice is issued when the order is paid (card) or delivered (cash on delivery).',
  /** Printed on a credit note when staff gave no reason. */
  reasonCancelled: 'Order cancelled after invoicing',
  reasonRefund: 'Refund after invoicing',
  mailAttached: 'Your tax invoice is attached to this mail as a PDF.',
  mailCreditAttached: 'The tax credit note for this change is attached to this mail as a PDF.',
  notFound: 'No such tax document',
};

/** The business buyer: a company name and its TRN, both or neither. */
export const businessBuyerTexts = {
  legend: 'Buying for a VAT-registered business?',
  hint: 'Add the company name and its 15-digit TRN to get a full tax invoice in its name.',
  companyName: 'Company name',
  trn: 'TRN (tax registration number)',
  trnPlaceholder: '100123456700003',
  onOrder: 'Invoiced to',
  trnValue: (trn: string) => `TRN ${trn}`,
};

export const businessBuyerMessages = {
  trnInvalid: 'A TRN is 15 digits, like 100123456700003.',
  companyNeedsTrn: "Add the company's TRN too, or leave both empty.",
  trnNeedsCompany: 'Add the company name too, or leave both empty.',
  companyTooLong: 'A company name is at most 160 characters.',
  saved: 'Business details saved: your next orders start from them.',
  removed: 'Business details removed.',
};
