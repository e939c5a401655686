// The shop as the supplier on its tax invoices (docs/decisions/0051-tax-invoices.md#settings): its TRN,
// legal name and address, and the two numbering series, from the validated configuration. No TRN,
// no tax invoices: the settings are then null, nothing is issued, and the back office says so.
import type { Config } from '@/server/config';

export interface InvoiceSettings {
  /** The shop's TRN, 15 digits. */
  trn: string;
  legalName: string;
  /** The supplier's address as printed, one line per part. */
  legalAddress: string[];
  /** Prefix of the invoices' numbers (INV -> INV-000001). */
  invoiceSeries: string;
  /** Prefix of the credit notes' numbers (CN -> CN-000001). */
  creditNoteSeries: string;
}

type InvoiceConfig = Pick<
  Config,
  'SHOP_TRN' | 'SHOP_LEGAL_NAME' | 'SHOP_LEGAL_ADDRESS' | 'SHOP_ADDRESS' | 'INVOICE_SERIES' | 'CREDIT_NOTE_SERIES'
>;

/** The address lines: the setting split at its line breaks (a `\n` typed in the environment counts as one). */
export function addressLines(address: string): string[] {
  return address
    .split(/\r?\n|\\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The invoicing settings, or null without SHOP_TRN. SHOP_LEGAL_ADDRESS defaults to SHOP_ADDRESS. */
export function invoiceSettingsOf(c: InvoiceConfig): InvoiceSettings | null {
  if (!c.SHOP_TRN) return null;
  return {
    trn: c.SHOP_TRN,
    legalName: c.SHOP_LEGAL_NAME,
    legalAddress: addressLines(c.SHOP_LEGAL_ADDRESS ?? c.SHOP_ADDRESS),
    invoiceSeries: c.INVOICE_SERIES,
    creditNoteSeries: c.CREDIT_NOTE_SERIES,
  };
}
